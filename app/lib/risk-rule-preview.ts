/**
 * How many of the last 30 days' scored orders scored each value (index 0 to 100), so the risk rule's card can say,
 * as the merchant types a threshold, how many of them the rule would have acted on.
 */
export interface RiskScoreCounts {
  /** The first instant counted: the shop's local midnight 29 days before today. */
  since: string;
  byScore: number[];
}

/** The orders scoring `threshold` or more, of those counted. */
export function ordersAtOrAbove(counts: RiskScoreCounts, threshold: number): number {
  const from = Math.max(0, Math.min(100, Math.ceil(threshold)));
  return counts.byScore.slice(from).reduce((sum, n) => sum + n, 0);
}

export const scoredOrders = (counts: RiskScoreCounts) => counts.byScore.reduce((sum, n) => sum + n, 0);
