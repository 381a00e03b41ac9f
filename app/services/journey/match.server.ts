import prisma from "../../db.server";
import { readBuyerSummary } from "../../lib/buyer-summary";
import { normalisePhone } from "../screening/phone.server";
import { toPlatformGid } from "../platform/gid";
import { getShopSettings } from "../shops/configuration.server";

/** How far before the supplier order a store order may have been placed to match by phone and total. */
export const PHONE_MATCH_WINDOW_DAYS = 7;
// Digits of the number compared in the log's search key before each candidate is read in full.
const PHONE_TAIL_DIGITS = 7;
const MAX_CANDIDATES = 50;

export interface StoreOrderMatch {
  orderId: string;
  orderName: string | null;
  matchedBy: "shop_order_id" | "phone_total";
}

export interface MatchClues {
  /** The marketplace's `shop_order_id`: the store order's numeric id, its gid, or its name ("#1001", "1001"). */
  shopOrderRef?: string | null;
  /** The buyer's phone as the marketplace has it (any format). */
  phone?: string | null;
  total?: string | null;
  /** When the supplier order was first heard of: the window ends here. */
  near: Date;
}

const ORDER_FIELDS = { orderId: true, orderName: true } as const;

/** The shop's store order a reference names: by id (numeric or gid) first, then by name (docs/decisions/322). */
async function byReference(shop: string, reference: string) {
  const ref = reference.trim();
  const gid = toPlatformGid(ref, "Order") ?? (/^\d+$/.test(ref) ? `gid://shopify/Order/${ref}` : null);
  if (gid) {
    const found = await prisma.delivery.findFirst({ where: { shop, orderId: gid }, select: ORDER_FIELDS });
    if (found?.orderId) return found;
  }
  if (ref.startsWith("gid:")) return null;
  const name = ref.startsWith("#") ? ref : `#${ref}`;
  const named = await prisma.delivery.findFirst({
    where: { shop, orderName: name, orderId: { not: null } },
    select: ORDER_FIELDS,
  });
  return named?.orderId ? named : null;
}

const sameAmount = (a: string | null, b: string | null | undefined) =>
  a !== null && b != null && Number.isFinite(Number(a)) && Math.abs(Number(a) - Number(b)) < 0.005;

/**
 * The one store order placed within the window whose buyer's phone (E.164, read in the order's country, else the
 * supplier's) and total are the marketplace's. Two or more such orders: no match, a wrong one would be worse.
 */
async function byPhoneAndTotal(shop: string, clues: MatchClues) {
  if (!clues.phone || !clues.total) return null;
  const country = (await getShopSettings(shop))?.supplierCountry ?? null;
  const phone = normalisePhone(clues.phone, [country]).e164;
  if (!phone) return null;
  const since = new Date(clues.near.getTime() - PHONE_MATCH_WINDOW_DAYS * 86_400_000);
  const candidates = await prisma.delivery.findMany({
    where: {
      shop,
      topic: "orders/create",
      orderId: { not: null },
      createdAt: { gte: since, lte: clues.near },
      searchKey: { contains: phone.slice(-PHONE_TAIL_DIGITS) },
    },
    select: { ...ORDER_FIELDS, buyer: true },
    orderBy: { createdAt: "desc" },
    take: MAX_CANDIDATES,
  });
  const matching = candidates.filter((delivery) => {
    const buyer = readBuyerSummary(delivery.buyer);
    if (!buyer || !sameAmount(buyer.total, clues.total)) return false;
    return normalisePhone(buyer.phone, [buyer.countryCode, country]).e164 === phone;
  });
  const orders = new Set(matching.map((delivery) => delivery.orderId));
  return orders.size === 1 ? matching[0] : null;
}

/** The store order a supplier order belongs to, or null: it is then kept and shown unmatched. */
export async function matchStoreOrder(shop: string, clues: MatchClues): Promise<StoreOrderMatch | null> {
  if (clues.shopOrderRef?.trim()) {
    const found = await byReference(shop, clues.shopOrderRef);
    if (found?.orderId) return { orderId: found.orderId, orderName: found.orderName, matchedBy: "shop_order_id" };
  }
  const found = await byPhoneAndTotal(shop, clues);
  return found?.orderId ? { orderId: found.orderId, orderName: found.orderName, matchedBy: "phone_total" } : null;
}
