/**
 * When an open supplier order is asked about again (docs/decisions/304): an order that moved recently moves again
 * soon, a quiet one rarely does. Pure, so the schedule is read and tested in one place.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How long an order has been quiet, then how long until it is asked again. The last row covers the rest. */
export const POLL_INTERVALS: readonly { quietUnderMs: number; everyMs: number }[] = [
  { quietUnderMs: 6 * HOUR, everyMs: 15 * MINUTE },
  { quietUnderMs: 24 * HOUR, everyMs: HOUR },
  { quietUnderMs: 72 * HOUR, everyMs: 3 * HOUR },
  { quietUnderMs: Number.POSITIVE_INFINITY, everyMs: 12 * HOUR },
];

/** An order the marketplace does not know under this token is asked again only daily (a moved account, a typo). */
export const NOT_FOUND_AGAIN_MS = 24 * HOUR;

/** A few percent more, fixed per order, so orders heard of together are not all due in the same minute again. */
function spread(supplierOrderId: string, everyMs: number) {
  let hash = 0;
  for (const char of supplierOrderId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return Math.round(((hash % 1000) / 1000) * everyMs * 0.1);
}

export function nextPollAt(
  order: { supplierOrderId: string; lastEventAt: Date | null; stageSince: Date | null; createdAt: Date },
  now: Date,
): Date {
  const moved = Math.max(
    order.lastEventAt?.getTime() ?? 0,
    order.stageSince?.getTime() ?? 0,
    order.createdAt.getTime(),
  );
  const quietMs = Math.max(0, now.getTime() - moved);
  const { everyMs } = POLL_INTERVALS.find((row) => quietMs < row.quietUnderMs)!;
  return new Date(now.getTime() + everyMs + spread(order.supplierOrderId, everyMs));
}
