import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { execute } from "../../sandbox/platform/graphql";
import { APP_OPTIONAL_SCOPES, grantScopes } from "../../sandbox/platform/scopes";
import { newShopState } from "../../sandbox/platform/state";

const INSTALLED = "read_products,write_products,read_orders,write_orders,read_customers,read_themes,write_themes";
const LOCATIONS = `query { locations(first: 5) { nodes { id } } }`;

describe("the admin's grant of optional scopes, in the sandbox", () => {
  it("knows the optional scopes shopify.app.toml declares, no more, no fewer", () => {
    const toml = readFileSync(path.resolve("shopify.app.toml"), "utf8");
    const declared = /optional_scopes\s*=\s*\[([^\]]*)\]/
      .exec(toml)![1]
      .match(/"([^"]+)"/g)!
      .map((s) => s.slice(1, -1));
    expect([...APP_OPTIONAL_SCOPES].sort()).toEqual([...declared].sort());
  });

  it("adds the scopes granted to the shop's, once each, and the API allows what they allow from then on", () => {
    const shop = newShopState("scopes.myshopify.com", INSTALLED);
    expect(execute(shop, LOCATIONS, {}).errors?.[0]?.message).toContain("read_locations");
    const granted = grantScopes(shop.scope, ["read_inventory", "write_inventory", "read_locations"]);
    expect(granted).toEqual({ scope: `${INSTALLED},read_inventory,write_inventory,read_locations` });
    shop.scope = (granted as { scope: string }).scope;
    expect(execute(shop, LOCATIONS, {}).errors ?? []).toEqual([]);
    expect(grantScopes(shop.scope, ["read_locations"])).toEqual({ scope: shop.scope });
  });

  it("refuses a scope the app did not declare as optional, and a request that names none", () => {
    expect(grantScopes(INSTALLED, ["write_customers"])).toEqual({
      error: "Not among the app's optional scopes: write_customers",
    });
    expect(grantScopes(INSTALLED, [])).toMatchObject({ error: expect.stringContaining("non-empty") });
    expect(grantScopes(INSTALLED, "read_inventory")).toMatchObject({ error: expect.stringContaining("non-empty") });
  });
});
