import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { deliveryInsights, groupLowerEdge, percentilesOf, windowDays } from "~/services/deliveries/insights.server";
import { storeShopTimeZone } from "~/services/shops/time-zone.server";
import { translate } from "~/i18n";
import { pluralKey } from "~/i18n/plural";
import { loader } from "~/routes/app.insights/route";
import { createDelivery, createSession, shopDomain } from "../helpers/factories";
import { adminRequest } from "../helpers/requests";
import { mockPlatform } from "../mocks/platform";

const NOW = new Date("2026-11-23T15:00:00Z");
const at = (iso: string) => new Date(iso);

describe("delivery insights", () => {
  it("counts delivered, retrying, failed and flow-failed deliveries per day (UTC for a shop whose zone is unknown), every day of the window present", async () => {
    const shop = shopDomain();
    const other = shopDomain();
    await createDelivery(shop, { status: "delivered", createdAt: at("2026-11-17T00:00:00Z") });
    await createDelivery(shop, { status: "delivered", createdAt: at("2026-11-23T14:00:00Z") });
    await createDelivery(shop, { status: "retrying", createdAt: at("2026-11-23T01:00:00Z") });
    await createDelivery(shop, { status: "dead", createdAt: at("2026-11-22T23:59:59Z") });
    await createDelivery(shop, { status: "flow_failed", createdAt: at("2026-11-22T10:00:00Z") });
    // Outside the window, another status, another shop: not counted.
    await createDelivery(shop, { status: "delivered", createdAt: at("2026-11-16T23:59:59Z") });
    await createDelivery(shop, { status: "queued", createdAt: at("2026-11-23T10:00:00Z") });
    await createDelivery(other, { status: "dead", createdAt: at("2026-11-23T10:00:00Z") });

    const insights = await deliveryInsights(shop, 7, NOW);
    expect(insights.since).toBe("2026-11-17T00:00:00.000Z");
    expect(insights.series.map((point) => point.day)).toEqual([
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
    ]);
    expect(insights.series[0]).toEqual({ day: "2026-11-17", delivered: 1, retrying: 0, failed: 0, flowFailed: 0 });
    expect(insights.series[5]).toEqual({ day: "2026-11-22", delivered: 0, retrying: 0, failed: 1, flowFailed: 1 });
    expect(insights.series[6]).toEqual({ day: "2026-11-23", delivered: 1, retrying: 1, failed: 0, flowFailed: 0 });
    expect((await deliveryInsights(shop, 30, NOW)).series).toHaveLength(30);
  });

  it("leaves test orders (the loop test's) out of every figure", async () => {
    const shop = shopDomain();
    const delivered = {
      status: "delivered",
      flowId: "f_101",
      callbackStatus: "success",
      createdAt: at("2026-11-23T10:00:00Z"),
      deliveredAt: at("2026-11-23T10:00:01Z"),
    };
    await createDelivery(shop, delivered);
    await createDelivery(shop, { ...delivered, test: true });
    await createDelivery(shop, { ...delivered, status: "dead", deliveredAt: null, test: true });

    const insights = await deliveryInsights(shop, 7, NOW);
    expect(insights.series[6]).toMatchObject({ delivered: 1, failed: 0 });
    expect(insights.flows).toEqual([{ flowId: "f_101", triggered: 1, confirmed: 1, failed: 0, confirmationRate: 1 }]);
    expect(insights.orderToTrigger.count).toBe(1);
  });

  it("gives each flow's confirmation rate among its triggered orders", async () => {
    const shop = shopDomain();
    const delivered = {
      status: "delivered",
      deliveredAt: at("2026-11-23T10:00:01Z"),
      createdAt: at("2026-11-23T10:00:00Z"),
    };
    await createDelivery(shop, { ...delivered, flowId: "f_101", callbackStatus: "success" });
    await createDelivery(shop, { ...delivered, flowId: "f_101", callbackStatus: "completed" });
    await createDelivery(shop, { ...delivered, flowId: "f_101", callbackStatus: "error" });
    await createDelivery(shop, { ...delivered, flowId: "f_101", callbackStatus: null });
    await createDelivery(shop, { ...delivered, flowId: "f_202", status: "flow_failed", callbackStatus: "failed" });
    // Never triggered: not in the rate.
    await createDelivery(shop, { status: "dead", flowId: "f_202", createdAt: at("2026-11-23T10:00:00Z") });

    const { flows } = await deliveryInsights(shop, 7, NOW);
    expect(flows).toEqual([
      { flowId: "f_101", triggered: 4, confirmed: 2, failed: 1, confirmationRate: 0.5 },
      { flowId: "f_202", triggered: 1, confirmed: 0, failed: 1, confirmationRate: 0 },
    ]);
  });

  it("measures order webhook to accepted trigger as p50 and p95, for orders only", async () => {
    const shop = shopDomain();
    const base = at("2026-11-23T10:00:00Z").getTime();
    // 20 orders triggered after 100, 200, ... 2000 ms.
    for (let i = 1; i <= 20; i++) {
      await createDelivery(shop, {
        status: "delivered",
        createdAt: new Date(base),
        deliveredAt: new Date(base + i * 100),
      });
    }
    // A checkout waits an hour on purpose: not an order's time to trigger.
    await createDelivery(shop, {
      topic: "checkouts/create",
      status: "delivered",
      createdAt: new Date(base),
      deliveredAt: new Date(base + 3_600_000),
    });
    const { orderToTrigger } = await deliveryInsights(shop, 7, NOW);
    expect(orderToTrigger).toEqual({ count: 20, p50Ms: 1000, p95Ms: 1900 });
  });

  it("answers empty insights for a shop without deliveries", async () => {
    const insights = await deliveryInsights(shopDomain(), 7, NOW);
    expect(insights.flows).toEqual([]);
    expect(insights.orderToTrigger).toEqual({ count: 0, p50Ms: null, p95Ms: null });
    expect(insights.series.every((point) => point.delivered + point.failed === 0)).toBe(true);
    expect(await prisma.delivery.count()).toBe(0);
  });
});

