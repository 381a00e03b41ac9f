import { describe, expect, it } from "vitest";
import { loader as appLayout } from "~/routes/app";
import { loader as deliveries } from "~/routes/api.deliveries._index";
import { NO_SESSION } from "~/services/platform/admin-auth.server";
import { createSession, shopDomain } from "../helpers/factories";
import { sessionToken } from "../helpers/requests";
import { TEST_ENV } from "../helpers/test-env";

/**
 * A session token signed with the app's secret but without `exp` would never expire: the platform library (jose)
 * accepts it. Every embedded request (the pages' documents and fetches) and every extension request refuses it
 * as it refuses an invalid token. The API endpoints one by one: tests/routes/admin-auth.test.ts.
 */

const RETRY = "X-Shopify-Retry-Invalid-Session-Request";

async function thrownOrReturned(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The admin's first load of a page: no bearer header, the token in `id_token`. */
function documentRequest(shop: string, token: string) {
  const host = Buffer.from(`admin.shopify.com/store/${shop.split(".")[0]}`).toString("base64url");
  const query = new URLSearchParams({ embedded: "1", shop, host, id_token: token });
  return new Request(`${TEST_ENV.PLATFORM_APP_URL}/app?${query}`);
}

/** An admin UI extension's fetch: bearer token, from the extensions' origin. */
function extensionRequest(token: string) {
  return new Request(`${TEST_ENV.PLATFORM_APP_URL}/api/deliveries?orderId=1`, {
    headers: { Authorization: `Bearer ${token}`, Origin: "https://extensions.shopifycdn.com" },
  });
}

describe("session tokens without exp", () => {
  it("sends a page's document request to the bounce page for a new token, and loads it with a valid one", async () => {
    const shop = shopDomain();
    await createSession(shop);
    const withoutExp = await sessionToken(shop, { expiresIn: null });
    const bounced = (await thrownOrReturned(() =>
      appLayout({ request: documentRequest(shop, withoutExp), params: {}, context: {} }),
    )) as Response;
    expect(bounced).toBeInstanceOf(Response);
    expect(bounced.status).toBe(302);
    expect(new URL(bounced.headers.get("Location") ?? "", TEST_ENV.PLATFORM_APP_URL).pathname).toBe(
      "/auth/session-token",
    );
    const loaded = await appLayout({
      request: documentRequest(shop, await sessionToken(shop)),
      params: {},
      context: {},
    });
    expect(loaded).toMatchObject({ apiKey: TEST_ENV.PLATFORM_API_KEY });
  });

  it("answers an extension's fetch 401 with the retry and CORS headers, and serves one with exp", async () => {
    const shop = shopDomain();
    await createSession(shop);
    const refused = await deliveries({
      request: extensionRequest(await sessionToken(shop, { expiresIn: null })),
      params: {},
      context: {},
    });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ success: false, error: NO_SESSION });
    expect(refused.headers.get(RETRY)).toBe("1");
    expect(refused.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const served = await deliveries({ request: extensionRequest(await sessionToken(shop)), params: {}, context: {} });
    expect(served.status).toBe(200);
  });
});
