import { createHash } from "node:crypto";
import { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import { MAX_DUPLICATE_WINDOW_MINUTES } from "../../lib/order-rules";
import { buildOrderPayload } from "../../lib/payloads.server";
import { buyerPhone } from "./phone.server";

/**
 * Duplicate hints (docs/decisions/223): the same buyer (their phone in E.164) ordering the same items (variant or
 * SKU and quantity, in any order) within the shop's window is likely the same order placed twice. Compared by a
 * digest, so no phone number is kept for it.
 */
/** What of a line item tells one order's items from another's (the payload's line items carry these). */
export interface FingerprintItem {
  variantId: string | null;
  sku: string | null;
  name: string | null;
  quantity: number;
}

export function orderFingerprint(phoneE164: string, lineItems: FingerprintItem[]) {
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
export const NO_FINGERPRINT = "none";

/** A stored order's fingerprint, read from its body as its own check reads it; NO_FINGERPRINT without a phone. */
export function storedOrderFingerprint(shop: string, payload: string | null, country: string | null) {
  const body = JSON.parse(payload ?? "{}") as unknown;
  const phone = buyerPhone(body, country);
  if (!phone.e164) return NO_FINGERPRINT;
  const items = buildOrderPayload(body, { shop, callbackUrl: "", callbackApiKey: "" }).lineItems;
  return orderFingerprint(phone.e164, items);
}

/**
 * The earlier orders one check fingerprints itself (docs/decisions/288): those received up to an hour before it and
 * not checked yet, at most this many. That covers a double submit whose first order another worker is checking at
 * this moment; the rest of the window (a backlog from before the rule was on) is fingerprinted in batches outside
 * the orders' path (./fingerprint-backlog.server.ts), so a check costs the same whatever the backlog.
 */
export const RECENT_UNCHECKED_MS = 60 * 60_000;
export const RECENT_UNCHECKED_MAX = 50;

export interface UncheckedOrder {
  id: string;
  orderName: string | null;
  createdAt: Date;
  payload: string;
}

/** The shop's orders received in [from, until] without a fingerprint, newest first. */
export async function uncheckedOrders(shop: string, from: Date, until: Date, limit: number) {
  const rows = await prisma.$queryRaw<(Omit<UncheckedOrder, "createdAt"> & { createdAt: Date | string })[]>`
    SELECT "id", "orderName", "createdAt", "payload" FROM "Delivery"
    WHERE "shop" = ${shop} AND "topic" = 'orders/create' AND "payload" IS NOT NULL
      AND "createdAt" >= ${from} AND "createdAt" <= ${until}
      AND NOT EXISTS (SELECT 1 FROM "OrderFingerprint" WHERE "OrderFingerprint"."deliveryId" = "Delivery"."id")
    ORDER BY "createdAt" DESC, "id" DESC
    LIMIT ${limit}`;
  return rows.map((row): UncheckedOrder => ({ ...row, createdAt: new Date(row.createdAt) }));
}

/** Records fingerprints in one statement; one already recorded (by its own check, or another batch) is kept. */
export async function recordFingerprints(
  shop: string,
  orders: { id: string; orderName: string | null; createdAt: Date; fingerprint: string }[],
) {
  if (!orders.length) return 0;
  const rows = orders.map(
    (order) => Prisma.sql`(${order.id}, ${shop}, ${order.fingerprint}, ${order.orderName}, ${order.createdAt})`,
  );
  return prisma.$executeRaw`
    INSERT INTO "OrderFingerprint" ("deliveryId", "shop", "fingerprint", "orderName", "createdAt")
    VALUES ${Prisma.join(rows)}
    ON CONFLICT ("deliveryId") DO NOTHING`;
}

/**
 * Records this order's fingerprint, then returns the name of an earlier order of the shop with the same one within
 * the window (the newest), or null. The later order of two is the duplicate; a replay finds only other orders.
 * Two orders placed together (a double submit) are checked by two workers at once, and the later one may be
 * checked first: so the check also records the recent earlier orders no check has recorded yet. That needs no
 * transaction, and none holds SQLite's one connection: the earlier order is either recorded before the later one's
 * read (then its look-up, after, sees it) or read as unrecorded and recorded by the later one itself. On
 * PostgreSQL an insert that meets the other check's uncommitted row waits for it, then does nothing.
 */
export async function earlierDuplicate(
  delivery: { id: string; shop: string; orderName: string | null; createdAt: Date },
  fingerprint: string,
  windowMinutes: number,
  country: string | null,
) {
  const since = new Date(delivery.createdAt.getTime() - windowMinutes * 60_000);
  const recentSince = new Date(Math.max(since.getTime(), delivery.createdAt.getTime() - RECENT_UNCHECKED_MS));
  const recent = (await uncheckedOrders(delivery.shop, recentSince, delivery.createdAt, RECENT_UNCHECKED_MAX + 1))
    .filter((order) => order.id !== delivery.id)
    .slice(0, RECENT_UNCHECKED_MAX)
    .map((order) => ({ ...order, fingerprint: storedOrderFingerprint(delivery.shop, order.payload, country) }));
  await recordFingerprints(delivery.shop, [{ ...delivery, fingerprint }, ...recent]);
  // Earlier: created before, or at the same instant with a smaller id (a stable order both sides agree on).
  const earlier = await prisma.orderFingerprint.findFirst({
    where: {
      shop: delivery.shop,
      fingerprint,
      createdAt: { gte: since, lte: delivery.createdAt },
      OR: [
        { createdAt: { lt: delivery.createdAt } },
        { createdAt: delivery.createdAt, deliveryId: { lt: delivery.id } },
      ],
    },
    orderBy: [{ createdAt: "desc" }, { deliveryId: "desc" }],
    select: { orderName: true, deliveryId: true },
  });
  return earlier ? (earlier.orderName ?? earlier.deliveryId) : null;
}

/** Fingerprints older than the longest window a merchant may set are of no more use. Returns how many went. */
export async function purgeOldFingerprints(now: Date) {
  const before = new Date(now.getTime() - MAX_DUPLICATE_WINDOW_MINUTES * 60_000);
  return (await prisma.orderFingerprint.deleteMany({ where: { createdAt: { lt: before } } })).count;
}
