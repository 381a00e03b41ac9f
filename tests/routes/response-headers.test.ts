import { describe, expect, it } from "vitest";
import { action as callback, loader as callbackPreflight } from "~/routes/api.automation.callback";
import { action as saveAutomation } from "~/routes/api.integrations.automation.save";
import { action as saveSupplier } from "~/routes/api.integrations.supplier.save";
import { loader as healthz } from "~/routes/healthz";
import { action as ordersCreate } from "~/routes/webhooks.orders.create";
import { createAutomatedShop } from "../helpers/factories";
import { adminRequest, webhookRequest } from "../helpers/requests";
import { apiEndpoints } from "../helpers/routes";
import { TEST_ENV } from "../helpers/test-env";
import orderRest from "../fixtures/webhooks/order-rest.json";

const API_ENDPOINTS = await apiEndpoints();
const CALLBACK_URL = `${TEST_ENV.PLATFORM_APP_URL}/api/automation/callback`;
const PANEL = "https://automation.test";

async function answer(promise: Promise<Response>) {
  try {
    return await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function expectSecurityHeaders(response: Response) {
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
}

describe("security headers on every response", () => {
  it.each(API_ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint]))(
    "%s",
    async (_name, endpoint) => {
      const request = new Request(`${TEST_ENV.PLATFORM_APP_URL}${endpoint.path}`, {
        method: endpoint.method,
        ...(endpoint.method === "POST" ? { body: "{}", headers: { "Content-Type": "application/json" } } : {}),
      });
      expectSecurityHeaders(await answer(endpoint.handler({ request, params: endpoint.params, context: {} })));
    },
  );

  it("on webhook answers, accepted or refused", async () => {
    const shop = await createAutomatedShop();
    expectSecurityHeaders(
      await ordersCreate({
        request: webhookRequest("/webhooks/orders/create", orderRest, { shop, topic: "orders/create" }),
      }),
    );
    expectSecurityHeaders(
      await ordersCreate({
        request: webhookRequest("/webhooks/orders/create", orderRest, { shop, topic: "orders/create", signature: "x" }),
      }),
    );
  });

  it("on the health check", async () => {
    expectSecurityHeaders(await healthz());
  });
});

describe("the callback's CORS for the allowed browser origins", () => {
  const preflight = (origin: string) =>
    callbackPreflight({
      request: new Request(CALLBACK_URL, {
        method: "OPTIONS",
        headers: {
          Origin: origin,
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "content-type",
        },
      }),
      params: {},
      context: {},
    });

  it("answers an allowed panel's preflight 204 with the CORS headers", async () => {
    const response = await preflight(PANEL);
    expect(response.status).toBe(204);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe(PANEL);
    expect(response.headers.get("Access-Control-Allow-Methods")).toBe("POST, OPTIONS");
    expect(response.headers.get("Access-Control-Allow-Headers")?.toLowerCase()).toContain("content-type");
    expect(response.headers.get("Vary")).toContain("Origin");
  });

  it("refuses another origin's preflight with 403 and names no origin", async () => {
    const response = await preflight("https://evil.example");
    expect(response.status).toBe(403);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(await response.json()).toMatchObject({ success: false, error: "Invalid origin" });
  });

  it("lets an allowed panel read the callback's answer, a refusal included", async () => {
    const response = await callback({
      request: new Request(CALLBACK_URL, {
        method: "POST",
        headers: { Origin: PANEL, "Content-Type": "application/json" },
        body: JSON.stringify({ apiKey: "not-a-key", orderName: "#1" }),
      }),
      params: {},
      context: {},
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe(PANEL);
  });

  it("gives a plain GET 405", async () => {
    const response = await callbackPreflight({ request: new Request(CALLBACK_URL), params: {}, context: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST, OPTIONS");
  });
});

describe("API keys and tokens that cannot travel in a header", () => {
  it.each([
    ["/api/integrations/automation/save", "apiKey", saveAutomation, {}],
    ["/api/integrations/supplier/save", "supplier_token", saveSupplier, { store_name: "Tienda", country: "CO" }],
  ] as const)("POST %s answers 400 naming %s for invalid UTF-8", async (path, field, action, extra) => {
    const shop = await createAutomatedShop();
    const form = new URLSearchParams(extra).toString();
    const body = Buffer.concat([Buffer.from(`${form}${form ? "&" : ""}${field}=key`), Buffer.from([0xff, 0xfe, 0x41])]);
    const request = await adminRequest(path, shop, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body,
    });
    const response = await answer(action({ request, params: {}, context: {} }));
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(new RegExp(`^${field}: `));
  });
});
