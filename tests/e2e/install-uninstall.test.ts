import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installShop, adminFetch, BROWSER_USER_AGENT } from "../../sandbox/stack";
import { postJson, query, shopRowCounts, startE2eStack, type Stack } from "./helpers";

const SHOP = "tienda-e2e.myshopify.com";

describe("install and uninstall, end to end", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startE2eStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("installs a shop through the token exchange with the platform, storing the offline token it issued sealed", async () => {
    await installShop(stack, SHOP);
    const [session] = await query<{ id: string; accessToken: string; isOnline: number; scope: string }>(
      stack,
      `SELECT "id", "accessToken", "isOnline", "scope" FROM "Session" WHERE "shop" = ?`,
      [SHOP],
    );
    expect(session.id).toBe(`offline_${SHOP}`);
    expect(Number(session.isOnline)).toBe(0);
    // Sealed at rest (docs/decisions/065): the row holds none of the offline tokens the platform issued. The first
    // page's layout and page loaders authenticate in parallel, yet share one token exchange (docs/decisions/148).
    const issued = [...(stack.platform.shops.get(SHOP)?.accessTokens ?? [])];
    expect(issued).toHaveLength(1);
    expect(session.accessToken).toMatch(/^v1\./);
    for (const token of issued) expect(session.accessToken).not.toContain(token);
    expect(session.scope.split(",")).toContain("write_orders");
    // The install time, recorded by the afterAuth hook (docs/decisions/131), is kept by a later authentication.
    const installed = await query<{ installedAt: unknown }>(
      stack,
      `SELECT "installedAt" FROM "ShopInstallation" WHERE "shop" = ?`,
      [SHOP],
    );
    expect(installed).toHaveLength(1);
    await installShop(stack, SHOP);
    expect(await query(stack, `SELECT "installedAt" FROM "ShopInstallation" WHERE "shop" = ?`, [SHOP])).toEqual(
      installed,
    );
  });

  it("serves the embedded app so that the stand-in admin may frame it and with the stand-in App Bridge", async () => {
    const url = new URL("/app", stack.appUrl);
    url.search = new URLSearchParams({
      embedded: "1",
      shop: SHOP,
      host: Buffer.from("admin.shopify.com/store/tienda-e2e").toString("base64"),
      id_token: stack.sessionToken(SHOP),
    }).toString();
    const response = await fetch(url, { headers: { "User-Agent": BROWSER_USER_AGENT } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Security-Policy")).toContain(`frame-ancestors ${stack.platformUrl}`);
    expect(await response.text()).toContain(`src="${stack.platformUrl}/admin/app-bridge.js"`);
  });

  it("sends a visit without a session token to the login, and serves one the admin signed", async () => {
    const without = await fetch(new URL("/app", stack.appUrl), {
      headers: { "User-Agent": BROWSER_USER_AGENT },
      redirect: "manual",
    });
    expect([without.status, new URL(without.headers.get("Location") ?? "", stack.appUrl).pathname]).toEqual([
      302,
      "/auth/login",
    ]);
    const signed = await adminFetch(stack, SHOP, "/app?embedded=1");
    expect(signed.status).toBe(200);
  });

  it("answers the three compliance topics sent by the platform", async () => {
    for (const topic of ["customers/data_request", "customers/redact", "shop/redact"]) {
      const { body } = await postJson<{ deliveries: { status: number }[] }>(`${stack.platformUrl}/sim/webhooks`, {
        shop: SHOP,
        topic,
      });
      expect({ topic, status: body.deliveries[0].status }).toEqual({ topic, status: 200 });
    }
  });

  it("deletes everything of the shop when the platform says the app was uninstalled", async () => {
    await installShop(stack, SHOP);
    expect(Object.values(await shopRowCounts(stack, SHOP)).some((count) => count > 0)).toBe(true);
    const { body } = await postJson<{ deliveries: { status: number }[] }>(`${stack.platformUrl}/sim/webhooks`, {
      shop: SHOP,
      topic: "app/uninstalled",
    });
    expect(body.deliveries[0].status).toBe(200);
    const counts = await shopRowCounts(stack, SHOP);
    expect(Object.keys(counts)).toEqual(expect.arrayContaining(["Session", "ShopConfiguration", "ProductAssociation"]));
    expect(Object.entries(counts).filter(([, count]) => count > 0)).toEqual([]);
  });

  it("refuses a webhook whose signature is not the app's", async () => {
    const response = await fetch(`${stack.appUrl}/webhooks/app/uninstalled`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Shopify-Topic": "app/uninstalled",
        "X-Shopify-Shop-Domain": SHOP,
        "X-Shopify-Hmac-Sha256": "bm90LXRoZS1zaWduYXR1cmU=",
      },
      body: "{}",
    });
    expect(response.status).toBe(401);
  });
});
