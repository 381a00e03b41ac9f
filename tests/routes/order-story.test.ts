import { beforeEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { loader as list, action as listAction } from "~/routes/api.deliveries._index";
import { action as retry } from "~/routes/api.deliveries.$id.retry";
import { action as resend } from "~/routes/api.deliveries.resend";
import { clearFlowCache } from "~/services/automation/client.server";
import { parseOrderRef } from "~/services/deliveries/order-story.server";
import { createConfiguration, createDelivery, createSession, shopDomain } from "../helpers/factories";
import { sessionToken } from "../helpers/requests";
import { TEST_ENV } from "../helpers/test-env";
import flowShapes from "../fixtures/reference/automation-flows.json";
import { flowsHandler } from "../mocks/automation";
import { server } from "../mocks/server";

// Where the admin's UI extensions run: every call they make is cross-origin.
const EXTENSION_ORIGIN = "https://extensions.shopifycdn.com";

beforeEach(() => clearFlowCache());

async function installedShop() {
  const shop = shopDomain();
  await createSession(shop);
  await createConfiguration(shop, { automationApiKey: `key-${shop}`, newOrderFlowId: "f_101" });
  return shop;
}

/** A request exactly as an admin UI extension's fetch sends it: bearer session token, the extension origin. */
async function extensionRequest(path: string, shop: string | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Origin", EXTENSION_ORIGIN);
  if (shop) headers.set("Authorization", `Bearer ${await sessionToken(shop)}`);
  return new Request(`${TEST_ENV.PLATFORM_APP_URL}${path}`, { ...init, headers });
}

function expectCors(response: Response) {
  expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
  expect(response.headers.get("Access-Control-Allow-Headers")).toContain("Authorization");
}

describe("order references", () => {
  it("accepts both gid forms and a bare id, and nothing else", () => {
    const expected = { legacyId: "5001", gid: "gid://shopify/Order/5001" };
    expect(parseOrderRef("gid://shopify/Order/5001")).toEqual(expected);
    expect(parseOrderRef("gid://platform/Order/5001")).toEqual(expected);
    expect(parseOrderRef(" 5001 ")).toEqual(expected);
    expect(parseOrderRef("gid://shopify/Product/5001")).toBeNull();
    expect(parseOrderRef("#1001")).toBeNull();
  });
});

describe("GET /api/deliveries?orderId= (the order page's block)", () => {
  it("answers the preflight with the library's CORS headers, without a token", async () => {
    const request = await extensionRequest("/api/deliveries?orderId=1", null, {
      method: "OPTIONS",
      headers: { "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "authorization" },
    });
    const response = await listAction({ request, params: {}, context: {} });
    expect(response.status).toBe(204);
    expectCors(response);
  });

  it("tells the order's story with its flow name, in every id form, with CORS headers", async () => {
    server.use(flowsHandler(flowShapes.bare_array));
    const shop = await installedShop();
    const delivery = await createDelivery(shop, {
      status: "delivered",
      attempts: 2,
      flowId: "f_101",
      callbackStatus: "confirmed",
      callbackAt: new Date("2026-11-20T15:00:00Z"),
      tagsApplied: JSON.stringify(["confirmed"]),
    });
    for (const ref of [delivery.orderId!, delivery.orderId!.replace("shopify", "platform"), delivery.resourceId!]) {
      const request = await extensionRequest(`/api/deliveries?orderId=${encodeURIComponent(ref)}`, shop);
      const response = await list({ request, params: {}, context: {} });
      expect(response.status).toBe(200);
      expectCors(response);
      const body = await response.json();
      expect(body).toMatchObject({ success: true, orderId: delivery.orderId });
      expect(body.deliveries).toHaveLength(1);
      expect(body.deliveries[0]).toMatchObject({
        id: delivery.id,
        status: "delivered",
        attempts: 2,
        flowId: "f_101",
        flowName: "Confirmar pedido",
        callbackStatus: "confirmed",
        callbackAt: "2026-11-20T15:00:00.000Z",
        tagsApplied: ["confirmed"],
      });
    }
  });

  it("never shows another shop's order", async () => {
    const shop = await installedShop();
    const other = await installedShop();
    const foreign = await createDelivery(other);
    const request = await extensionRequest(`/api/deliveries?orderId=${foreign.resourceId}`, shop);
    const body = await (await list({ request, params: {}, context: {} })).json();
    expect(body.deliveries).toEqual([]);
  });

  it("names the field of a bad order id: 400 with CORS headers", async () => {
    const shop = await installedShop();
    const request = await extensionRequest("/api/deliveries?orderId=gid://shopify/Product/1", shop);
    const response = await list({ request, params: {}, context: {} });
    expect(response.status).toBe(400);
    expectCors(response);
    expect(await response.json()).toMatchObject({
      success: false,
      error: "orderId: must be an order id like gid://shopify/Order/123",
    });
  });

  it("refuses a request without a valid session token: 401 JSON the extension can read", async () => {
    const request = await extensionRequest("/api/deliveries?orderId=1", null, {
      headers: { Authorization: "Bearer not-a-token" },
    });
    const response = await list({ request, params: {}, context: {} });
    expect(response.status).toBe(401);
    expectCors(response);
    expect(await response.json()).toMatchObject({ success: false, error: "No shop session found" });
  });
});

describe("POST /api/deliveries/:id/retry from the block", () => {
  it("sends a retrying delivery now instead of at its scheduled time", async () => {
    const shop = await installedShop();
    const later = new Date(Date.now() + 3_600_000);
    const waiting = await createDelivery(shop, { status: "retrying", attempts: 2, nextAttemptAt: later });
    const request = await extensionRequest(`/api/deliveries/${waiting.id}/retry`, shop, { method: "POST" });
    const response = await retry({ request, params: { id: waiting.id }, context: {} });
    expect(response.status).toBe(200);
    expectCors(response);
    const row = await prisma.delivery.findUniqueOrThrow({ where: { id: waiting.id } });
    expect(row.status).toBe("retrying");
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe("POST /api/deliveries/resend (Send to the automation flow again)", () => {
  const post = async (shop: string, orderId: unknown, extra: Record<string, unknown> = {}) =>
    resend({
      request: await extensionRequest("/api/deliveries/resend", shop, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ orderId, ...extra }),
      }),
      params: {},
      context: {},
    });

  it("queues a delivered order once more as a new delivery, and a second click is refused", async () => {
    const shop = await installedShop();
    const delivered = await createDelivery(shop, { status: "delivered", flowId: "f_101" });
    // Its flow ran: the action states the buyer may get another message, and the request confirms it.
    const first = await post(shop, delivered.orderId, { confirmRepeat: true });
    expect(first.status).toBe(200);
    expectCors(first);
    const body = await first.json();
    expect(body).toMatchObject({ success: true, resent: true, delivery: { status: "queued", attempts: 0 } });
    expect(body.delivery.id).not.toBe(delivered.id);
    // The new delivery carries the order's buyer as the first one did.
    expect(body.delivery.buyer).toMatchObject({ name: "Ana Gomez", city: "Medellin" });
    const again = await post(shop, delivered.resourceId, { confirmRepeat: true });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      success: false,
      error: "This order is already on its way to the automation platform",
    });
    expect(await prisma.delivery.count({ where: { shop, orderId: delivered.orderId } })).toBe(2);
  });

  it("replays a dead order in place", async () => {
    const shop = await installedShop();
    const dead = await createDelivery(shop, { status: "dead", attempts: 8 });
    const response = await post(shop, dead.orderId);
    expect((await response.json()).delivery).toMatchObject({ id: dead.id, status: "queued", attempts: 0 });
  });

  it("answers 404 for an order the app never received, and 400 for a missing id", async () => {
    const shop = await installedShop();
    expect((await post(shop, "gid://shopify/Order/999")).status).toBe(404);
    const missing = await post(shop, undefined);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ success: false, error: "orderId: is required" });
  });

  it("answers the preflight", async () => {
    const request = await extensionRequest("/api/deliveries/resend", null, { method: "OPTIONS" });
    const response = await resend({ request, params: {}, context: {} });
    expect(response.status).toBe(204);
    expectCors(response);
  });
});
