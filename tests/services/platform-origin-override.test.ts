import v8 from "node:v8";
import vm from "node:vm";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { parseEnv, EnvError } from "~/env.server";
import {
  allowOverrideAdminToFrame,
  installPlatformOriginOverride,
  redirectShopRequests,
} from "~/services/platform/origin-override.server";
import { shopDomain } from "../helpers/factories";
import { startLocalServer } from "../helpers/local-server";
import { adminRequest } from "../helpers/requests";
import { TEST_ENV } from "../helpers/test-env";
import { server } from "../mocks/server";

const STAND_IN = "http://127.0.0.1:4010";

describe("PLATFORM_ORIGIN_OVERRIDE", () => {
  it("sends a shop request to the stand-in origin with the same path, query, method, body and the shop header", async () => {
    let seen: { url: string; method: string; shop: string | null; token: string | null; body: unknown } | undefined;
    server.use(
      http.post(`${STAND_IN}/admin/api/2026-10/graphql.json`, async ({ request }) => {
        seen = {
          url: request.url,
          method: request.method,
          shop: request.headers.get("X-Shop-Domain"),
          token: request.headers.get("X-Shopify-Access-Token"),
          body: await request.json(),
        };
        return HttpResponse.json({ data: { ok: true } });
      }),
    );
    const redirected = redirectShopRequests(fetch, STAND_IN);
    const response = await redirected("https://tienda-demo.myshopify.com/admin/api/2026-10/graphql.json?debug=1", {
      method: "POST",
      headers: { "X-Shopify-Access-Token": "shpat_x", "Content-Type": "application/json" },
      body: JSON.stringify({ query: "{ shop { name } }" }),
    });
    expect(await response.json()).toEqual({ data: { ok: true } });
    expect(seen).toEqual({
      url: `${STAND_IN}/admin/api/2026-10/graphql.json?debug=1`,
      method: "POST",
      shop: "tienda-demo.myshopify.com",
      token: "shpat_x",
      body: { query: "{ shop { name } }" },
    });
  });

  it("abandons a hanging stand-in at the caller's timeout, even after a garbage collection", async () => {
    // A real GC while the call waits: the bug (nodejs/node#55428) only shows once the timeout signal is collected.
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    const hanging = await startLocalServer(() => {});
    const collect = setInterval(gc, 20);
    const redirected = redirectShopRequests(fetch, hanging.origin);
    const timedCall = async (url: string) => {
      const started = Date.now();
      // 1 s: long enough for the request to reach the stand-in on a loaded machine, far below the 40 to 60 s the
      // lost signal used to leave a call waiting.
      const call = redirected(url, { method: "POST", body: "{}", signal: AbortSignal.timeout(1_000) });
      const outcome = await Promise.race([
        call.then(
          () => "answered",
          (error: Error) => error.name,
        ),
        new Promise((resolve) => setTimeout(() => resolve("still waiting after 6 s"), 6_000)),
      ]);
      return { outcome, ms: Date.now() - started };
    };
    try {
      // A platform call (redirected) and an automation trigger (passed through) under the override.
      for (const url of [
        "https://tienda-demo.myshopify.com/admin/api/2026-10/graphql.json",
        `${hanging.origin}/api/flows/f_101/trigger`,
      ]) {
        const { outcome, ms } = await timedCall(url);
        expect(outcome).toBe("TimeoutError");
        expect(ms).toBeLessThan(3_000);
      }
      expect(hanging.requests).toEqual(["/admin/api/2026-10/graphql.json", "/api/flows/f_101/trigger"]);
    } finally {
      clearInterval(collect);
      await hanging.close();
    }
  });

  it("leaves requests to other hosts alone", async () => {
    let hit = false;
    server.use(http.get("https://automation.test/api/accounts/flows", () => ((hit = true), HttpResponse.json([]))));
    const redirected = redirectShopRequests(fetch, STAND_IN);
    await redirected("https://automation.test/api/accounts/flows");
    expect(hit).toBe(true);
  });

  it("sends the library's token exchange to the stand-in, so a shop installs through the real auth path", async () => {
    const shop = shopDomain("override-install");
    let exchange: Record<string, unknown> | undefined;
    server.use(
      http.post(`${STAND_IN}/admin/oauth/access_token`, async ({ request }) => {
        expect(request.headers.get("X-Shop-Domain")).toBe(shop);
        exchange = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ access_token: "shpat_from_stand_in", scope: TEST_ENV.SCOPES });
      }),
    );
    process.env.PLATFORM_ORIGIN_OVERRIDE = STAND_IN;
    const { resetEnvForTests } = await import("~/env.server");
    resetEnvForTests();
    const { authenticateAdminApi } = await import("~/services/platform/admin-auth.server");

    const { shop: authenticated } = await authenticateAdminApi(await adminRequest("/api/settings", shop));

    expect(authenticated).toBe(shop);
    expect(exchange).toMatchObject({
      client_id: TEST_ENV.PLATFORM_API_KEY,
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      requested_token_type: "urn:shopify:params:oauth:token-type:offline-access-token",
      expiring: "1",
    });
    const { loadOfflineSession } = await import("~/services/platform/offline-admin.server");
    expect((await loadOfflineSession(shop))?.accessToken).toBe("shpat_from_stand_in");
  });

  it("lets the stand-in admin frame the app", async () => {
    installPlatformOriginOverride(STAND_IN);
    const headers = new Headers({ "Content-Security-Policy": "frame-ancestors https://a.myshopify.com;" });
    allowOverrideAdminToFrame(headers);
    expect(headers.get("Content-Security-Policy")).toBe(`frame-ancestors ${STAND_IN} https://a.myshopify.com;`);
  });

  it("refuses to start with the override when NODE_ENV is production", () => {
    expect(() => parseEnv({ ...TEST_ENV, NODE_ENV: "production", PLATFORM_ORIGIN_OVERRIDE: STAND_IN })).toThrow(
      EnvError,
    );
    try {
      parseEnv({ ...TEST_ENV, NODE_ENV: "production", PLATFORM_ORIGIN_OVERRIDE: STAND_IN });
    } catch (error) {
      expect((error as EnvError).problems).toEqual([
        "PLATFORM_ORIGIN_OVERRIDE: must not be set when NODE_ENV is production (it is for the sandbox and tests)",
      ]);
    }
    expect(parseEnv({ ...TEST_ENV, NODE_ENV: "development", PLATFORM_ORIGIN_OVERRIDE: STAND_IN })).toMatchObject({
      PLATFORM_ORIGIN_OVERRIDE: STAND_IN,
    });
  });
});
