import { describe, expect, it } from "vitest";
import { authenticateAdminApi, NO_SESSION } from "~/services/platform/admin-auth.server";
import { createSession, shopDomain } from "../helpers/factories";
import { adminRequest, sessionToken } from "../helpers/requests";
import { apiEndpoints, PUBLIC_API_ROUTES } from "../helpers/routes";
import { TEST_ENV } from "../helpers/test-env";

// Derived from app/routes/api.*: an endpoint added there is checked here without anyone remembering to list it.
const ADMIN_ENDPOINTS = (await apiEndpoints()).filter((endpoint) => !(endpoint.file in PUBLIC_API_ROUTES));

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

  it("finds every admin endpoint the app serves", () => {
    expect(ADMIN_ENDPOINTS.length).toBeGreaterThanOrEqual(18);
    expect(ADMIN_ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toContain(
      "POST /api/deliveries/abc/retry",
    );
  });

  const refused: [string, (shop: string) => Promise<string | null>][] = [
    ["without a session token", async () => null],
    ["with an expired session token", (shop) => sessionToken(shop, { expiresIn: -120 })],
    ["with a session token that has no exp", (shop) => sessionToken(shop, { expiresIn: null })],
    ["with a token for another app (audience)", (shop) => sessionToken(shop, { audience: "another-app-client-id" })],
    ["with a token whose dest is another host", (shop) => sessionToken(shop, { dest: "https://attacker.example" })],
    ["with a token signed with another secret", (shop) => sessionToken(shop, { secret: "not-the-app-secret" })],
  ];
  for (const endpoint of ADMIN_ENDPOINTS) {
    for (const [name, token] of refused) {
      it(`${endpoint.method} ${endpoint.path} answers 401 ${name}`, async () => {
        const shop = shopDomain();
        await createSession(shop);
        const bearer = await token(shop);
        const response = await thrownOrReturned(
          endpoint.handler({
            request: new Request(`${TEST_ENV.PLATFORM_APP_URL}${endpoint.path}`, {
              method: endpoint.method,
              headers: bearer ? { Authorization: `Bearer ${bearer}` } : {},
            }),
            params: endpoint.params,
            context: {},
          }),
        );
        expect(response.status).toBe(401);
        expect(await response.json()).toMatchObject({ success: false, error: NO_SESSION });
      });
    }
  }
});
