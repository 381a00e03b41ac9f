import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { Listening } from "../../sandbox/lib/http";
import { routeOrder } from "../../sandbox/platform/fulfillment";
import { createPlatformSimulator } from "../../sandbox/platform/server";
import { createOrder } from "../../sandbox/platform/state";
import { letThrough } from "./supplier-helpers";

export const INSTALLED =
  "read_products,write_products,read_orders,write_orders,read_customers,read_themes,write_themes";
export const FULFIL = "write_merchant_managed_fulfillment_orders";
const TOKEN = "shpat_journey_token";

export type Body = {
  data?: Record<string, Record<string, unknown> & { userErrors?: { field: string[] | null; message: string }[] }>;
  errors?: { message: string; extensions: { code: string } }[];
};

/**
 * A platform simulator listening for the test file; `routedOrder` gives a fresh shop (its token accepted, the
 * scopes asked for) with one routed order, a GraphQL client that sends real requests to it, and the order's
 * recorded actions (GET /sim/fulfillment).
 */
export function platformStack() {
  const sim = createPlatformSimulator({
    apiKey: "journey-key",
    secret: "journey-secret",
    appUrl: "http://127.0.0.1:9",
  });
  let server: Listening;
  let shopCount = 0;
  beforeAll(async () => {
    server = await sim.listen();
  });
  afterAll(() => server.close());
  beforeEach(() => letThrough(server.url));

  async function routedOrder(scope = `${INSTALLED},${FULFIL}`) {
    const domain = `journey-${++shopCount}.myshopify.com`;
    await fetch(`${server.url}/sim/shops`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ shop: domain, accessToken: TOKEN }),
    });
    const shop = sim.shopState(domain);
    shop.scope = scope;
    const order = createOrder(shop);
    const fulfillmentOrder = routeOrder(shop, order)!;
    const gql = async (query: string, variables: Record<string, unknown> = {}) => {
      const response = await fetch(`${server.url}/admin/api/2026-10/graphql.json`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shop-Domain": domain, "X-Shopify-Access-Token": TOKEN },
        body: JSON.stringify({ query, variables }),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as Body;
    };
    const actions = async () => {
      const response = await fetch(`${server.url}/sim/fulfillment?shop=${domain}&order=${order.id}`);
      return ((await response.json()) as { events: { action: string; detail: Record<string, unknown> }[] }).events;
    };
    return {
      shop,
      order,
      orderId: `gid://shopify/Order/${order.id}`,
      foId: `gid://shopify/FulfillmentOrder/${fulfillmentOrder.id}`,
      fulfillmentOrder,
      gql,
      actions,
    };
  }
  return { routedOrder };
}

export type Journey = Awaited<ReturnType<ReturnType<typeof platformStack>["routedOrder"]>>;

export const FULFIL_ALL = `mutation Fulfil($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) {
    fulfillment { id status displayStatus trackingInfo { number company url } }
    userErrors { field message }
  }
}`;
