import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import AdmZip from "adm-zip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAutomationSimulator } from "../../sandbox/automation/server";
import type { Listening } from "../../sandbox/lib/http";
import { mintSessionToken } from "../../sandbox/lib/jwt";
import { createPlatformSimulator } from "../../sandbox/platform/server";
import { createRepoHostSimulator, SANDBOX_REPO } from "../../sandbox/repo-host/server";
import { createSupplierSimulator, SANDBOX_SUPPLIER_TOKEN } from "../../sandbox/supplier/server";
import throttledReference from "../fixtures/reference/platform-graphql-throttled.json";
import { eventually, getJson, postJson } from "./helpers";

const APP = { apiKey: "sim-client", secret: "sim-secret" };
const SHOP = "tienda-demo.myshopify.com";
const ORIGIN = "http://127.0.0.1:4031";

/** Stands in for the app: records what the simulators post to it. */
function recorder() {
  const received: { path: string; headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      response.writeHead(200, { "Content-Type": "text/plain" }).end("OK");
    });
  });
  return { received, server };
}

describe("the simulators keep the real systems' contracts", () => {
  const app = recorder();
  let appUrl = "";
  const servers: Listening[] = [];
  let platform: string;
  let automation: string;
  let supplier: string;
  let repoHost: string;
  let accessToken = "";

  const graphql = (query: string, variables: Record<string, unknown> = {}, token = accessToken) =>
    fetch(`${platform}/admin/api/2026-10/graphql.json`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shop-Domain": SHOP, "X-Shopify-Access-Token": token },
      body: JSON.stringify({ query, variables }),
    });

  beforeAll(async () => {
    await new Promise<void>((resolve) => app.server.listen(0, "127.0.0.1", resolve));
    appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const started = await Promise.all([
      createPlatformSimulator({ ...APP, appUrl }).listen(0),
      createAutomationSimulator().listen(0),
      createSupplierSimulator({ origin: ORIGIN, size: 300 }).listen(0),
      createRepoHostSimulator().listen(0),
    ]);
    servers.push(...started);
    [platform, automation, supplier, repoHost] = started.map((server) => server.url);

    const exchange = await postTokenExchange(mintSessionToken({ shop: SHOP, ...APP }));
    accessToken = exchange.body.access_token as string;
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    app.server.closeAllConnections();
    await new Promise((resolve) => app.server.close(resolve));
  });

  function postToken(body: Record<string, string>) {
    return fetch(`${platform}/admin/oauth/access_token`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shop-Domain": SHOP },
      body: JSON.stringify({ client_id: APP.apiKey, client_secret: APP.secret, ...body }),
    }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
    }));
  }

  function postTokenExchange(subjectToken: string, secret = APP.secret, expiring = "1") {
    return fetch(`${platform}/admin/oauth/access_token`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shop-Domain": SHOP },
      body: JSON.stringify({
        client_id: APP.apiKey,
        client_secret: secret,
        grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
        subject_token: subjectToken,
        subject_token_type: "urn:ietf:params:oauth:token-type:id_token",
        requested_token_type: "urn:shopify:params:oauth:token-type:offline-access-token",
        expiring,
      }),
    }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
    }));
  }

  describe("platform", () => {
    it("exchanges a valid session token for an expiring offline access token and a refresh token", async () => {
      expect(accessToken).toMatch(/^shpat_sim_[0-9a-f]{32}$/);
      const { body } = await postTokenExchange(mintSessionToken({ shop: SHOP, ...APP }));
      expect(body).toMatchObject({ expires_in: 3600, refresh_token_expires_in: 7_776_000 });
      expect(body.refresh_token).toMatch(/^shprt_sim_[0-9a-f]{32}$/);
    });

    it("rotates the pair on refresh, keeps the previous refresh token until its replacement is used", async () => {
      const { body: first } = await postTokenExchange(mintSessionToken({ shop: SHOP, ...APP }));
      const refresh = (token: unknown) => postToken({ grant_type: "refresh_token", refresh_token: String(token) });
      const second = await refresh(first.refresh_token);
      expect(second.status).toBe(200);
      expect(second.body.refresh_token).not.toBe(first.refresh_token);
      // A lost answer: the previous refresh token still works, and its new answer replaces the lost one.
      const retried = await refresh(first.refresh_token);
      expect(retried.status).toBe(200);
      expect((await refresh(second.body.refresh_token)).status).toBe(400);
      // Using the replacement retires the token before it.
      expect((await refresh(retried.body.refresh_token)).status).toBe(200);
      expect((await refresh(first.refresh_token)).status).toBe(400);
      expect((await graphql("query Q { shop { name } }", {}, String(retried.body.access_token))).status).toBe(200);
    });

    it("refuses a non-expiring offline token with the platform's 401, and exchanges it for an expiring pair", async () => {
      const { body } = await postTokenExchange(mintSessionToken({ shop: SHOP, ...APP }), APP.secret, "0");
      expect(body.refresh_token).toBeUndefined();
      const old = String(body.access_token);
      expect((await graphql("query Q { shop { name } }", {}, old)).status).toBe(401);
      const migrated = await postToken({
        grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
        subject_token: old,
        subject_token_type: "urn:shopify:params:oauth:token-type:offline-access-token",
        requested_token_type: "urn:shopify:params:oauth:token-type:offline-access-token",
        expiring: "1",
      });
      expect(migrated.status).toBe(200);
      expect(migrated.body.refresh_token).toMatch(/^shprt_sim_/);
      expect((await graphql("query Q { shop { name } }", {}, String(migrated.body.access_token))).status).toBe(200);
    });

    it("answers REST admin endpoints as for a GraphQL-only app", async () => {
      const response = await fetch(`${platform}/admin/api/2026-10/themes.json`, {
        headers: { "X-Shop-Domain": SHOP, "X-Shopify-Access-Token": accessToken },
      });
      expect(response.status).toBe(403);
      expect((await response.json()).errors).toMatch(/GraphQL Admin API/);
    });

    it("refuses a token exchange with the wrong client secret or a forged session token", async () => {
      expect((await postTokenExchange(mintSessionToken({ shop: SHOP, ...APP }), "wrong")).status).toBe(401);
      const forged = mintSessionToken({ shop: SHOP, apiKey: APP.apiKey, secret: "not-the-secret" });
      expect((await postTokenExchange(forged)).status).toBe(400);
    });

    it("refuses GraphQL calls without a token it issued", async () => {
      expect((await graphql("query Q { shop { name } }", {}, "shpat_forged")).status).toBe(401);
    });

    it("finds an order by name and answers in the 2026-10 shape with the cost block", async () => {
      const created = await postJson<{ order: { name: string } }>(`${platform}/sim/orders`, {
        shop: SHOP,
        webhook: false,
      });
      const response = await graphql(
        `
          #graphql
          query OrderByName($query: String!) {
            orders(first: 1, query: $query) {
              edges {
                node {
                  id
                  name
                  tags
                }
              }
            }
          }
        `,
        { query: `name:${created.body.order.name}` },
      );
      const body = (await response.json()) as {
        data: { orders: { edges: { node: Record<string, unknown> }[] } };
        extensions: { cost: { requestedQueryCost: number; throttleStatus: Record<string, number> } };
      };
      expect(body.data.orders.edges).toHaveLength(1);
      const node = body.data.orders.edges[0].node as {
        id: string;
        name: string;
        totalPriceSet: { shopMoney: { amount: string; currencyCode: string } };
        lineItems: { edges: { node: { variant: { id: string } } }[] };
      };
      expect(node.name).toBe(created.body.order.name);
      expect(node.id).toMatch(/^gid:\/\/shopify\/Order\/\d+$/);
      expect(node.totalPriceSet.shopMoney.currencyCode).toBe("COP");
      expect(node.lineItems.edges[0].node.variant.id).toMatch(/^gid:\/\/shopify\/ProductVariant\/\d+$/);
      expect(body.extensions.cost.throttleStatus).toEqual({
        maximumAvailable: 2000,
        currentlyAvailable: 2000 - body.extensions.cost.requestedQueryCost,
        restoreRate: 100,
      });
    });

    it("adds tags without removing earlier ones, and lists the newest orders first", async () => {
      const { body: created } = await postJson<{ order: { id: string; name: string } }>(`${platform}/sim/orders`, {
        shop: SHOP,
        webhook: false,
      });
      const tagsAdd = `mutation OrderTagsAdd($id: ID!, $tags: [String!]!) { tagsAdd(id: $id, tags: $tags) { node { id } userErrors { field message } } }`;
      await graphql(tagsAdd, { id: created.order.id, tags: ["automation-pending"] });
      const second = await (await graphql(tagsAdd, { id: created.order.id, tags: ["automation-processed"] })).json();
      expect(second.data.tagsAdd).toEqual({ node: { __typename: "Order", id: created.order.id }, userErrors: [] });

      const recent = await (
        await graphql(
          "query RecentOrders { orders(first: 10, sortKey: CREATED_AT, reverse: true) { nodes { name tags } } }",
        )
      ).json();
      expect(recent.data.orders.nodes[0]).toMatchObject({
        name: created.order.name,
        tags: ["automation-pending", "automation-processed"],
      });
      expect(recent.data.orders.nodes.length).toBeLessThanOrEqual(10);
    });

    it("answers THROTTLED as the platform does for as many requests as asked, then normally", async () => {
      await postJson(`${platform}/sim/throttle`, { requests: 1 });
      const throttled = await (await graphql("query Products { products(first: 250) { nodes { id } } }")).json();
      expect(throttled.errors[0].extensions.code).toBe(throttledReference.errors[0].extensions.code);
      expect(Object.keys(throttled.extensions.cost.throttleStatus).sort()).toEqual(
        Object.keys(throttledReference.extensions.cost.throttleStatus).sort(),
      );
      const after = await (await graphql("query Products { products(first: 250) { nodes { id } } }")).json();
      expect(after.errors).toBeUndefined();
      expect(after.data.products.nodes.length).toBeGreaterThan(0);
    });

    it("changes nothing when it answers THROTTLED", async () => {
      const { body: created } = await postJson<{ order: { id: string; name: string } }>(`${platform}/sim/orders`, {
        shop: SHOP,
        webhook: false,
      });
      await postJson(`${platform}/sim/throttle`, { requests: 1, status: 429 });
      const refused = await graphql(
        "mutation OrderTagsAdd($id: ID!, $tags: [String!]!) { tagsAdd(id: $id, tags: $tags) { userErrors { message } } }",
        { id: created.order.id, tags: ["automation-processed"] },
      );
      expect([refused.status, (await refused.json()).errors[0].extensions.code]).toEqual([429, "THROTTLED"]);
      const { body } = await getJson<{ order: { tags: string[] } }>(
        `${platform}/sim/orders/${created.order.name.slice(1)}?shop=${SHOP}`,
      );
      expect(body.order.tags).toEqual([]);
    });

    it("throttles by a leaky bucket of query points when switched on, and refills it over time", async () => {
      await postJson(`${platform}/sim/throttle`, { bucket: { maximumAvailable: 15, restoreRate: 100 } });
      const products = () => graphql("query Products { products(first: 50) { nodes { id } } }").then((r) => r.json());
      const first = await products();
      expect(first.extensions.cost.throttleStatus).toEqual({
        maximumAvailable: 15,
        currentlyAvailable: 4,
        restoreRate: 100,
      });
      const second = await products();
      expect(second.errors?.[0].extensions.code).toBe("THROTTLED");
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await products()).errors).toBeUndefined();
      await postJson(`${platform}/sim/throttle`, { bucket: null });
    });

    it("updates a product's title, description, media and barcodes", async () => {
      const products = await (await graphql("query Products { products(first: 250) { nodes { id } } }")).json();
      const productId = products.data.products.nodes[1].id as string;
      const detail = await (
        await graphql(
          "query ProductVariants($id: ID!) { product(id: $id) { id title variants(first: 250) { nodes { id } } } }",
          {
            id: productId,
          },
        )
      ).json();
      const variantIds = (detail.data.product.variants.nodes as { id: string }[]).map((variant) => variant.id);
      expect(variantIds.length).toBeGreaterThan(1);

      await graphql(
        "mutation ProductUpdate($product: ProductUpdateInput!) { productUpdate(product: $product) { product { id } userErrors { message } } }",
        {
          product: { id: productId, title: "Camiseta deportiva premium", descriptionHtml: "<p>Nueva</p>" },
        },
      );
      await graphql(
        "mutation ProductAddMedia($product: ProductUpdateInput!, $media: [CreateMediaInput!]!) { productUpdate(product: $product, media: $media) { product { id } userErrors { message } } }",
        {
          product: { id: productId },
          media: [{ originalSource: `${supplier}/images/a.webp`, mediaContentType: "IMAGE", alt: "a" }],
        },
      );
      const bulk = await (
        await graphql(
          "mutation ProductVariantsBarcodes($productId: ID!, $variants: [ProductVariantsBulkInput!]!) { productVariantsBulkUpdate(productId: $productId, variants: $variants) { productVariants { id barcode } userErrors { message } } }",
          { productId, variants: [{ id: variantIds[0], barcode: "7701234567890" }] },
        )
      ).json();
      expect(bulk.data.productVariantsBulkUpdate.userErrors).toEqual([]);

      const { body } = await getJson<{
        products: {
          id: string;
          title: string;
          descriptionHtml: string;
          media: { nodes: unknown[] };
          variants: { nodes: { barcode: string | null }[] };
        }[];
      }>(`${platform}/sim/products?shop=${SHOP}`);
      const changed = body.products.find((product) => product.id === productId)!;
      expect(changed.title).toBe("Camiseta deportiva premium");
      expect(changed.descriptionHtml).toBe("<p>Nueva</p>");
      expect(changed.media.nodes).toHaveLength(1);
      expect(changed.variants.nodes[0].barcode).toBe("7701234567890");
    });

    it("answers an operation the published schema refuses as the platform does: HTTP 200, its errors, no data", async () => {
      const response = await graphql("query X { nothingHere { id } }");
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body).not.toHaveProperty("data");
      expect(body.errors).toEqual([
        {
          message: "Field 'nothingHere' doesn't exist on type 'QueryRoot'",
          locations: [{ line: 1, column: 11 }],
          path: ["query X", "nothingHere"],
          extensions: { code: "undefinedField", typeName: "QueryRoot", fieldName: "nothingHere" },
        },
      ]);
    });

    it("creates a theme with themeCreate and processes it asynchronously: processed, or failed", async () => {
      const create = async (source: string) =>
        (
          await (
            await graphql(
              `
                mutation ThemeCreate($source: URL!, $name: String!) {
                  themeCreate(source: $source, name: $name, role: UNPUBLISHED) {
                    theme {
                      id
                      name
                      role
                      processing
                      processingFailed
                    }
                    userErrors {
                      field
                      message
                    }
                  }
                }
              `,
              { source, name: "Automation Theme 2.5" },
            )
          ).json()
        ).data.themeCreate.theme as { id: string; processing: boolean; role: string };
      const status = async (id: string) =>
        (
          await (
            await graphql("query ThemeStatus($id: ID!) { theme(id: $id) { processing processingFailed } }", { id })
          ).json()
        ).data.theme as { processing: boolean; processingFailed: boolean };
      const settled = async (id: string) => {
        for (let i = 0; i < 100; i++) {
          const current = await status(id);
          if (!current.processing) return current;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error("the theme never finished processing");
      };

      const good = await create(`${repoHost}/public/tema-cod.zip`);
      expect(good).toMatchObject({ role: "UNPUBLISHED", processing: true });
      expect(await settled(good.id)).toMatchObject({ processing: false, processingFailed: false });

      const bad = await create(`${repoHost}/public/not-a-theme.zip`);
      expect(await settled(bad.id)).toMatchObject({ processing: false, processingFailed: true });
    });

    it("signs webhooks with the app secret and repeats the event id on deliberate duplicates", async () => {
      app.received.length = 0;
      const { body } = await postJson<{ deliveries: { eventId: string; status: number }[] }>(`${platform}/sim/orders`, {
        shop: SHOP,
        duplicates: 1,
      });
      expect(body.deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
      expect(app.received).toHaveLength(2);
      const [first, second] = app.received;
      expect(first.path).toBe("/webhooks/orders/create");
      expect(first.headers["x-shopify-hmac-sha256"]).toBe(
        createHmac("sha256", APP.secret).update(first.body, "utf8").digest("base64"),
      );
      expect(first.headers["x-shopify-topic"]).toBe("orders/create");
      expect(first.headers["x-shopify-shop-domain"]).toBe(SHOP);
      expect(second.headers["x-shopify-event-id"]).toBe(first.headers["x-shopify-event-id"]);
      expect(second.headers["x-shopify-webhook-id"]).not.toBe(first.headers["x-shopify-webhook-id"]);
      const payload = JSON.parse(first.body);
      expect(payload).toMatchObject({
        currency: "COP",
        financial_status: "pending",
        gateway: "Cash on Delivery (COD)",
      });
      expect(payload.admin_graphql_api_id).toMatch(/^gid:\/\/shopify\/Order\/\d+$/);
      expect(Object.keys(payload.line_items[0])).toEqual(
        expect.arrayContaining(["id", "name", "title", "quantity", "price", "sku", "variant_id", "product_id"]),
      );
      expect(Object.keys(payload.shipping_address)).toEqual(
        expect.arrayContaining(["first_name", "last_name", "address1", "city", "province", "country", "zip", "phone"]),
      );
    });

    it("posts the compliance topics to the one compliance receiver", async () => {
      app.received.length = 0;
      for (const topic of ["customers/data_request", "customers/redact", "shop/redact"]) {
        await postJson(`${platform}/sim/webhooks`, { shop: SHOP, topic });
      }
      expect(app.received.map((delivery) => [delivery.path, delivery.headers["x-shopify-topic"]])).toEqual([
        ["/webhooks/compliance", "customers/data_request"],
        ["/webhooks/compliance", "customers/redact"],
        ["/webhooks/compliance", "shop/redact"],
      ]);
    });

    it("frames the app from its admin page with a valid session token and the requested locale", async () => {
      const page = await (await fetch(`${platform}/admin?shop=${SHOP}&locale=en`)).text();
      const src = /<iframe[^>]*src="([^"]+)"/.exec(page)![1].replace(/&amp;/g, "&");
      const url = new URL(src);
      expect(url.origin + url.pathname).toBe(`${appUrl}/app`);
      expect(url.searchParams.get("embedded")).toBe("1");
      expect(url.searchParams.get("shop")).toBe(SHOP);
      expect(url.searchParams.get("locale")).toBe("en");
      expect(Buffer.from(url.searchParams.get("host")!, "base64").toString()).toBe(
        "admin.shopify.com/store/tienda-demo",
      );
      expect((await postTokenExchange(url.searchParams.get("id_token")!)).status).toBe(200);
      expect(
        new URL(
          /<iframe[^>]*src="([^"]+)"/.exec(await (await fetch(`${platform}/admin`)).text())![1].replace(/&amp;/g, "&"),
        ).searchParams.get("locale"),
      ).toBe("es");
    });
  });

  describe("automation platform", () => {
    const headers = { "X-ACCESS-TOKEN": "sandbox-automation-key", "Content-Type": "application/json" };
    const trigger = (flowId: string, payload: Record<string, unknown>) =>
      fetch(`${automation}/api/flows/${flowId}/trigger`, { method: "POST", headers, body: JSON.stringify(payload) });

    it("honours the Idempotency-Key: a repeat of an accepted key is answered as the first time and reported", async () => {
      const send = (key: string | null) =>
        fetch(`${automation}/api/flows/f_101/trigger`, {
          method: "POST",
          headers: { ...headers, ...(key ? { "Idempotency-Key": key } : {}) },
          body: JSON.stringify({ orderName: `#idem-${key}` }),
        });
      await postJson(`${automation}/sim/mode`, { callback: { status: "none" } });
      await postJson(`${automation}/sim/mode`, { trigger: { kind: "error", status: 503, count: 1 } });
      expect((await send("delivery-1")).status).toBe(503);
      // A refused try is no acceptance: the retry with the same key runs.
      expect((await send("delivery-1")).status).toBe(200);
      const repeat = await send("delivery-1");
      expect(repeat.status).toBe(200);
      expect(await repeat.json()).toEqual({ success: true, message: "Flow triggered", flowId: "f_101" });
      await send(null);
      await send(null);
      type Recorded = { triggers: { idempotencyKey: string | null; answered: number }[]; dropped: unknown[] };
      const recorded = await getJson<Recorded & { droppedCount: number }>(`${automation}/sim/triggers?flowId=f_101`);
      const keyed = recorded.body.triggers.filter((trigger) => trigger.idempotencyKey === "delivery-1");
      expect(keyed.map((trigger) => trigger.answered)).toEqual([503, 200]);
      expect(recorded.body.dropped).toEqual([
        {
          flowId: "f_101",
          idempotencyKey: "delivery-1",
          orderName: "#idem-delivery-1",
          receivedAt: expect.any(String),
        },
      ]);
      expect(recorded.body.droppedCount).toBe(1);

      await postJson(`${automation}/sim/mode`, { honourIdempotencyKey: false, callback: { status: "success" } });
      await send("delivery-1");
      const after = await getJson<Recorded>(`${automation}/sim/triggers?flowId=f_101`);
      expect(after.body.triggers.filter((trigger) => trigger.idempotencyKey === "delivery-1")).toHaveLength(3);
      await postJson(`${automation}/sim/mode`, { honourIdempotencyKey: true });
    });

    it("lists flows in each of the three shapes seen in the wild, and refuses an unknown key", async () => {
      const list = () => fetch(`${automation}/api/accounts/flows`, { headers }).then((response) => response.json());
      expect(Array.isArray(await list())).toBe(true);
      await postJson(`${automation}/sim/mode`, { flowShape: "data" });
      expect((await list()).data[2]).toMatchObject({ flow_id: 303, flow_name: "Seguimiento de envío" });
      await postJson(`${automation}/sim/mode`, { flowShape: "flows" });
      expect((await list()).flows[0]).toMatchObject({ id: "f_101", status: "active" });
      const refused = await fetch(`${automation}/api/accounts/flows`, { headers: { "X-ACCESS-TOKEN": "nope" } });
      expect(refused.status).toBe(401);
    });

    it("records every trigger and calls back the callbackUrl with the chosen status after the delay", async () => {
      app.received.length = 0;
      await postJson(`${automation}/sim/mode`, { callback: { delayMs: 50, status: "completed" } });
      const payload = {
        orderName: "#1001",
        orderId: "gid://shopify/Order/1",
        shop: SHOP,
        eventType: "order_created",
        callbackUrl: `${appUrl}/api/automation/callback`,
        callbackApiKey: "k-1",
      };
      expect((await trigger("f_101", payload)).status).toBe(200);
      const recorded = await getJson<{ triggers: { payload: unknown }[] }>(`${automation}/sim/triggers?flowId=f_101`);
      expect(recorded.body.triggers.at(-1)?.payload).toEqual(payload);
      const callback = await eventually(
        async () => app.received.find((entry) => entry.path === "/api/automation/callback"),
        5_000,
        "the callback",
      );
      expect(JSON.parse(callback.body)).toEqual({
        apiKey: "k-1",
        orderName: "#1001",
        orderId: "gid://shopify/Order/1",
        shop: SHOP,
        status: "completed",
      });
    });

    it("fails as switched: 500, 429 with Retry-After, a refusing 4xx, then recovers after the count", async () => {
      await postJson(`${automation}/sim/mode`, {
        trigger: { kind: "error", status: 500, count: 1 },
        callback: { status: "none" },
      });
      expect((await trigger("f_101", { orderName: "#1" })).status).toBe(500);
      expect((await trigger("f_101", { orderName: "#1" })).status).toBe(200);
      await postJson(`${automation}/sim/mode`, { trigger: { kind: "rate_limited", retryAfterSeconds: 7, count: 1 } });
      const limited = await trigger("f_101", { orderName: "#2" });
      expect([limited.status, limited.headers.get("Retry-After")]).toEqual([429, "7"]);
      await postJson(`${automation}/sim/mode`, { trigger: { kind: "error", status: 422 } });
      expect((await trigger("f_101", { orderName: "#3" })).status).toBe(422);
      expect((await trigger("f_101", { orderName: "#3" })).status).toBe(422);
      await postJson(`${automation}/sim/mode`, { trigger: { kind: "ok" } });
      expect((await trigger("f_101", { orderName: "#3" })).status).toBe(200);
    });

    it("stores a bot field value sent form-encoded", async () => {
      const response = await fetch(`${automation}/api/accounts/bot_fields/640597`, {
        method: "POST",
        headers: { "X-ACCESS-TOKEN": "sandbox-automation-key", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ value: "tok-123" }),
      });
      expect(response.status).toBe(200);
      const { body } = await getJson<{ botFields: { fieldId: string; value: string }[] }>(
        `${automation}/sim/bot-fields`,
      );
      expect(body.botFields.at(-1)).toMatchObject({ fieldId: "640597", value: "tok-123" });
    });
  });

  describe("supplier marketplace", () => {
    const index = (body: Record<string, unknown>, token = SANDBOX_SUPPLIER_TOKEN, origin = ORIGIN) =>
      fetch(`${supplier}/integrations/products/index`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "supplier-integration-key": token,
          Origin: origin,
          Referer: `${origin}/`,
        },
        body: JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));

    it("refuses a wrong integration key and a foreign origin", async () => {
      expect((await index({}, "wrong")).status).toBe(401);
      expect((await index({}, SANDBOX_SUPPLIER_TOKEN, "https://elsewhere.test")).status).toBe(403);
    });

    it("pages favourites, private products and search results separately", async () => {
      const favourites = await index({ pageSize: 20, startData: 0, favorite: true });
      expect(favourites.body).toMatchObject({ isSuccess: true, status: 200 });
      expect(favourites.body.objects).toHaveLength(20);
      expect(favourites.body.objects.every((p: { privated_product: boolean }) => !p.privated_product)).toBe(true);
      const next = await index({ pageSize: 20, startData: 20, favorite: true });
      expect(next.body.objects[0].id).not.toBe(favourites.body.objects[0].id);

      const privateOnes = await index({ privated_product: true, pageSize: 100 });
      expect(privateOnes.body.count).toBeGreaterThan(0);
      expect(privateOnes.body.objects.every((p: { privated_product: boolean }) => p.privated_product)).toBe(true);

      const search = await index({ keywords: "lampara", hasSearch: true, pageSize: 100 });
      expect(search.body.count).toBeGreaterThan(0);
      expect(search.body.objects.every((p: { name: string }) => p.name.startsWith("Lámpara"))).toBe(true);
    });

    it("holds a few hundred products, variable ones with prices only on variations, images under /images", async () => {
      const all = await index({ favorite: false, pageSize: 100 });
      expect(all.body.count).toBeGreaterThanOrEqual(250);
      const variable = all.body.objects.find((p: { type: string }) => p.type === "VARIABLE");
      expect(variable.sale_price).toBeNull();
      expect(variable.variations[0]).toMatchObject({ sale_price: expect.stringMatching(/^\d+\.\d\d$/) });
      const pathOnly = all.body.objects
        .flatMap((p: { gallery: { url: string | null; urlS3: string }[] }) => p.gallery)
        .find((g: { url: string | null }) => g.url === null);
      const image = await fetch(`${supplier}/images/${pathOnly.urlS3}`);
      expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/svg+xml"]);
      expect(await image.text()).toContain(pathOnly.urlS3.split("/")[2]);
    });

    it("answers the spec's shape when switched to it", async () => {
      await postJson(`${supplier}/sim/mode`, { shape: "spec" });
      const answer = await index({ pageSize: 5 });
      expect(Array.isArray(answer.body)).toBe(true);
      expect(answer.body[0].objects[0]).toEqual(
        expect.objectContaining({
          images: expect.any(Array),
          variants: expect.any(Array),
          collections: expect.any(Array),
        }),
      );
      await postJson(`${supplier}/sim/mode`, { shape: "deployed" });
    });
  });

  describe("repository host", () => {
    const auth = { Authorization: `Bearer ${SANDBOX_REPO.token}` };
    const repoPath = `/repos/${SANDBOX_REPO.owner}/${SANDBOX_REPO.repo}`;

    it("checks the token, the repository and the branch", async () => {
      expect((await fetch(`${repoHost}${repoPath}`, { headers: auth })).status).toBe(200);
      expect((await fetch(`${repoHost}${repoPath}`)).status).toBe(404);
      expect((await fetch(`${repoHost}${repoPath}`, { headers: { Authorization: "Bearer wrong" } })).status).toBe(401);
      expect((await fetch(`${repoHost}${repoPath}/branches/main`, { headers: auth })).status).toBe(200);
      expect((await fetch(`${repoHost}${repoPath}/branches/nope`, { headers: auth })).status).toBe(404);
    });

    it("serves the branch zipball through a redirect, wrapped in one top-level folder", async () => {
      const response = await fetch(`${repoHost}${repoPath}/zipball/main`, { headers: auth });
      expect(response.status).toBe(200);
      expect(response.redirected).toBe(true);
      const names = new AdmZip(Buffer.from(await response.arrayBuffer())).getEntries().map((entry) => entry.entryName);
      const folders = new Set(names.map((name) => name.split("/")[0]));
      expect(folders.size).toBe(1);
      expect(names).toContain(`${[...folders][0]}/layout/theme.liquid`);
    });
  });
});
