import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { authenticateAdminApi, NO_SESSION } from "~/services/platform/admin-auth.server";
import { createSession, shopDomain } from "../helpers/factories";
import { adminRequest, sessionToken } from "../helpers/requests";
import { TEST_ENV } from "../helpers/test-env";

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: AppLoadContext;
}) => Promise<Response>;

/**
 * Every admin-facing endpoint, with the method the admin uses. Each issue that adds an admin
 * endpoint adds it here, so none can ship without its session check.
 */
export const ADMIN_ENDPOINTS: { path: string; method: "GET" | "POST"; load: () => Promise<Handler> }[] = [
  {
    path: "/api/integrations/supplier/save",
    method: "POST",
    load: async () => (await import("~/routes/api.integrations.supplier.save")).action,
  },
  {
    path: "/api/supplier/products",
    method: "GET",
    load: async () => (await import("~/routes/api.supplier.products")).loader,
  },
  {
    path: "/api/platform/products",
    method: "GET",
    load: async () => (await import("~/routes/api.platform.products")).loader,
  },
  {
    path: "/api/platform/product/variants",
    method: "GET",
    load: async () => (await import("~/routes/api.platform.product.variants")).loader,
  },
  { path: "/api/orders/poll", method: "GET", load: async () => (await import("~/routes/api.orders.poll")).loader },
  { path: "/api/orders/poll", method: "POST", load: async () => (await import("~/routes/api.orders.poll")).action },
  {
    path: "/api/products/import",
    method: "POST",
    load: async () => (await import("~/routes/api.products.import")).action,
  },
  {
    path: "/api/products/associations",
    method: "GET",
    load: async () => (await import("~/routes/api.products.associations")).loader,
  },
  {
    path: "/api/products/association/delete",
    method: "POST",
    load: async () => (await import("~/routes/api.products.association.delete")).action,
  },
  {
    path: "/api/theme/install",
    method: "POST",
    load: async () => (await import("~/routes/api.theme.install")).action as Handler,
  },
  {
    path: "/api/theme/installs",
    method: "GET",
    load: async () => (await import("~/routes/api.theme.installs")).loader as Handler,
  },
  { path: "/api/settings", method: "GET", load: async () => (await import("~/routes/api.settings")).loader },
  {
    path: "/api/integrations/automation/save",
    method: "POST",
    load: async () => (await import("~/routes/api.integrations.automation.save")).action,
  },
  {
    path: "/api/automation/flows",
    method: "GET",
    load: async () => (await import("~/routes/api.automation.flows")).loader,
  },
  { path: "/api/deliveries", method: "GET", load: async () => (await import("~/routes/api.deliveries._index")).loader },
  {
    path: "/api/deliveries/stats",
    method: "GET",
    load: async () => (await import("~/routes/api.deliveries.stats")).loader,
  },
  {
    path: "/api/deliveries/abc",
    method: "GET",
    load: async () => (await import("~/routes/api.deliveries.$id")).loader,
  },
  {
    path: "/api/deliveries/abc/retry",
    method: "POST",
    load: async () => (await import("~/routes/api.deliveries.$id.retry")).action,
  },
];

async function thrownOrReturned(promise: Promise<unknown>): Promise<Response> {
  try {
    return (await promise) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("admin API authentication", () => {
  it("answers 401 No shop session found without a session token", async () => {
    const response = await thrownOrReturned(
      authenticateAdminApi(new Request(`${TEST_ENV.PLATFORM_APP_URL}/api/orders/poll`)),
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ success: false, error: NO_SESSION });
  });

  it("answers 401 for a token signed with another secret, asking App Bridge to retry", async () => {
    const shop = shopDomain();
    await createSession(shop);
    const token = await sessionToken(shop, { secret: "not-the-app-secret" });
    const response = await thrownOrReturned(
      authenticateAdminApi(
        new Request(`${TEST_ENV.PLATFORM_APP_URL}/api/orders/poll`, { headers: { Authorization: `Bearer ${token}` } }),
      ),
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ success: false, error: NO_SESSION });
    expect(response.headers.get("X-Shopify-Retry-Invalid-Session-Request")).toBe("1");
  });

  it("gives the shop of a valid session token", async () => {
    const shop = shopDomain();
    await createSession(shop);
    const context = await authenticateAdminApi(await adminRequest("/api/orders/poll", shop));
    expect(context.shop).toBe(shop);
    expect(context.session.id).toBe(`offline_${shop}`);
  });

  for (const endpoint of ADMIN_ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.path} answers 401 without a session`, async () => {
      const handler = await endpoint.load();
      const response = await thrownOrReturned(
        handler({
          request: new Request(`${TEST_ENV.PLATFORM_APP_URL}${endpoint.path}`, { method: endpoint.method }),
          params: {},
          context: {},
        }),
      );
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ success: false, error: NO_SESSION });
    });
  }
});
