import prisma from "../../db.server";
import { readBuyerSummary } from "../../lib/buyer-summary";
import type { BlocklistSuggestion } from "../../lib/phone-blocklist";
import { normalisePhone } from "./phone.server";

/**
 * Phones worth blocking, from this shop's own history (docs/decisions/337): those with two or more orders either
 * returned by the carrier (the supplier's journey ended returned or rejected at the door) or refused by the buyer
 * (the answer on WhatsApp), not blocked yet. The phone is the one the order's delivery kept (`Delivery.buyer`), read
 * as the worker reads it; orders whose data the retention erased no longer count. Bounded: the most recent
 * outcomes only, so a long history costs the card no more than a few indexed reads.
 */

const RETURN_STAGES = ["returned", "rejected"];
const RECENT_OUTCOMES = 2_000;
const MIN_BAD_ORDERS = 2;
const MAX_SUGGESTIONS = 20;

export async function blocklistSuggestions(shop: string, country: string | null): Promise<BlocklistSuggestion[]> {
  const [returned, refused] = await Promise.all([
    prisma.supplierOrder.findMany({
      where: { shop, stage: { in: RETURN_STAGES }, orderId: { not: null } },
      select: { orderId: true },
      orderBy: { updatedAt: "desc" },
      take: RECENT_OUTCOMES,
    }),
    prisma.orderAnswer.findMany({
      where: { shop, answer: "refused" },
      select: { orderId: true },
      orderBy: { answeredAt: "desc" },
      take: RECENT_OUTCOMES,
    }),
  ]);
  const returnedIds = new Set(returned.map((row) => row.orderId!));
  const refusedIds = new Set(refused.map((row) => row.orderId));
  const orderIds = [...new Set([...returnedIds, ...refusedIds])];
  if (!orderIds.length) return [];
  const deliveries = await prisma.delivery.findMany({
    where: { shop, topic: "orders/create", orderId: { in: orderIds }, buyer: { not: null } },
    select: { orderId: true, buyer: true },
  });
  const counts = new Map<string, { returns: Set<string>; refusals: Set<string> }>();
  for (const delivery of deliveries) {
    const buyer = readBuyerSummary(delivery.buyer);
    const phone = normalisePhone(buyer?.phone ?? null, [buyer?.countryCode, country]).e164;
    if (!phone || !delivery.orderId) continue;
    const entry = counts.get(phone) ?? { returns: new Set<string>(), refusals: new Set<string>() };
    if (returnedIds.has(delivery.orderId)) entry.returns.add(delivery.orderId);
    if (refusedIds.has(delivery.orderId)) entry.refusals.add(delivery.orderId);
    counts.set(phone, entry);
  }
  const blocked = new Set(
    (await prisma.blockedPhone.findMany({ where: { shop }, select: { phone: true } })).map((row) => row.phone),
  );
  return [...counts]
    .map(([phone, entry]) => ({
      phone,
      returns: entry.returns.size,
      refusals: entry.refusals.size,
      bad: new Set([...entry.returns, ...entry.refusals]).size,
    }))
    .filter((entry) => entry.bad >= MIN_BAD_ORDERS && !blocked.has(entry.phone))
    .sort((a, b) => b.bad - a.bad || a.phone.localeCompare(b.phone))
    .slice(0, MAX_SUGGESTIONS)
    .map(({ phone, returns, refusals }) => ({ phone, returns, refusals }));
}
