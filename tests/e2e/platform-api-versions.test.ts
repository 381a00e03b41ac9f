import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Listening } from "../../sandbox/lib/http";
import { mintSessionToken } from "../../sandbox/lib/jwt";
import { createPlatformSimulator } from "../../sandbox/platform/server";

const APP = { apiKey: "sim-client", secret: "sim-secret" };
const SHOP = "tienda-demo.myshopify.com";
const SET_AVAILABLE = `mutation StockSetAvailable($input: InventorySetQuantitiesInput!, $idempotencyKey: String!) {
  inventorySetQuantities(input: $input) @idempotent(key: $idempotencyKey) { userErrors { field message code } }
}`;

/** A platform simulator whose calendar is pinned, and a token for the demo shop. */
async function platformOn(day: string) {
  const server = await createPlatformSimulator({
    ...APP,
    appUrl: "http://127.0.0.1:9",
    scopes: "read_products,write_products,read_inventory,write_inventory,read_locations",
    today: () => new Date(`${day}T12:00:00Z`),
  }).listen(0);
  const exchanged = await fetch(`${server.url}/admin/oauth/access_token`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Shop-Domain": SHOP },
    body: JSON.stringify({
      client_id: APP.apiKey,
      client_secret: APP.secret,
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      subject_token: mintSessionToken({ shop: SHOP, ...APP }),
      subject_token_type: "urn:ietf:params:oauth:token-type:id_token",
      requested_token_type: "urn:shopify:params:oauth:token-type:offline-access-token",
      expiring: "1",
    }),
  });
  const { access_token: token } = (await exchanged.json()) as { access_token: string };
  const graphql = (version: string, query: string, variables: Record<string, unknown> = {}) =>
    fetch(`${server.url}/admin/api/${version}/graphql.json`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shop-Domain": SHOP, "X-Shopify-Access-Token": token },
      body: JSON.stringify({ query, variables }),
    });
  return { server, graphql };
}

describe("the platform simulator serves the Admin API version the path asks for, as the platform does", () => {
  const servers: Listening[] = [];
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  describe("on 2026-11-28", () => {
    let platform: Awaited<ReturnType<typeof platformOn>>;
    beforeAll(async () => {
      platform = await platformOn("2026-11-28");
      servers.push(platform.server);
    });

    it("answers a supported version with its X-Shopify-API-Version", async () => {
      const response = await platform.graphql("2026-10", "query Shop { shop { name } }");
      expect(response.status).toBe(200);
      expect(response.headers.get("x-shopify-api-version")).toBe("2026-10");
      expect(await response.json()).toMatchObject({ data: { shop: { name: expect.any(String) } } });
    });

    it("serves a request for 2025-10, past its window, by the oldest supported version and says so", async () => {
      const response = await platform.graphql("2025-10", "query Shop { shop { name } }");
      // 2026-01 serves it; the simulator holds only the published schemas committed in app/types/.
      expect(response.headers.get("x-shopify-api-version")).toBe("2026-01");
      expect(response.status).toBe(501);
      expect(JSON.stringify(await response.json())).toContain("no published schema of 2026-01");
    });

    it("answers a version the platform never released with 404", async () => {
      for (const version of ["2027-04", "2026-05", "latest"]) {
        const response = await platform.graphql(version, "query Shop { shop { name } }");
        expect(response.status).toBe(404);
        expect(response.headers.get("x-shopify-api-version")).toBeNull();
      }
    });
  });

  describe("on 2027-08-01, when 2026-10 is the oldest supported version", () => {
    let platform: Awaited<ReturnType<typeof platformOn>>;
    beforeAll(async () => {
      platform = await platformOn("2027-08-01");
      servers.push(platform.server);
    });

    it("serves 2025-10 as 2026-10, whose schema refuses the input field 2025-10 had", async () => {
      const input = {
        name: "available",
        reason: "correction",
        ignoreCompareQuantity: true,
        quantities: [
          { inventoryItemId: "gid://shopify/InventoryItem/1", locationId: "gid://shopify/Location/71001", quantity: 1 },
        ],
      };
      const response = await platform.graphql("2025-10", SET_AVAILABLE, { input, idempotencyKey: "k-1" });
      expect(response.headers.get("x-shopify-api-version")).toBe("2026-10");
      const body = (await response.json()) as { data?: unknown; errors: { extensions: { code: string } }[] };
      expect(body.data).toBeUndefined();
      expect(body.errors.map((error) => error.extensions.code)).toContain("INVALID_VARIABLE");
    });
  });
});
