import { describe, expect, it } from "vitest";
import { action as scopesUpdate } from "~/routes/webhooks.app.scopes_update";
import { grantedScopes, missingFrom, missingScopes } from "~/services/platform/granted-scopes.server";
import { createSession, shopDomain } from "../../helpers/factories";
import { webhookRequest } from "../../helpers/requests";

const HOLDS = ["write_merchant_managed_fulfillment_orders", "write_third_party_fulfillment_orders"];

describe("granted scopes", () => {
  it("reads the offline session's scopes and says which a feature lacks", async () => {
    const shop = shopDomain();
    await createSession(shop, { scope: "read_orders,write_orders, write_merchant_managed_fulfillment_orders" });
    expect(await grantedScopes(shop)).toEqual(
      new Set(["read_orders", "write_orders", "write_merchant_managed_fulfillment_orders"]),
    );
    expect(await missingScopes(shop, HOLDS)).toEqual(["write_third_party_fulfillment_orders"]);
  });

  it("a write scope grants its read scope", () => {
    expect(missingFrom(new Set(["write_orders"]), ["read_orders", "read_products"])).toEqual(["read_products"]);
  });

  it("a shop without a session has none", async () => {
    expect(await missingScopes(shopDomain(), HOLDS)).toEqual(HOLDS);
  });

  it("optional scopes granted later arrive through app/scopes_update", async () => {
    const shop = shopDomain();
    await createSession(shop, { scope: "read_orders,write_orders" });
    const response = await scopesUpdate({
      request: webhookRequest(
        "/webhooks/app/scopes_update",
        { current: ["read_orders", "write_orders", ...HOLDS] },
        { shop, topic: "app/scopes_update" },
      ),
    });
    expect(response.status).toBe(200);
    expect(await missingScopes(shop, HOLDS)).toEqual([]);
  });
});
