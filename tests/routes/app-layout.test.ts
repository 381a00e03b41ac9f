import { describe, expect, it } from "vitest";
import { loader } from "~/routes/app";
import {
  createAutomatedShop,
  createConfiguration,
  createDelivery,
  createSession,
  shopDomain,
} from "../helpers/factories";
import { adminRequest } from "../helpers/requests";
import { TEST_ENV } from "../helpers/test-env";
import { mockPlatform } from "../mocks/platform";

async function load(path: string, shop: string) {
  const result = await loader({ request: await adminRequest(path, shop), params: {}, context: {} });
  return result as { apiKey: string; locale: string | null; alert: { kind: string } | null; timeZone: string };
}

describe("admin layout loader", () => {
  it("passes the admin's locale to the pages", async () => {
    const shop = shopDomain();
    await createSession(shop);
    expect(await load("/app?locale=es-CO", shop)).toMatchObject({ apiKey: TEST_ENV.PLATFORM_API_KEY, locale: "es-CO" });
  });

  it("brings the shop's own delivery alert with the document, and none for a quiet shop", async () => {
    const failing = await createAutomatedShop();
    const quiet = await createAutomatedShop();
    await createDelivery(failing, {
      status: "dead",
      lastError: "Automation platform answered HTTP 401: invalid token",
    });
    await createDelivery(quiet, { status: "delivered" });
    expect((await load("/app", failing)).alert).toMatchObject({ kind: "key_refused", failing: 1 });
    expect((await load("/app", quiet)).alert).toBeNull();
  });

  it("gives the pages the shop's own time zone, asked of the platform once", async () => {
    const shop = shopDomain();
    await createSession(shop);
    const calls = mockPlatform(shop, { ShopTimeZone: () => ({ shop: { ianaTimezone: "America/Bogota" } }) });
    expect((await load("/app?locale=es-CO", shop)).timeZone).toBe("America/Bogota");
    expect((await load("/app/deliveries", shop)).timeZone).toBe("America/Bogota");
    expect(calls).toHaveLength(1);
  });

  it("gives no locale when the admin sent none, so App Bridge's is used", async () => {
    const shop = shopDomain();
    await createSession(shop);
    expect((await load("/app", shop)).locale).toBeNull();
  });

  it("sends the browser the public client id and nothing secret", async () => {
    const shop = shopDomain();
    await createSession(shop, { accessToken: "shpat_layout_secret" });
    await createConfiguration(shop, { automationApiKey: "automation-secret-key", supplierToken: "supplier-secret" });
    const body = JSON.stringify(await load("/app?locale=en", shop));
    for (const secret of [
      "shpat_layout_secret",
      "automation-secret-key",
      "supplier-secret",
      TEST_ENV.PLATFORM_API_SECRET,
    ]) {
      expect(body).not.toContain(secret);
    }
  });
});
