import { randomBytes } from "node:crypto";
import prisma from "../../db.server";
import { env } from "../../env.server";

/** docs/decisions/031-temporary-theme-archives.md */
export const SERVE_FOR_MS = 5 * 60_000;
export const DELETE_AFTER_MS = 10 * 60_000;
/** How often the scheduler (app/bootstrap.server.ts) sweeps. */
export const SWEEP_EVERY_MS = 60_000;
// 32 random bytes: 256 bits, as 43 base64url characters.
const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface TemporaryThemeFile {
  id: string;
  url: string;
  expiresAt: Date;
}

/** Keeps an archive where every instance of the app can serve it, for SERVE_FOR_MS. */
export async function storeTemporaryThemeFile(
  shop: string,
  zip: Buffer,
  now = new Date(),
): Promise<TemporaryThemeFile> {
  const id = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SERVE_FOR_MS);
  await prisma.temporaryThemeFile.create({
    data: {
      id,
      shop,
      data: new Uint8Array(zip),
      size: zip.length,
      expiresAt,
      deleteAfter: new Date(now.getTime() + DELETE_AFTER_MS),
      createdAt: now,
    },
  });
  return { id, url: temporaryThemeUrl(id), expiresAt };
}

export function temporaryThemeUrl(id: string) {
  return `${env().PLATFORM_APP_URL}/api/theme/download/${id}`;
}

/** The archive's bytes while it may still be served; null for an unknown, malformed or expired id. */
export async function findServableThemeFile(id: string, now = new Date()): Promise<Uint8Array | null> {
  if (!ID_PATTERN.test(id)) return null;
  const file = await prisma.temporaryThemeFile.findFirst({
    where: { id, expiresAt: { gt: now } },
    select: { data: true },
  });
  return file?.data ?? null;
}

/** Removes one archive at once (nobody will download an archive the platform refused). */
export async function discardTemporaryThemeFile(id: string): Promise<void> {
  await prisma.temporaryThemeFile.deleteMany({ where: { id } });
}

/** Removes the archives past their removal time; returns how many. */
export async function sweepTemporaryThemeFiles(now = new Date()): Promise<number> {
  const { count } = await prisma.temporaryThemeFile.deleteMany({ where: { deleteAfter: { lte: now } } });
  return count;
}
