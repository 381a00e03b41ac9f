import type { StockChange } from "./sync-plan";

/**
 * A quantity the store changed between the sync's read and its write (a sale, a return): the write was refused as
 * CHANGE_FROM_QUANTITY_STALE, the sync read it again, and decides again here. The store's own movement since the
 * first read is kept on top of the supplier's count, so a sale made meanwhile is never written over; null when
 * there is nothing left to write (docs/decisions/281).
 */
export function decideAgain(change: StockChange, current: number | null): StockChange | null {
  if (current === null) return null;
  const movedInStore = current - change.before;
  const after = Math.max(0, change.after + movedInStore);
  return after === current ? null : { ...change, before: current, after };
}
