import { describe, expect, it } from "vitest";
import { grantedScopes, missingScopes, missingScopesFor } from "~/services/platform/granted-scopes.server";
import { createSession, shopDomain } from "../../helpers/factories";

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
});
