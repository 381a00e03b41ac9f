import { carrierKey, PACE_STAGES, type CarrierPace, type PaceStage } from "../../lib/carrier-pace";

/**
 * When an open supplier order is asked about (docs/decisions/328): polling looks for the pushes that were lost,
 * not for freshness. An order is asked only once it has been quiet longer than its carrier usually takes at its
 * stage (the shop's pace table, decision 303) plus a margin, i.e. when a push looks overdue; then again no sooner
 * than the token's budget allows for all its open orders. Pure, so the schedule is read and tested in one place.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Past the carrier's usual days, how much longer an order may stay quiet before it looks late. */
export const QUIET_MARGIN_MS = 6 * HOUR;
/**
 * Orders with no carrier stage yet (at the supplier, or known only from the automation's callback with no status):
 * the marketplace labels an order within a day, so a day without news is when its first push looks lost.
 */
export const BEFORE_CARRIER_QUIET_MS = DAY;
/** However few the open orders, one is not asked more often than this. */
export const SHORTEST_INTERVAL_MS = 15 * MINUTE;
/** An order the marketplace does not know under this token is asked again only daily (a moved account, a typo). */
export const NOT_FOUND_AGAIN_MS = DAY;

export interface ScheduledOrder {
  supplierOrderId: string;
  stage: string;
  carrier: string | null;
  stageSince: Date | null;
  lastEventAt: Date | null;
  openIncident: string | null;
  incidentSince: Date | null;
  lastPolledAt: Date | null;
  createdAt: Date;
}

/**
 * The shortest time between two polls of one order: the budget of an hour spread over every open order of the
 * token, so every order that looks late is asked within that time even when all of them do.
 */
export function pollIntervalMs(openOrders: number, budgetPerMinute: number) {
  return Math.max(SHORTEST_INTERVAL_MS, Math.ceil((openOrders / (budgetPerMinute * 60)) * HOUR));
}

/** A few percent more, fixed per order, so orders polled together are not all due in the same minute again. */
function spread(supplierOrderId: string, everyMs: number) {
  let hash = 0;
  for (const char of supplierOrderId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return Math.round(((hash % 1000) / 1000) * everyMs * 0.1);
}

/** When the order's next push looks overdue: its last news, plus its carrier's usual days there, plus the margin. */
export function looksLateAt(order: ScheduledOrder, pace: CarrierPace): Date {
  const stage = (order.openIncident ? "incident" : order.stage) as PaceStage;
  const paced = (PACE_STAGES as readonly string[]).includes(stage);
  // The time the app first saw the order stands in only while it has no status at all (the callback's order).
  const news = [order.lastEventAt, order.openIncident ? order.incidentSince : order.stageSince]
    .filter((at): at is Date => at !== null)
    .map((at) => at.getTime());
  const lastNews = news.length ? Math.max(...news) : order.createdAt.getTime();
  const usualMs = paced ? pace[carrierKey(order.carrier)][stage] * DAY : BEFORE_CARRIER_QUIET_MS;
  return new Date(lastNews + usualMs + QUIET_MARGIN_MS);
}

/** When the order is due: once it looks late, and never sooner than the interval after its last poll. */
export function pollDueAt(order: ScheduledOrder, pace: CarrierPace, intervalMs: number): Date {
  const late = looksLateAt(order, pace).getTime();
  const again = order.lastPolledAt
    ? order.lastPolledAt.getTime() + intervalMs + spread(order.supplierOrderId, intervalMs)
    : 0;
  return new Date(Math.max(late, again));
}
