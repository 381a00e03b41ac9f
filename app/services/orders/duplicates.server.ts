import { createHash } from "node:crypto";
import prisma from "../../db.server";
import { MAX_DUPLICATE_WINDOW_MINUTES } from "../../lib/order-rules";

/**
 * Duplicate hints (docs/decisions/223): the same buyer (their phone in E.164) ordering the same items (variant or
 * SKU and quantity, in any order) within the shop's window is likely the same order placed twice. Compared by a
 * digest, so no phone number is kept for it.
 */
export function orderFingerprint(
  phoneE164: string,
  lineItems: { variantId: string | null; sku: string | null; name: string | null; quantity: number }[],
) {
  const items = lineItems
    .map((item) => `${item.variantId ?? item.sku ?? item.name ?? "?"}x${item.quantity}`)
    .sort()
    .join(",");
  return createHash("sha256").update(`${phoneE164}|${items}`).digest("hex");
}

/**
 * Records this order's fingerprint, then returns the name of an earlier order of the shop with the same one within
 * the window (the newest), or null. Recorded first: two orders placed together (a double submit) are sent by one
 * claim at once, and each then sees the other, so the later one is the duplicate. A replay finds only other orders.
 */
export async function earlierDuplicate(
  delivery: { id: string; shop: string; orderName: string | null; createdAt: Date },
  fingerprint: string,
  windowMinutes: number,
) {
  await prisma.orderFingerprint.upsert({
    where: { deliveryId: delivery.id },
    create: {
      deliveryId: delivery.id,
      shop: delivery.shop,
      fingerprint,
      orderName: delivery.orderName,
      createdAt: delivery.createdAt,
    },
    update: {},
  });
  const since = new Date(delivery.createdAt.getTime() - windowMinutes * 60_000);
  const twins = await prisma.orderFingerprint.findMany({
    where: { shop: delivery.shop, fingerprint, createdAt: { gte: since, lte: delivery.createdAt } },
    orderBy: [{ createdAt: "desc" }, { deliveryId: "desc" }],
    select: { orderName: true, deliveryId: true, createdAt: true },
    take: 20,
  });
  // Earlier: created before, or at the same instant with a smaller id (a stable order both sides agree on).
  const earlier = twins.find(
    (twin) =>
      twin.createdAt < delivery.createdAt ||
      (twin.createdAt.getTime() === delivery.createdAt.getTime() && twin.deliveryId < delivery.id),
  );
  return earlier ? (earlier.orderName ?? earlier.deliveryId) : null;
}

/** Fingerprints older than the longest window a merchant may set are of no more use. Returns how many went. */
export async function purgeOldFingerprints(now: Date) {
  const before = new Date(now.getTime() - MAX_DUPLICATE_WINDOW_MINUTES * 60_000);
  return (await prisma.orderFingerprint.deleteMany({ where: { createdAt: { lt: before } } })).count;
}
