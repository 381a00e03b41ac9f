import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { BODY_LIMITS } from "~/lib/http.server";
import { TOO_DEEP } from "~/lib/json.server";
import { action as callback } from "~/routes/api.automation.callback";
import { action as checkoutsCreate } from "~/routes/webhooks.checkouts.create";
import { action as compliance } from "~/routes/webhooks.compliance";
import { action as draftOrdersCreate } from "~/routes/webhooks.draft_orders.create";
import { action as ordersCreate } from "~/routes/webhooks.orders.create";
import { createAutomatedShop } from "../helpers/factories";
import { adminRequest, webhookRequest } from "../helpers/requests";
import { apiEndpoints, PUBLIC_API_ROUTES } from "../helpers/routes";
import { TEST_ENV } from "../helpers/test-env";

const DEPTH = 5_000;
const deepArray = "[".repeat(DEPTH) + "]".repeat(DEPTH);
// 10 KB: under every endpoint's size limit, so the depth is what is refused.
const deepObject = '{"a":'.repeat(DEPTH / 4) + "1" + "}".repeat(DEPTH / 4);
/** Endpoints whose POST reads no body: a retry by id, the poll, and the GET-only lists whose action is a 405. */
const TAKES_NO_BODY = /retry|orders\.poll|deliveries\._index|orders\.journey|orders\.incident-answers|orders\.risk/;
const POST_ENDPOINTS = (await apiEndpoints()).filter((endpoint) => endpoint.method === "POST");

async function answer(promise: Promise<Response>) {
  try {
    return await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** A body that counts what is pulled from it: `declared` bytes announced, endless when undefined. */
function countingBody(chunk = 64 * 1024) {
  const stats = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        stats.pulled += chunk;
        controller.enqueue(new Uint8Array(chunk).fill(0x61));
      },
    },
    // Nothing is pulled until a reader asks.
    { highWaterMark: 0 },
  );
  return { stream, stats };
}

describe("deeply nested JSON is a 400 that says so", () => {
  // The public routes read their body after their own check (the callback below; the Flow action's signature,
  // tests/routes/flow-action.test.ts).
  it.each(POST_ENDPOINTS.filter((endpoint) => !(endpoint.file in PUBLIC_API_ROUTES)).map((e) => [e.path, e]))(
    "POST %s",
    async (_path, endpoint) => {
      const shop = await createAutomatedShop();
      for (const body of [deepArray, `{"apiKey":${deepObject}}`]) {
        const request = await adminRequest(endpoint.path, shop, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body,
        });
        const response = await answer(endpoint.handler({ request, params: endpoint.params, context: {} }));
        // Endpoints that take no body never parse it; the others refuse it before anything else.
        if (response.status === 400)
          expect(await response.json()).toEqual({ success: false, error: TOO_DEEP, code: "json_too_deep" });
        else expect(endpoint.file).toMatch(TAKES_NO_BODY);
      }
    },
  );

  it("a form field of JSON (the import's supplier product) names its field", async () => {
    const shop = await createAutomatedShop();
    const request = await adminRequest("/api/products/import", shop, {
      method: "POST",
      body: new URLSearchParams({
        supplierProductId: "1",
        platformProductId: "gid://shopify/Product/1",
        supplierProductData: deepObject,
      }),
    });
    const { action } = await import("~/routes/api.products.import");
    const response = await answer(action({ request, params: {}, context: {} }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, error: `supplierProductData: ${TOO_DEEP}` });
  });

  it("POST /api/automation/callback", async () => {
    const request = new Request(`${TEST_ENV.PLATFORM_APP_URL}/api/automation/callback`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: `{"apiKey":"k","orderName":"#1","extra":${deepArray}}`,
    });
    const response = await callback({ request, params: {}, context: {} });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error: TOO_DEEP, code: "json_too_deep" });
  });

  it.each([
    ["orders/create", "/webhooks/orders/create", ordersCreate],
    ["draft_orders/create", "/webhooks/draft_orders/create", draftOrdersCreate],
    ["checkouts/create", "/webhooks/checkouts/create", checkoutsCreate],
    ["customers/redact", "/webhooks/compliance", compliance],
  ] as const)("a signed %s webhook", async (topic, path, action) => {
    const shop = await createAutomatedShop();
    for (const body of [deepArray, `{"id":1,"note":${deepObject}}`]) {
      const response = await action({ request: webhookRequest(path, body, { shop, topic }) });
      expect(response.status).toBe(400);
      expect(await response.text()).toBe(TOO_DEEP);
    }
    expect(await prisma.delivery.count()).toBe(0);
  });

  it("still takes JSON nested as deep as real bodies go, with brackets inside strings not counted", async () => {
    const shop = await createAutomatedShop();
    const nested = {
      id: 7700,
      name: "#7700",
      note: "[[[[{{{{".repeat(200),
      a: { b: { c: { d: { e: { f: [[[1]]] } } } } },
    };
    const response = await ordersCreate({
      request: webhookRequest("/webhooks/orders/create", nested, { shop, topic: "orders/create" }),
    });
    expect(response.status).toBe(200);
    expect(await prisma.delivery.count({ where: { shop } })).toBe(1);
  });
});

describe("every POST endpoint has a body limit, refused with 413 before the body is read", () => {
  it.each(POST_ENDPOINTS.map((endpoint) => [endpoint.path, endpoint]))(
    "POST %s refuses a declared size over its limit without reading a byte",
    async (_path, endpoint) => {
      const shop = await createAutomatedShop();
      const { stream, stats } = countingBody();
      const request = await adminRequest(endpoint.path, shop, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(100 * 1024 * 1024) },
        body: stream,
        duplex: "half",
      } as RequestInit);
      const response = await answer(endpoint.handler({ request, params: endpoint.params, context: {} }));
      expect(response.status).toBe(413);
      expect((await response.json()).error).toMatch(/^The body is larger than \d+ (KB|MB)$/);
      expect(stats.pulled).toBe(0);
    },
  );

  it.each(POST_ENDPOINTS.filter((endpoint) => !TAKES_NO_BODY.test(endpoint.file)).map((e) => [e.path, e]))(
    "POST %s stops reading an endless body at its limit",
    async (_path, endpoint) => {
      const shop = await createAutomatedShop();
      const { stream, stats } = countingBody();
      const request = await adminRequest(endpoint.path, shop, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: stream,
        duplex: "half",
      } as RequestInit);
      const response = await answer(endpoint.handler({ request, params: endpoint.params, context: {} }));
      expect(response.status).toBe(413);
      expect(stats.pulled).toBeLessThanOrEqual(BODY_LIMITS.productImport + 2 * 64 * 1024);
    },
  );

  it("fits each limit to what the endpoint takes", () => {
    expect(BODY_LIMITS).toEqual({ none: 1024, form: 16_384, productImport: 1_048_576, callback: 16_384 });
  });
});
