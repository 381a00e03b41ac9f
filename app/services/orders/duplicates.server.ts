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
 * What an order without a usable phone is recorded with: no digest (always 64 hex digits) equals it, and being
 * recorded, the order is not read and parsed again by every later check of the window.
 */
const NO_FINGERPRINT = "none";

/** The fingerprint of another stored order of the shop, from its body; null when it has no usable phone. */
export type FingerprintOf = (order: { payload: string | null }) => string | null;

/**
 * Records this order's fingerprint, then returns the name of an earlier order of the shop with the same one within
 * the window (the newest), or null. The later order of two is the duplicate; a replay finds only other orders.
 * Two orders placed together (a double submit) are checked by two workers at once, and the later one may be
 * checked first: so the check also fingerprints, from their stored bodies, the window's earlier orders not checked
 * yet, and it runs in one transaction that first takes the shop's rules row (a row lock on PostgreSQL; SQLite's
 * transaction has the connection to itself), so two checks of one shop never miss each other.
 */
export async function earlierDuplicate(
  delivery: { id: string; shop: string; orderName: string | null; createdAt: Date },
  fingerprint: string,
  windowMinutes: number,
  fingerprintOf: FingerprintOf,
) {
  const since = new Date(delivery.createdAt.getTime() - windowMinutes * 60_000);
  const twins = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`UPDATE "OrderRules" SET "shop" = "shop" WHERE "shop" = ${delivery.shop}`;
    const record = (order: { id: string; orderName: string | null; createdAt: Date }, print: string) =>
      tx.orderFingerprint.upsert({
        where: { deliveryId: order.id },
        create: {
          deliveryId: order.id,
          shop: delivery.shop,
          fingerprint: print,
          orderName: order.orderName,
          createdAt: order.createdAt,
        },
        update: {},
      });
    await record(delivery, fingerprint);
    // The window's orders without a fingerprint yet, by NOT EXISTS: a list of the recorded ones would grow with
    // the window and the shop's order rate, a parameter each.
    const unchecked = await tx.$queryRaw<
      { id: string; orderName: string | null; createdAt: Date | string; payload: string }[]
    >`
      SELECT "id", "orderName", "createdAt", "payload" FROM "Delivery"
      WHERE "shop" = ${delivery.shop} AND "topic" = 'orders/create' AND "payload" IS NOT NULL
        AND "createdAt" >= ${since} AND "createdAt" <= ${delivery.createdAt}
        AND NOT EXISTS (SELECT 1 FROM "OrderFingerprint" WHERE "OrderFingerprint"."deliveryId" = "Delivery"."id")`;
    for (const order of unchecked) {
      const checked = { ...order, createdAt: new Date(order.createdAt) };
      await record(checked, fingerprintOf(checked) ?? NO_FINGERPRINT);
    }
    return tx.orderFingerprint.findMany({
      where: { shop: delivery.shop, fingerprint, createdAt: { gte: since, lte: delivery.createdAt } },
      orderBy: [{ createdAt: "desc" }, { deliveryId: "desc" }],
      select: { orderName: true, deliveryId: true, createdAt: true },
      take: 20,
    });
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
