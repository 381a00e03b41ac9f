import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { TOO_DEEP } from "~/lib/json.server";
import { handleFastPath, ORDER_WEBHOOK_TOPICS } from "~/fast-paths/fast-paths.server";
import { appRequestListener } from "../../server/app-server";
import { createAutomatedShop } from "../helpers/factories";
import { startLocalServer, type LocalServer } from "../helpers/local-server";
import { webhookRequest, type WebhookOptions } from "../helpers/requests";
import checkoutRest from "../fixtures/webhooks/checkout-rest.json";
import draftRest from "../fixtures/webhooks/draft-order-rest.json";
import orderRest from "../fixtures/webhooks/order-rest.json";

/**
 * The production server answers the order webhooks before Remix (docs/decisions/162). The same input must get the
 * same answer from the fast path (over a real socket) as from the route module the development server uses.
 */

/** The route module of each path in the fast paths' table, found by its file name as Remix's routing finds it. */
const ROUTES: Record<string, (args: { request: Request }) => Promise<Response>> = Object.fromEntries(
  await Promise.all(
    Object.keys(ORDER_WEBHOOK_TOPICS).map(async (path) => {
      const module = (await import(`../../app/routes/${path.slice(1).replaceAll("/", ".")}.ts`)) as {
        action: (args: { request: Request }) => Promise<Response>;
      };
      return [path, module.action] as const;
    }),
  ),
);
const TOPICS: Record<string, string> = ORDER_WEBHOOK_TOPICS;

let server: LocalServer;
let origin: string;
beforeEach(async () => {
  // What the fast path leaves alone reaches this stand-in for Remix, so a request it should have taken shows.
  server = await startLocalServer(
    appRequestListener(async () => new Response("passed on", { status: 299 }), { fastPath: handleFastPath }),
  );
  origin = server.origin;
});
afterEach(() => server.close());

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | null>;
}

const COMPARED_HEADERS = [
  "content-type",
  "x-content-type-options",
  "referrer-policy",
  "strict-transport-security",
  "access-control-allow-origin",
];

async function read(response: Response): Promise<Answer> {
  return {
    status: response.status,
    body: await response.text(),
    headers: Object.fromEntries(COMPARED_HEADERS.map((name) => [name, response.headers.get(name)])),
  };
}

/** The request as the route gets it, and the same bytes posted to the fast path. */
async function bothWays(path: string, payload: unknown, options: WebhookOptions, init: { method?: string } = {}) {
  const request = webhookRequest(path, payload, options);
  const body = await request.clone().text();
  const route = ROUTES[path];
  const viaRoute = await read(await route({ request }));
  const viaFastPath = await read(
    await fetch(`${origin}${path}`, { method: init.method ?? "POST", headers: request.headers, body }),
  );
  return { viaRoute, viaFastPath };
}

