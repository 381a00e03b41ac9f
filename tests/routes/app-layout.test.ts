import { describe, expect, it } from "vitest";
import { loader } from "~/routes/app";
import { createConfiguration, createSession, shopDomain } from "../helpers/factories";
import { adminRequest } from "../helpers/requests";
import { TEST_ENV } from "../helpers/test-env";

async function load(path: string, shop: string) {
  const result = await loader({ request: await adminRequest(path, shop), params: {}, context: {} });
  return result as { apiKey: string; locale: string | null };
}

describe("admin layout loader", () => {
  it("passes the admin's locale to the pages", async () => {
    const shop = shopDomain();
    await createSession(shop);
    expect(await load("/app?locale=es-CO", shop)).toEqual({ apiKey: TEST_ENV.PLATFORM_API_KEY, locale: "es-CO" });
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
