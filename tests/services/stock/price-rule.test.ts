import { describe, expect, it } from "vitest";
import { planPrice, priceRuleOf, roundPrice, rulePrice } from "~/services/stock/price-rule";

const rule = { marginBps: 18_000, fixedAmount: 0, rounding: "nearest_100" as const, setCompareAt: false };

describe("the price rule", () => {
  it.each([
    [12_349, "nearest_100", 12_300],
    [12_350, "nearest_100", 12_400],
    [59_000, "ends_900", 59_900],
    [59_900, "ends_900", 59_900],
    [59_901, "ends_900", 60_900],
    [120, "ends_900", 900],
    [12_345.678, "none", 12_345.68],
  ] as const)("rounds %d (%s) to %d", (amount, rounding, expected) => {
    expect(roundPrice(amount, rounding)).toBe(expected);
  });

  it("multiplies by the margin, adds the fixed amount, then rounds", () => {
    expect(rulePrice({ ...rule, fixedAmount: 2_000 }, 33_333)).toBe(62_000);
  });

  it("leaves the compare-at price alone unless asked, then moves it by the price's ratio", () => {
    const variant = { price: "50000.00", compareAtPrice: "100000.00" };
    expect(planPrice(rule, 30_000, variant)).toEqual({ before: "50000.00", after: "54000.00", compareAtAfter: null });
    expect(planPrice({ ...rule, setCompareAt: true }, 30_000, variant)?.compareAtAfter).toBe("108000.00");
    expect(
      planPrice({ ...rule, setCompareAt: true }, 30_000, { price: "1.00", compareAtPrice: null })?.compareAtAfter,
    ).toBeNull();
  });

  it("plans nothing when the price already is the rule's", () => {
    expect(planPrice(rule, 30_000, { price: "54000.00", compareAtPrice: null })).toBeNull();
  });

  it("is off unless the merchant turned it on", () => {
    const settings = {
      priceRuleOn: false,
      marginBps: 15_000,
      fixedAmount: 0,
      rounding: "ends_900",
      setCompareAt: false,
    };
    expect(priceRuleOf(settings)).toBeNull();
    expect(priceRuleOf({ ...settings, priceRuleOn: true })?.rounding).toBe("ends_900");
  });
});
