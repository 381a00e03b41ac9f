import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { clearFlowCache } from "~/services/automation/client.server";
import { loader as loadOne } from "~/routes/app.deliveries.$id/route";
import { action, loader } from "~/routes/app.deliveries._index/route";
import { saveOrderRisk } from "~/services/risk/store.server";
import { createConfiguration, createDelivery, createSession, restOrder, shopDomain } from "../helpers/factories";
import { adminRequest, formBody } from "../helpers/requests";
import { TEST_ENV } from "../helpers/test-env";
import { flowsHandler } from "../mocks/automation";
import { server } from "../mocks/server";

async function adminShop() {
  const shop = shopDomain();
  await createSession(shop);
  return shop;
}

const load = async (path: string, shop: string) =>
  loader({ request: await adminRequest(path, shop), params: {}, context: {} });

const act = async (shop: string, fields: Record<string, string>, init: RequestInit = {}) => {
  const result = await action({
    request: await adminRequest("/app/deliveries?index", shop, { ...formBody(fields), ...init }),
    params: {},
    context: {},
  });
  // The JSON routes' answer (`apiHandler`, docs/decisions/137): what Remix hands the page's fetcher.
  return { status: result.status, body: await result.json() };
};

describe("deliveries page: loader and action (docs/decisions/135)", () => {
  it("loads the shop's log as the URL filters it, with the failed count and the pause state", async () => {
    const shop = await adminShop();
    const other = await adminShop();
    await createDelivery(shop, { status: "dead", orderName: "#1002" });
    await createDelivery(shop, { status: "delivered", orderName: "#1004" });
    await createDelivery(other, { status: "dead" });

    const all = await load("/app/deliveries", shop);
    expect(all.total).toBe(2);
    expect(all.failed).toBe(1);
    expect(all.pause).toEqual({ paused: false, pausedAt: null, waiting: 0 });

    const dead = await load("/app/deliveries?status=dead&page=x", shop);
    expect(dead.deliveries.map((delivery) => delivery.orderName)).toEqual(["#1002"]);
    expect(dead).toMatchObject({ status: "dead", page: 1 });
    // An unknown status is no filter, as the page never links to one.
    expect((await load("/app/deliveries?status=lost", shop)).total).toBe(2);
  });

  it("shows each order's return risk and filters the log by its level, the shop's own scores only", async () => {
    const shop = await adminShop();
    const other = await adminShop();
    const scoredAt = new Date("2026-11-28T15:00:00Z");
    for (const [id, level, score] of [
      [71, "high", 82],
      [72, "low", 12],
      [73, null, 0],
    ] as const) {
      await createDelivery(shop, { order: restOrder({ id, name: `#${id}` }) });
      if (level)
        await saveOrderRisk({
          shop,
          orderId: `gid://shopify/Order/${id}`,
          score,
          level,
          reasons: [{ code: "phone_returned", points: 50, values: { count: 2 } }],
          scoredAt,
        });
    }
    // Another shop's high score for an order of the same id is not this shop's.
    await saveOrderRisk({
      shop: other,
      orderId: "gid://shopify/Order/72",
      score: 95,
      level: "high",
      reasons: [],
      scoredAt,
    });

    const all = await load("/app/deliveries", shop);
    const riskOf = (name: string) => all.deliveries.find((delivery) => delivery.orderName === name)?.risk;
    expect(riskOf("#71")).toMatchObject({ score: 82, level: "high", reasons: [{ code: "phone_returned" }] });
    expect(riskOf("#72")).toMatchObject({ score: 12, level: "low" });
    expect(riskOf("#73")).toBeNull();

    const high = await load("/app/deliveries?risk=high", shop);
    expect(high).toMatchObject({ risk: "high", total: 1 });
    expect(high.deliveries.map((delivery) => delivery.orderName)).toEqual(["#71"]);
    expect((await load("/app/deliveries?risk=medium", shop)).total).toBe(0);
    // An unknown level is no filter, as the page never links to one.
    expect(await load("/app/deliveries?risk=extreme", shop)).toMatchObject({ risk: null, total: 3 });
  });

  it("retries through the same service as the JSON route, and answers its failures with their codes", async () => {
    const shop = await adminShop();
    const dead = await createDelivery(shop, { status: "dead" });
    const ok = await act(shop, { intent: "retry", id: dead.id });
    expect(ok).toMatchObject({ status: 200, body: { success: true, delivery: { status: "queued" } } });
    expect(await prisma.delivery.findUnique({ where: { id: dead.id } })).toMatchObject({ status: "queued" });

    const delivered = await createDelivery(shop, { status: "delivered" });
    expect(await act(shop, { intent: "retry", id: delivered.id })).toMatchObject({
      status: 409,
      body: { success: false, code: "already_delivered" },
    });
    // Another shop's delivery is not found, as on the JSON route.
    const foreign = await createDelivery(await adminShop(), { status: "dead" });
    expect(await act(shop, { intent: "retry", id: foreign.id })).toMatchObject({
      status: 404,
      body: { success: false, code: "not_found" },
    });
  });

  it("pauses and resumes, and refuses an unknown intent or an oversized form with a code", async () => {
    const shop = await adminShop();
    expect(await act(shop, { intent: "pause", paused: "true" })).toMatchObject({
      body: { success: true, pause: { paused: true } },
    });
    expect(await act(shop, { intent: "pause", paused: "false" })).toMatchObject({
      body: { success: true, pause: { paused: false } },
    });
    expect(await act(shop, { intent: "drop" })).toMatchObject({
      status: 400,
      body: { success: false, code: "invalid_input", field: "intent" },
    });
    expect(await act(shop, { intent: "retry-failed", padding: "x".repeat(20_000) })).toMatchObject({
      status: 413,
      body: { success: false, code: "too_large" },
    });
  });
});