describe("the order webhooks' fast path (docs/decisions/162)", () => {
  for (const path of Object.keys(ROUTES)) {
    const topic = TOPICS[path];
    const fixture = topic === "orders/create" ? orderRest : topic === "draft_orders/create" ? draftRest : checkoutRest;

    it(`answers ${path} as the route does, and stores the event once however often it comes`, async () => {
      const shop = await createAutomatedShop();
      const eventId = randomUUID();
      const first = await bothWays(path, fixture, { shop, topic, eventId });
      expect(first.viaFastPath).toEqual(first.viaRoute);
      expect(first.viaFastPath).toMatchObject({ status: 200, body: "OK" });
      const again = await bothWays(path, fixture, { shop, topic, eventId });
      expect(again.viaFastPath).toEqual(again.viaRoute);
      expect(again.viaFastPath.status).toBe(200);
      expect(await prisma.delivery.count({ where: { shop, topic } })).toBe(1);
    });
  }

  const orders = "/webhooks/orders/create";
  const cases: [string, (shop: string) => { payload: unknown; options: Partial<WebhookOptions> }, number][] = [
    ["a wrong signature", () => ({ payload: orderRest, options: { signature: "bm90IHRoZSBzaWduYXR1cmU=" } }), 401],
    ["no signature", () => ({ payload: orderRest, options: { signature: null } }), 401],
    ["a body larger than 5 MB", () => ({ payload: `{"x":"${"a".repeat(5 * 1024 * 1024)}"}`, options: {} }), 413],
    ["a signed body that is not JSON", () => ({ payload: "{not json", options: {} }), 400],
    ["a signed body nested too deep", () => ({ payload: `${"[".repeat(100)}${"]".repeat(100)}`, options: {} }), 400],
    [
      "a shop header that is no shop domain",
      () => ({ payload: orderRest, options: { shop: "evil.example.com" } }),
      400,
    ],
    ["another receiver's topic", () => ({ payload: orderRest, options: { topic: "products/create" } }), 400],
    [
      "a body whose own links name another shop",
      () => ({
        payload: { ...orderRest, order_status_url: "https://someone-else.myshopify.com/1/orders/abc/authenticate" },
        options: {},
      }),
      200,
    ],
    ["the spec's neutral header names", () => ({ payload: orderRest, options: { neutralHeaders: true } }), 200],
  ];
  for (const [name, make, status] of cases) {
    it(`answers ${name} with ${status}, as the route does`, async () => {
      const shop = await createAutomatedShop();
      const { payload, options } = make(shop);
      const { viaRoute, viaFastPath } = await bothWays(orders, payload, { shop, topic: "orders/create", ...options });
      expect(viaFastPath).toEqual(viaRoute);
      expect(viaFastPath.status).toBe(status);
      if (name.includes("nested")) expect(viaFastPath.body).toBe(TOO_DEEP);
      if (status !== 200) expect(await prisma.delivery.count({ where: { shop } })).toBe(0);
    });
  }

  it("refuses a declared length over the limit before reading the body, and closes that connection", async () => {
    const shop = await createAutomatedShop();
    const request = webhookRequest(orders, orderRest, { shop, topic: "orders/create" });
    request.headers.set("Content-Length", String(6 * 1024 * 1024));
    const viaRoute = await read(await ROUTES[orders]({ request }));
    const viaFastPath = await new Promise<Answer & { connection: string | undefined }>((resolve, reject) => {
      const headers = Object.fromEntries(request.headers);
      const outgoing = httpRequest(`${origin}${orders}`, { method: "POST", headers }, (incoming) => {
        let text = "";
        incoming.on("data", (chunk: Buffer) => (text += chunk.toString()));
        incoming.on("end", () =>
          resolve({
            status: incoming.statusCode ?? 0,
            body: text,
            connection: incoming.headers.connection,
            headers: Object.fromEntries(
              COMPARED_HEADERS.map((name) => [name, (incoming.headers[name] as string | undefined) ?? null]),
            ),
          }),
        );
      });
      // Only the head and a few bytes: the answer must come without the rest of the declared body.
      outgoing.on("error", reject);
      outgoing.write("{");
    });
    expect(viaRoute).toMatchObject({ status: 413, body: "Payload too large" });
    expect({ status: viaFastPath.status, body: viaFastPath.body, headers: viaFastPath.headers }).toEqual(viaRoute);
    expect(viaFastPath.connection).toBe("close");
  });

  it("passes on what is not a POST to one of its exact paths", async () => {
    const shop = await createAutomatedShop();
    const request = webhookRequest(orders, orderRest, { shop, topic: "orders/create" });
    const body = await request.text();
    for (const url of [`${origin}${orders}?source=test`, `${origin}${orders}/`, `${origin}/webhooks/app/uninstalled`]) {
      const response = await fetch(url, { method: "POST", headers: request.headers, body });
      expect(response.status, await response.clone().text()).toBe(299);
    }
    expect((await fetch(`${origin}${orders}`)).status).toBe(299);
    expect(await prisma.delivery.count({ where: { shop } })).toBe(0);
  });
});
