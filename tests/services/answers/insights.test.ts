import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { answerInsights } from "~/services/answers/insights.server";
import { shopDomain } from "../../helpers/factories";

const NOW = new Date("2026-11-26T15:00:00Z");
let n = 0;

async function answered(
  shop: string,
  answer: string,
  answeredAt: string,
  options: { flowId?: string; waitMinutes?: number; source?: string } = {},
) {
  const at = new Date(answeredAt);
  await prisma.orderAnswer.create({
    data: {
      shop,
      orderId: `gid://shopify/Order/${++n}`,
      answer,
      answeredAt: at,
      flowId: options.flowId ?? "f_101",
      source: options.source ?? "callback",
      waitingSince: options.waitMinutes === undefined ? null : new Date(at.getTime() - options.waitMinutes * 60_000),
    },
  });
}

describe("answer insights", () => {
  it("counts answers per day of the shop's calendar, per flow, and the time to answer", async () => {
    const shop = shopDomain();
    // 03:00 UTC on the 26th is still the 25th in Bogotá (UTC-5).
    await answered(shop, "confirmed", "2026-11-26T03:00:00Z", { waitMinutes: 10 });
    await answered(shop, "confirmed", "2026-11-26T14:00:00Z", { waitMinutes: 30 });
    await answered(shop, "refused", "2026-11-26T14:30:00Z", { waitMinutes: 120, flowId: "f_202" });
    await answered(shop, "no_answer", "2026-11-26T14:40:00Z", { waitMinutes: 1440, source: "timeout" });
    // Outside the window, and another shop's.
    await answered(shop, "confirmed", "2026-11-10T14:00:00Z");
    await answered(shopDomain(), "refused", "2026-11-26T14:00:00Z");

    const insights = await answerInsights(shop, 7, "America/Bogota", NOW);
    expect(insights.series).toHaveLength(7);
    expect(insights.series.at(-2)).toEqual({ day: "2026-11-25", confirmed: 1, refused: 0, noAnswer: 0 });
    expect(insights.series.at(-1)).toEqual({ day: "2026-11-26", confirmed: 1, refused: 1, noAnswer: 1 });
    expect(insights.flows).toEqual([
      { flowId: "f_101", confirmed: 2, refused: 0, noAnswer: 1, confirmationRate: 2 / 3 },
      { flowId: "f_202", confirmed: 0, refused: 1, noAnswer: 0, confirmationRate: 0 },
    ]);
    // The timeout's day-long wait is not an answer time.
    expect(insights.timeToAnswer).toEqual({ count: 3, p50Ms: 30 * 60_000, p95Ms: 120 * 60_000 });
  });

  it("an empty window has its days and no figures", async () => {
    const insights = await answerInsights(shopDomain(), 7, "UTC", NOW);
    expect(insights.series.every((day) => day.confirmed + day.refused + day.noAnswer === 0)).toBe(true);
    expect(insights.flows).toEqual([]);
    expect(insights.timeToAnswer).toEqual({ count: 0, p50Ms: null, p95Ms: null });
  });
});
