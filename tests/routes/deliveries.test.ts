import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { loader as getOne } from "~/routes/api.deliveries.$id";
import { action as retry } from "~/routes/api.deliveries.$id.retry";
import { loader as list } from "~/routes/api.deliveries._index";
import { loader as stats } from "~/routes/api.deliveries.stats";
import { runDeliveryPass } from "~/services/deliveries/worker.server";
import { createConfiguration, createDelivery, createSession, shopDomain } from "../helpers/factories";
import { adminRequest } from "../helpers/requests";
import orderRest from "../fixtures/webhooks/order-rest.json";
import { triggerHandler, type TriggerCall } from "../mocks/automation";
import { server } from "../mocks/server";

async function adminShop() {
  const shop = shopDomain();
  await createSession(shop);
  await createConfiguration(shop, { automationApiKey: `key-${shop}`, newOrderFlowId: "f_101" });
  return shop;
}

const get = async (handler: typeof list, path: string, shop: string, params: Record<string, string> = {}) =>
  handler({ request: await adminRequest(path, shop), params, context: {} });

describe("GET /api/deliveries", () => {
  it("lists the shop's deliveries newest first, paged, never another shop's", async () => {
    const shop = await adminShop();
    const other = await adminShop();
    for (let i = 0; i < 3; i++) await createDelivery(shop, { createdAt: new Date(Date.UTC(2026, 10, 20, i)) });
    await createDelivery(other);

    const response = await get(list, "/api/deliveries?page=1&pageSize=2", shop);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, total: 3, page: 1, pageSize: 2 });
    expect(body.deliveries.map((d: { createdAt: string }) => d.createdAt)).toEqual([
      "2026-11-20T02:00:00.000Z",
      "2026-11-20T01:00:00.000Z",
    ]);
    expect(Object.keys(body.deliveries[0]).sort()).toEqual(
      [
        "id",
        "topic",
        "eventId",
        "orderId",
        "orderName",
        "flowId",
        "status",
        "attempts",
        "nextAttemptAt",
        "lastError",
        "lastErrorCode",
        "lastErrorParams",
        "createdAt",
        "updatedAt",
        "deliveredAt",
        "callbackStatus",
        "tagsApplied",
        "test",
        "buyer",
      ].sort(),
    );
  });

  it("filters by status", async () => {
    const shop = await adminShop();
    await createDelivery(shop, { status: "dead" });
    await createDelivery(shop, { status: "delivered" });
    const body = await (await get(list, "/api/deliveries?status=dead", shop)).json();
    expect(body.total).toBe(1);
    expect(body.deliveries[0].status).toBe("dead");
  });

  it("names the field of a bad query", async () => {
    const shop = await adminShop();
    const response = await get(list, "/api/deliveries?pageSize=500", shop);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, error: "pageSize: must be at most 100" });
  });
  it("refuses a page beyond the bound instead of failing the query", async () => {
    const shop = await adminShop();
    const response = await get(list, "/api/deliveries?page=99999999999999999999", shop);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, error: "page: must be at most 1000000" });
  });
});

describe("GET /api/deliveries/stats", () => {
  it("counts the shop's deliveries of the last 24 hours by status", async () => {
    const shop = await adminShop();
    await createDelivery(shop, { status: "delivered" });
    await createDelivery(shop, { status: "delivered" });
    await createDelivery(shop, { status: "dead" });
    await createDelivery(shop, { status: "dead", createdAt: new Date(Date.now() - 48 * 3_600_000) });
    await createDelivery(await adminShop(), { status: "dead" });
    const body = await (await get(stats, "/api/deliveries/stats", shop)).json();
    expect(body.counts).toEqual({
      queued: 0,
      delivering: 0,
      delivered: 2,
      flow_failed: 0,
      retrying: 0,
      dead: 1,
      skipped: 0,
    });
    expect(Date.parse(body.since)).toBeLessThan(Date.now());
  });
});