describe("insights in the shop's time zone", () => {
  it("cuts the days at the shop's midnight: an evening order in Bogotá counts for its own day", async () => {
    const shop = shopDomain();
    await storeShopTimeZone(shop, "America/Bogota", NOW);
    // 20:00 on the 22nd in Bogotá (the 23rd in UTC), 23:59 on the 16th (before the window), 00:00 on the 17th.
    await createDelivery(shop, { status: "delivered", createdAt: at("2026-11-23T01:00:00Z") });
    await createDelivery(shop, { status: "dead", createdAt: at("2026-11-17T04:59:59Z") });
    await createDelivery(shop, { status: "dead", createdAt: at("2026-11-17T05:00:00Z") });
    await createDelivery(shop, { status: "retrying", createdAt: at("2026-11-23T14:59:00Z") });

    const insights = await deliveryInsights(shop, 7, NOW);
    expect(insights.timeZone).toBe("America/Bogota");
    expect(insights.since).toBe("2026-11-17T05:00:00.000Z");
    expect(insights.series.map((point) => point.day)).toEqual([
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
    ]);
    expect(insights.series[0]).toMatchObject({ delivered: 0, failed: 1 });
    expect(insights.series[5]).toMatchObject({ delivered: 1, failed: 0 });
    expect(insights.series[6]).toMatchObject({ delivered: 0, retrying: 1 });
    expect(insights.series.reduce((sum, point) => sum + point.failed, 0)).toBe(1);
  });

  it("gives the page the zone the platform names for the shop", async () => {
    const shop = shopDomain();
    await createSession(shop);
    mockPlatform(shop, { ShopTimeZone: () => ({ shop: { ianaTimezone: "America/Mexico_City" } }) });
    const week = await loader({ request: await adminRequest("/app/insights", shop), params: {}, context: {} });
    expect(week.timeZone).toBe("America/Mexico_City");
  });
});

describe("insight arithmetic", () => {
  it("starts the window at the shop's midnight, today included", () => {
    expect(windowDays(1, NOW, "UTC").starts[0].toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(windowDays(30, NOW, "UTC").starts[0].toISOString()).toBe("2026-10-25T00:00:00.000Z");
    const bogota = windowDays(7, new Date("2026-11-24T03:00:00Z"), "America/Bogota");
    expect(bogota.names.at(-1)).toBe("2026-11-23");
    expect(bogota.starts.map((start) => start.toISOString())).toEqual(
      ["17", "18", "19", "20", "21", "22", "23"].map((day) => `2026-11-${day}T05:00:00.000Z`),
    );
  });

  it("reads a two-significant-digit group as its lower edge", () => {
    expect(groupLowerEdge(1, 7)).toBe(7);
    expect(groupLowerEdge(2, 42)).toBe(42);
    expect(groupLowerEdge(4, 12)).toBe(1200);
  });

  it("finds the group holding each percentile", () => {
    expect(
      percentilesOf([
        { ms: 1200, n: 1 },
        { ms: 100, n: 18 },
        { ms: 5000, n: 1 },
      ]),
    ).toEqual({
      count: 20,
      p50Ms: 100,
      p95Ms: 1200,
    });
  });
});

describe("the insights page's loader", () => {
  it("answers the signed-in shop's insights for 7 days, or 30 when asked", async () => {
    const shop = shopDomain();
    await createSession(shop);
    await createDelivery(shop, { status: "dead" });
    const week = await loader({ request: await adminRequest("/app/insights", shop), params: {}, context: {} });
    expect(week.days).toBe(7);
    expect(week.series.at(-1)?.failed).toBe(1);
    const month = await loader({ request: await adminRequest("/app/insights?days=30", shop), params: {}, context: {} });
    expect(month.series).toHaveLength(30);
  });
});

describe("plural forms", () => {
  it("picks one and other by Intl.PluralRules in English and Spanish", async () => {
    expect(translate("en", pluralKey("en", "insights.days", 1), { count: 1 })).toBe("Last 1 day");
    expect(translate("en", pluralKey("en", "insights.days", 7), { count: 7 })).toBe("Last 7 days");
    expect(translate("es", pluralKey("es", "insights.days", 1), { count: 1 })).toBe("Último 1 día");
    expect(translate("es", pluralKey("es", "insights.days", 30), { count: 30 })).toBe("Últimos 30 días");
  });
});
