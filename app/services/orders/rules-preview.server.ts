import prisma from "../../db.server";
import { readBuyerSummary } from "../../lib/buyer-summary";
import type { OrderRules } from "../../lib/order-rules";
import { withinSendingHoursTest } from "../../lib/sending-hours";
import { addDays, localDayOf, startOfLocalDay } from "../../lib/time-zone";
import type { RulesPreview } from "../../lib/rules-preview";
import { normalisePhone } from "../screening/phone.server";

/**
 * Draft order rules tried on the shop's own recent orders before they are saved (docs/decisions/337): how many of the
 * orders received in the last 30 days, by the shop's calendar (today and the 29 days before, in its time zone),
 * each rule would have caught. Read from what the log keeps of each order (`Delivery.buyer`: the phone as typed,
 * its country, the products), one indexed read of two columns, at most PREVIEW_MAX_ORDERS rows; no platform call.
 * A likely duplicate is the same phone and the same products (titles and quantities: what the summary keeps) within
 * the draft's window, as the worker's check compares variants.
 */

export const PREVIEW_DAYS = 30;
export const PREVIEW_MAX_ORDERS = 30_000;

export async function previewOrderRules(
  shop: string,
  draft: OrderRules,
  timeZone: string,
  now = new Date(),
): Promise<RulesPreview> {
  const since = startOfLocalDay(addDays(localDayOf(now, timeZone), -(PREVIEW_DAYS - 1)), timeZone);
  const [rows, blocked] = await Promise.all([
    prisma.delivery.findMany({
      where: { shop, topic: "orders/create", test: false, createdAt: { gte: since, lte: now } },
      select: { createdAt: true, buyer: true },
      orderBy: { createdAt: "desc" },
      take: PREVIEW_MAX_ORDERS + 1,
    }),
    prisma.blockedPhone.findMany({ where: { shop }, select: { phone: true } }),
  ]);
  const capped = rows.length > PREVIEW_MAX_ORDERS;
  const orders = rows.slice(0, PREVIEW_MAX_ORDERS).reverse();
  const blockedSet = new Set(blocked.map((row) => row.phone));
  const windowMs = draft.duplicateWindowMinutes * 60_000;
  const lastSeen = new Map<string, number>();
  const counts = { noMobile: 0, duplicates: 0, outsideHours: 0, blockedPhones: 0 };
  const withinHours = withinSendingHoursTest(draft.sendingHours, timeZone);
  // A buyer who orders again types the number the same way: read each distinct number once.
  const phones = new Map<string, ReturnType<typeof normalisePhone>>();
  const phoneOf = (raw: string | null, country: string | null) => {
    const key = `${country ?? ""}|${raw ?? ""}`;
    let phone = phones.get(key);
    if (!phone) phones.set(key, (phone = normalisePhone(raw, [draft.phoneCountry, country])));
    return phone;
  };
  for (const order of orders) {
    const at = order.createdAt.getTime();
    if (draft.sendingHours.on && !withinHours(order.createdAt)) counts.outsideHours++;
    const buyer = readBuyerSummary(order.buyer);
    const phone = phoneOf(buyer?.phone ?? null, buyer?.countryCode ?? null);
    if (!phone.usableMobile) counts.noMobile++;
    if (!phone.e164) continue;
    if (blockedSet.has(phone.e164)) counts.blockedPhones++;
    if (!windowMs) continue;
    const products = (buyer?.products ?? []).map((item) => `${item.title}x${item.quantity}`).sort();
    const key = `${phone.e164}|${products.join(",")}`;
    const earlier = lastSeen.get(key);
    if (earlier !== undefined && at - earlier <= windowMs) counts.duplicates++;
    lastSeen.set(key, at);
  }
  return { since: since.toISOString(), orders: orders.length, capped, ...counts };
}