describe("GET /api/deliveries/:id", () => {
  it("gives the attempt log, the callback and a payload summary, never the payload or the key", async () => {
    const shop = await adminShop();
    const delivery = await createDelivery(shop, {
      order: orderRest,
      attemptLog: JSON.stringify([
        { at: "2026-11-22T00:00:00.000Z", outcome: "delivered", httpStatus: 200, error: null, durationMs: 12 },
      ]),
      callbackAt: new Date("2026-11-22T00:05:00.000Z"),
      callbackStatus: "completed",
      tagsApplied: JSON.stringify(["automation-completed"]),
    });
    const response = await get(getOne, `/api/deliveries/${delivery.id}`, shop, { id: delivery.id });
    const body = await response.json();
    expect(body.delivery).toMatchObject({
      id: delivery.id,
      attemptLog: [{ outcome: "delivered", httpStatus: 200 }],
      callback: { receivedAt: "2026-11-22T00:05:00.000Z", status: "completed", tags: ["automation-completed"] },
      payloadSummary: {
        orderName: "#1001",
        totalPrice: "129900.00",
        currency: "COP",
        lineItemCount: 1,
        customerFirstName: "Ana",
      },
    });
    const text = JSON.stringify(body);
    expect(text).not.toContain(`key-${shop}`);
    expect(text).not.toContain("Calle 10");
  });

  it("answers 404 for another shop's delivery", async () => {
    const shop = await adminShop();
    const foreign = await createDelivery(await adminShop());
    const response = await get(getOne, `/api/deliveries/${foreign.id}`, shop, { id: foreign.id });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, error: "Delivery not found" });
  });
});

describe("POST /api/deliveries/:id/retry", () => {
  const post = async (shop: string, id: string) =>
    retry({
      request: await adminRequest(`/api/deliveries/${id}/retry`, shop, { method: "POST" }),
      params: { id },
      context: {},
    });

  it("replays a dead delivery: queued again with fresh attempts, then delivered by the worker", async () => {
    const shop = await adminShop();
    const dead = await createDelivery(shop, { order: orderRest, status: "dead", attempts: 8, lastError: "HTTP 500" });
    const response = await post(shop, dead.id);
    expect(response.status).toBe(200);
    expect((await response.json()).delivery).toMatchObject({
      id: dead.id,
      status: "queued",
      attempts: 0,
      lastError: null,
    });

    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    await runDeliveryPass({ workerId: "replay" });
    expect(calls).toHaveLength(1);
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: dead.id } })).toMatchObject({
      status: "delivered",
      attempts: 1,
    });
  });

  it("is a no-op success for a delivery already waiting", async () => {
    const shop = await adminShop();
    const queued = await createDelivery(shop, { status: "retrying", attempts: 2 });
    const response = await post(shop, queued.id);
    expect(response.status).toBe(200);
    expect((await response.json()).delivery).toMatchObject({ status: "retrying", attempts: 2 });
  });

  it("refuses to send a delivered one again: 409", async () => {
    const shop = await adminShop();
    const delivered = await createDelivery(shop, { status: "delivered" });
    const response = await post(shop, delivered.id);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      success: false,
      error: "This delivery already reached the automation platform",
      code: "already_delivered",
    });
  });

  it("refuses a delivery whose order data was erased: 409", async () => {
    const shop = await adminShop();
    const erased = await createDelivery(shop, { status: "dead", payload: null });
    expect((await post(shop, erased.id)).status).toBe(409);
  });

  it("answers 404 for another shop's delivery and leaves it alone", async () => {
    const shop = await adminShop();
    const foreign = await createDelivery(await adminShop(), { status: "dead" });
    expect((await post(shop, foreign.id)).status).toBe(404);
    expect((await prisma.delivery.findUniqueOrThrow({ where: { id: foreign.id } })).status).toBe("dead");
  });
});
