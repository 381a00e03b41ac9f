/**
 * The optional price rule (docs/decisions/231): the supplier's price times a margin, plus a fixed amount, rounded
 * the way the merchant prices. Pure, so the settings page previews exactly what a sync would set.
 */

export const ROUNDINGS = ["none", "nearest_100", "ends_900"] as const;
export type Rounding = (typeof ROUNDINGS)[number];

export interface PriceRule {
  /** Margin in basis points: 1.8x is 18000. */
  marginBps: number;
  /** Added after the margin, in the shop's currency. */
  fixedAmount: number;
  rounding: Rounding;
  /** Moves the compare-at price by the same ratio as the price (never set when the variant has none). */
  setCompareAt: boolean;
}

export function priceRuleOf(settings: {
  priceRuleOn: boolean;
  marginBps: number;
  fixedAmount: number;
  rounding: string;
  setCompareAt: boolean;
}): PriceRule | null {
  if (!settings.priceRuleOn) return null;
  const rounding = (ROUNDINGS as readonly string[]).includes(settings.rounding)
    ? (settings.rounding as Rounding)
    : "nearest_100";
  return {
    marginBps: settings.marginBps,
    fixedAmount: settings.fixedAmount,
    rounding,
    setCompareAt: settings.setCompareAt,
  };
}

/** Rounds an amount the merchant's way: to the nearest 100, or up to the next amount ending in 900. */
export function roundPrice(amount: number, rounding: Rounding): number {
  if (rounding === "nearest_100") return Math.round(amount / 100) * 100;
  // Up, never down: a price ending in 900 never falls below the margin the rule asks for.
  if (rounding === "ends_900") return Math.max(900, Math.ceil((amount - 900) / 1000) * 1000 + 900);
  return Math.round(amount * 100) / 100;
}

/** The store price the rule gives for a supplier price. */
export function rulePrice(rule: PriceRule, supplierPrice: number): number {
  const raw = (supplierPrice * rule.marginBps) / 10_000 + rule.fixedAmount;
  return Math.max(0, roundPrice(raw, rule.rounding));
}

const money = (amount: number) => amount.toFixed(2);

/** The change the rule makes to one variant, or null when its price already is the rule's. */
export function planPrice(
  rule: PriceRule,
  supplierPrice: number,
  variant: { price: string; compareAtPrice: string | null },
): { before: string; after: string; compareAtAfter: string | null } | null {
  const after = rulePrice(rule, supplierPrice);
  const before = Number(variant.price);
  if (Number.isFinite(before) && Math.abs(before - after) < 0.005) return null;
  let compareAtAfter: string | null = null;
  const compareAt = variant.compareAtPrice === null ? NaN : Number(variant.compareAtPrice);
  if (rule.setCompareAt && Number.isFinite(compareAt) && before > 0) {
    compareAtAfter = money(roundPrice((compareAt * after) / before, rule.rounding));
  }
  return { before: money(before), after: money(after), compareAtAfter };
}
