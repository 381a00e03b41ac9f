import { describe, expect, it } from "vitest";
import { grantedScopes, missingScopes, missingScopesFor } from "~/services/platform/granted-scopes.server";
import { action as scopesUpdate } from "~/routes/webhooks.app.scopes_update";
import { createSession, shopDomain } from "../../helpers/factories";
import { webhookRequest } from "../../helpers/requests";

const HOLDS = ["write_merchant_managed_fulfillment_orders", "write_third_party_fulfillment_orders"];

describe("granted scopes", () => {
  it("reads the scopes the shop's offline session holds", async () => {
    const shop = shopDomain();
    await createSession(shop, { scope: "read_products, write_inventory" });
    expect([...(await grantedScopes(shop))]).toEqual(["read_products", "write_inventory"]);
    expect(await missingScopesFor(shop, ["read_inventory", "write_inventory", "read_locations"])).toEqual([
      "read_locations",
    ]);
  });

  it("counts a write scope as its read scope, never the other way round", () => {
    expect(missingScopes(new Set(["write_inventory"]), ["read_inventory"])).toEqual([]);
    expect(missingScopes(new Set(["read_inventory"]), ["write_inventory"])).toEqual(["write_inventory"]);
  });

  it("has nothing granted for a shop without a session", async () => {
    expect(await missingScopesFor(shopDomain(), ["read_locations"])).toEqual(["read_locations"]);
  });

  it("takes optional scopes granted later from app/scopes_update", async () => {
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
    expect(await missingScopesFor(shop, HOLDS)).toEqual([]);
  });
});
