import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { AppError } from "~/lib/http.server";
import { exportOutcomes } from "~/services/outcomes/export.server";
import { outcomeInsights } from "~/services/outcomes/insights.server";
import { projectOutcomes } from "~/services/outcomes/project.server";
import { createDelivery, restOrder, shopDomain } from "../../helpers/factories";

// 20:30 on 28 November in Bogotá (UTC-5): already the 29th in UTC. The shop's today is the 28th.
const EVENING = new Date("2026-11-29T01:30:00Z");

let shops = 0;

/** A Bogotá shop with one order at 20:00 of its 28th (01:00 UTC on the 29th) and one on its 27th. */
async function bogotaShop() {
  const shop = shopDomain();
  await prisma.shopTimeZone.create({ data: { shop, timeZone: "America/Bogota", fetchedAt: EVENING } });
  // Order ids are unique across shops (the platform's are): each shop's own.
  const base = 7_100_000 + 10 * ++shops;
  for (const [n, at] of [
    [1, "2026-11-29T01:00:00Z"],
    [2, "2026-11-27T15:00:00Z"],
  ] as const) {
    const order = restOrder({ id: base + n, name: `#${base + n}` });
    await createDelivery(shop, { order, status: "delivered", createdAt: new Date(at) });
  }
  await projectOutcomes();
  return shop;
}

describe("the outcomes' period in the shop's days", () => {
  it("counts an evening order in Bogotá on the shop's day, though UTC has already turned", async () => {
    const shop = await bogotaShop();
    const today = await outcomeInsights(shop, { from: "2026-11-28", to: "2026-11-28" }, EVENING);
    expect(today).toMatchObject({ from: "2026-11-28", to: "2026-11-28", today: "2026-11-28", refusal: null });
    expect(today.totals.orders).toBe(1);
    const twoDays = await outcomeInsights(shop, { from: "2026-11-27", to: "2026-11-28" }, EVENING);
    expect(twoDays.days.map(({ day, orders }) => [day, orders])).toEqual([
      ["2026-11-27", 1],
      ["2026-11-28", 1],
    ]);
  });

  it("refuses the 29th as a day still to come in the shop, and shows the last 7 of its days instead", async () => {
    const shop = await bogotaShop();
    const asked = await outcomeInsights(shop, { from: "2026-11-29", to: "2026-11-29" }, EVENING);
    expect(asked.refusal).toEqual({ problem: "future", field: "from", value: "2026-11-29" });
    expect(asked).toMatchObject({ from: "2026-11-22", to: "2026-11-28" });
    expect(asked.totals.orders).toBe(2);
    // Nothing asked: the last 7 days (or the chart's 30), with no refusal.
    expect(await outcomeInsights(shop, {}, EVENING)).toMatchObject({ from: "2026-11-22", refusal: null });
    expect(await outcomeInsights(shop, { days: 30 }, EVENING)).toMatchObject({ from: "2026-10-30", refusal: null });
  });

  it("says why a link's period is not one: half, not a day, reversed, too long", async () => {
    const shop = await bogotaShop();
    const refusal = async (from: string | null, to: string | null) =>
      (await outcomeInsights(shop, { from, to }, EVENING)).refusal;
    expect(await refusal("2026-11-20", null)).toMatchObject({ problem: "half", field: "to" });
    expect(await refusal("2026-11-31", "2026-11-28")).toMatchObject({ problem: "notADay", field: "from" });
    expect(await refusal("2026-11-28", "2026-11-20")).toMatchObject({ problem: "reversed" });
    expect(await refusal("2026-08-28", "2026-11-28")).toMatchObject({ problem: "tooLong" });
    // What the page repeats of a bad value is short.
    expect((await refusal("x".repeat(500), "2026-11-28"))?.value).toHaveLength(40);
  });

  it("exports the asked days, and refuses a period the page would refuse", async () => {
    const shop = await bogotaShop();
    const file = await exportOutcomes(shop, { from: "2026-11-28", to: "2026-11-28" }, "es", EVENING);
    expect(file.fileName).toMatch(/-2026-11-28-2026-11-28\.csv$/);
    const error = await exportOutcomes(shop, { from: "2026-11-27", to: "2026-11-29" }, "es", EVENING).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 400, code: "period_invalid", field: "to" });
  });
});