describe("delivery page loader", () => {
  it("answers another shop's delivery as the JSON route's 404, for the page to word", async () => {
    const shop = await adminShop();
    const foreign = await createDelivery(await adminShop(), { status: "dead" });
    const result = (await loadOne({
      request: await adminRequest(`/app/deliveries/${foreign.id}`, shop),
      params: { id: foreign.id },
      context: {},
    })) as unknown as { data: { delivery: null; failure: { code: string } }; init: { status: number } };
    expect(result.init.status).toBe(404);
    expect(result.data).toMatchObject({ delivery: null, failure: { code: "not_found" } });
    expect(JSON.stringify(result.data)).not.toContain(foreign.orderName!);
  });

  it("loads the shop's own delivery with its attempt log, and no flow name without a saved key", async () => {
    const shop = await adminShop();
    const own = await createDelivery(shop, { status: "dead", flowId: "f_101" });
    const result = (await loadOne({
      request: await adminRequest(`/app/deliveries/${own.id}`, shop),
      params: { id: own.id },
      context: {},
    })) as { delivery: { id: string; attemptLog: unknown[] }; flowName: string | null; failure: null };
    expect(result).toMatchObject({ delivery: { id: own.id, attemptLog: [] }, flowName: null, failure: null });
  });

  it("names the delivery's flow from the saved key's flow list, and leaves it unnamed when the list fails", async () => {
    clearFlowCache();
    const shop = await adminShop();
    await createConfiguration(shop, { automationApiKey: "auto-key-5e1d" });
    const own = await createDelivery(shop, { status: "delivered", flowId: "f_202" });
    const open = async () =>
      (await loadOne({
        request: await adminRequest(`/app/deliveries/${own.id}`, shop),
        params: { id: own.id },
        context: {},
      })) as { flowName: string | null };
    server.use(
      flowsHandler(
        [
          { id: "f_101", name: "Confirmar pedido", status: "active" },
          { id: "f_202", name: "Carrito abandonado", status: "active" },
        ],
        { apiKey: "auto-key-5e1d" },
      ),
    );
    expect((await open()).flowName).toBe("Carrito abandonado");

    clearFlowCache();
    server.use(http.get(`${TEST_ENV.AUTOMATION_API_URL}/api/accounts/flows`, () => HttpResponse.error()));
    expect((await open()).flowName).toBeNull();
  });
});
