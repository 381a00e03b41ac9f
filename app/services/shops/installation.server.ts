import prisma from "../../db.server";

/**
 * When the app was installed on the shop (docs/decisions/131): recorded by the first authentication after an
 * install and kept through later ones (token refreshes, re-authentications); the uninstall deletes it with the
 * rest of the shop's data, so a reinstall starts afresh.
 */
export async function recordInstallation(shop: string, now = new Date()) {
  await prisma.shopInstallation.upsert({ where: { shop }, create: { shop, installedAt: now }, update: {} });
}

/** The install time, or null for a shop the app has no record of. */
export async function installedAt(shop: string): Promise<Date | null> {
  const row = await prisma.shopInstallation.findUnique({ where: { shop }, select: { installedAt: true } });
  return row?.installedAt ?? null;
}
