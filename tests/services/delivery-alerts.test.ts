import { beforeEach, describe, expect, it } from "vitest";
import { loader as alertsLoader } from "~/routes/api.alerts";
import { loader as healthLoader } from "~/routes/healthz.deliveries";
import prisma from "~/db.server";
import { clearAlertSummaryCache, deliveryAlert } from "~/services/deliveries/alerts.server";
import { stalledParcels } from "~/services/journey/pace.server";
import { createAutomatedShop, createDelivery } from "../helpers/factories";
import { adminRequest } from "../helpers/requests";

beforeEach(() => clearAlertSummaryCache());

const REFUSED = "Automation platform answered HTTP 401: invalid token";

describe("delivery alerts", () => {
  it("alerts when the automation platform refuses the shop's key, even once", async () => {
    const shop = await createAutomatedShop();
    await createDelivery(shop, { status: "delivered" });
    await createDelivery(shop, { status: "dead", lastError: REFUSED });
    expect(await deliveryAlert(shop)).toMatchObject({ kind: "key_refused", failing: 1, settled: 2 });
  });

  it("alerts on a spike: five or more failing, at least half of the hour's deliveries", async () => {
    const shop = await createAutomatedShop();
    for (let i = 0; i < 5; i++)
      await createDelivery(shop, { status: "retrying", lastError: "Automation platform answered HTTP 503" });
    for (let i = 0; i < 4; i++) await createDelivery(shop, { status: "delivered" });
    expect(await deliveryAlert(shop)).toMatchObject({ kind: "failure_spike", failing: 5, settled: 9 });
  });

  it("counts a spike's failures by what became of them, so the banner sends the merchant where they are", async () => {
    const shop = await createAutomatedShop();
    for (let i = 0; i < 3; i++) await createDelivery(shop, { status: "retrying" });
    for (let i = 0; i < 2; i++) await createDelivery(shop, { status: "flow_failed" });
    await createDelivery(shop, { status: "dead" });
    expect(await deliveryAlert(shop)).toMatchObject({
      kind: "failure_spike",
      failing: 6,
      retrying: 3,
      dead: 1,
      flowFailed: 2,
    });
  });

  it("stays quiet for a few failures among many, and for failures older than an hour", async () => {
    const shop = await createAutomatedShop();
    for (let i = 0; i < 5; i++) await createDelivery(shop, { status: "dead" });
    for (let i = 0; i < 6; i++) await createDelivery(shop, { status: "delivered" });
    expect(await deliveryAlert(shop)).toBeNull();
    const quiet = await createAutomatedShop();
    const old = new Date(Date.now() - 2 * 3_600_000);
    for (let i = 0; i < 6; i++) await createDelivery(quiet, { status: "dead", lastError: REFUSED, createdAt: old });
    expect(await deliveryAlert(quiet)).toBeNull();
  });

  it("tells the admin its own shop's alert, and monitoring how many shops alert without naming them", async () => {
    const failing = await createAutomatedShop();
    const fine = await createAutomatedShop();
    await createDelivery(failing, { status: "dead", lastError: REFUSED });
    await createDelivery(fine, { status: "delivered" });

    const own = await alertsLoader({ request: await adminRequest("/api/alerts", failing), params: {}, context: {} });
    expect((await own.json()).alert).toMatchObject({ kind: "key_refused" });
    const other = await alertsLoader({ request: await adminRequest("/api/alerts", fine), params: {}, context: {} });
    expect(await other.json()).toEqual({ success: true, alert: null });

    const health = await healthLoader();
    expect(health.status).toBe(200);
    const text = await health.text();
    expect(JSON.parse(text)).toMatchObject({ shops: 2, alerting: 1, key_refused: 1, failure_spike: 0 });
    expect(text).not.toContain(failing);
  });

  it("tells monitoring how many parcels stand still past their carrier's usual time, and since when the oldest", async () => {
    const slow = await createAutomatedShop();
    const moving = await createAutomatedShop();
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const parcel = (shop: string, id: number, stage: string, since: Date) =>
      prisma.supplierOrder.create({
        data: {
          shop,
          supplierOrderId: `SO-${id}`,
          orderId: `gid://shopify/Order/${id}`,
          guide: `G${id}`,
          carrier: "SERVIENTREGA",
          stage,
          rawStatus: stage.toUpperCase(),
          stageSince: since,
        },
      });
    // Servientrega usually keeps a parcel in transit up to 4 days: 9 and 6 days stand still, 1 day moves.
    await parcel(slow, 1, "in_transit", daysAgo(9));
    await parcel(slow, 2, "in_transit", daysAgo(6));
    await parcel(moving, 3, "in_transit", daysAgo(1));
    // Delivered is no stage to stand still in.
    await parcel(moving, 4, "delivered", daysAgo(30));

    const health = await healthLoader();
    const text = await health.text();
    const body = JSON.parse(text);
    expect(body.stalledParcels).toEqual({
      parcels: 2,
      shops: 1,
      oldestSince: expect.any(String),
      oldestDays: 9,
    });
    // The 9-day parcel's time, to the test's own clock (a few seconds apart at most).
    expect(Math.abs(Date.parse(body.stalledParcels.oldestSince) - daysAgo(9).getTime())).toBeLessThan(60_000);
    // The same rule as home's "Paquetes sin movimiento".
    expect(body.stalledParcels.parcels).toBe(
      (await stalledParcels(slow)).length + (await stalledParcels(moving)).length,
    );
    // Not an alert of the app's: nothing of its own is failing.
    expect(body).toMatchObject({ alerting: 0, shops: 2 });
    expect(text).not.toContain(slow);
    expect(text).not.toContain("G1");
  });
});
