import { describe, expect, it } from "vitest";
import { ordersAtOrAbove, scoredOrders } from "~/lib/risk-rule-preview";
import { riskScoreCounts } from "~/services/risk/rule-preview.server";
import { saveOrderRisk } from "~/services/risk/store.server";
import { storeShopTimeZone } from "~/services/shops/time-zone.server";
import { shopDomain } from "../../helpers/factories";

// Noon in Bogotá on 2026-11-28: the window starts at Bogotá's midnight of 2026-10-30, 05:00 UTC.
const NOW = new Date("2026-11-28T17:00:00Z");

async function scored(shop: string, id: number, score: number, scoredAt: string) {
  const level = score >= 70 ? "high" : score >= 40 ? "medium" : "low";
  await saveOrderRisk({
    shop,
    orderId: `gid://shopify/Order/${id}`,
    score,
    level,
    reasons: [],
    scoredAt: new Date(scoredAt),
  });
}

describe("the risk rule's preview on the last 30 days", () => {
  it("counts the shop's scores by value from the shop's midnight 29 days back, and what a threshold would catch", async () => {
    const shop = shopDomain();
    const other = shopDomain();
    await storeShopTimeZone(shop, "America/Bogota", NOW);
    await scored(shop, 1, 82, "2026-11-28T15:00:00Z");
    await scored(shop, 2, 70, "2026-11-10T12:00:00Z");
    await scored(shop, 3, 69, "2026-11-01T12:00:00Z");
    await scored(shop, 4, 12, "2026-10-30T05:00:00Z"); // Bogotá's midnight: the first instant counted
    await scored(shop, 5, 95, "2026-10-30T04:59:00Z"); // 23:59 the day before in Bogotá: out (in by UTC's day)
    await scored(other, 6, 99, "2026-11-28T15:00:00Z"); // another shop's

    const counts = await riskScoreCounts(shop, NOW);
    expect(counts.since).toBe("2026-10-30T05:00:00.000Z");
    expect(scoredOrders(counts)).toBe(4);
    expect(counts.byScore[82] + counts.byScore[70] + counts.byScore[69] + counts.byScore[12]).toBe(4);
    expect(counts.byScore[95]).toBe(0);
    expect(ordersAtOrAbove(counts, 70)).toBe(2);
    expect(ordersAtOrAbove(counts, 69)).toBe(3);
    expect(ordersAtOrAbove(counts, 83)).toBe(0);
    expect(ordersAtOrAbove(counts, 1)).toBe(4);
  });
});
