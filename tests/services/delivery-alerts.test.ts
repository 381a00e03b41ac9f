import { beforeEach, describe, expect, it } from "vitest";
import { loader as alertsLoader } from "~/routes/api.alerts";
import { loader as healthLoader } from "~/routes/healthz.deliveries";
import { clearAlertSummaryCache, deliveryAlert } from "~/services/deliveries/alerts.server";
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
});
