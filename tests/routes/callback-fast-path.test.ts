import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { handleFastPath } from "~/fast-paths/fast-paths.server";
import prisma from "~/db.server";
import { action } from "~/routes/api.automation.callback";
import { appRequestListener } from "../../server/app-server";
import { createConfiguration, createSession, shopDomain } from "../helpers/factories";
import { startLocalServer, type LocalServer } from "../helpers/local-server";
import { useCallbackLimits } from "../helpers/callback-limits";
import { TEST_ENV } from "../helpers/test-env";
import { mockPlatform, ordersByName, tagsAdded } from "../mocks/platform";

/**
 * The production server answers POST /api/automation/callback before Remix (docs/decisions/166). The same input must
 * get the same answer from the fast path (over a real socket) as from the route module the development server uses.
 */

const PATH = "/api/automation/callback";
const ORDER = { id: "gid://shopify/Order/5550001", name: "#1001" };

let server: LocalServer;
beforeEach(async () => {
  // What the fast path leaves alone reaches this stand-in for Remix, so a request it should have taken shows.
  server = await startLocalServer(
    appRequestListener(async () => new Response("passed on", { status: 299 }), { fastPath: handleFastPath }),
  );
});
afterEach(() => server.close());

const COMPARED_HEADERS = [
  "content-type",
  "x-content-type-options",
  "referrer-policy",
  "strict-transport-security",
  "vary",
  "retry-after",
  "access-control-allow-origin",
  "access-control-allow-methods",
  "access-control-allow-headers",
  "access-control-expose-headers",
  "access-control-max-age",
];

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string | null>;
}

async function read(response: Response): Promise<Answer> {
  return {
    status: response.status,
    body: await response.json(),
    headers: Object.fromEntries(COMPARED_HEADERS.map((name) => [name, response.headers.get(name)])),
  };
}

/**
 * The callback given to the route module as the server hands it to Remix (the declared length, and the peer's
 * address in the load context: server/app-server.ts), and the same bytes posted to the fast path.
 */
async function bothWays(body: string, headers: Record<string, string> = {}) {
  const request = new Request(`${TEST_ENV.PLATFORM_APP_URL}${PATH}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...headers,
      // node:http's message carries the length fetch declared; the server copies it into the Request.
      "Content-Length": String(Buffer.byteLength(body)),
    },
    body,
  });
  const viaRoute = await read(await action({ request, params: {}, context: { peerAddress: "127.0.0.1" } }));
  const viaFastPath = await read(
    await fetch(`${server.origin}${PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body,
    }),
  );
  return { viaRoute, viaFastPath };
}

async function installedShop() {
  const shop = shopDomain();
  await createSession(shop);
  await createConfiguration(shop, { automationApiKey: `key-${shop}`, newOrderFlowId: "f_101" });
  mockPlatform(shop, { OrderByName: ordersByName([ORDER]), OrderTagsAdd: tagsAdded() });
  return { shop, apiKey: `key-${shop}` };
}

describe("the automation callback's fast path (docs/decisions/166)", () => {
  it("tags the order and answers as the route does", async () => {
    const { apiKey } = await installedShop();
    const { viaRoute, viaFastPath } = await bothWays(JSON.stringify({ apiKey, orderName: "#1001", status: "success" }));
    expect(viaFastPath).toEqual(viaRoute);
    expect(viaFastPath).toMatchObject({
      status: 200,
      body: { success: true, orderId: ORDER.id, tags: ["automation-processed"] },
    });
  });

  it("answers an allowed panel's origin with the CORS headers, as the route does", async () => {
    const { apiKey } = await installedShop();
    const { viaRoute, viaFastPath } = await bothWays(JSON.stringify({ apiKey, orderName: "#1001" }), {
      Origin: TEST_ENV.AUTOMATION_API_URL,
    });
    expect(viaFastPath).toEqual(viaRoute);
    expect(viaFastPath.status).toBe(200);
    expect(viaFastPath.headers["access-control-allow-origin"]).toBe(TEST_ENV.AUTOMATION_API_URL);
  });

  const refusals: [string, () => Promise<{ body: string; headers?: Record<string, string> }>, number][] = [
    ["no API key", async () => ({ body: JSON.stringify({ orderName: "#1001" }) }), 401],
    ["a key nobody owns", async () => ({ body: JSON.stringify({ apiKey: "nobody", orderName: "#1001" }) }), 401],
    [
      "another shop named beside the key",
      async () => {
        const { apiKey } = await installedShop();
        return { body: JSON.stringify({ apiKey, shop: shopDomain(), orderName: "#1001" }) };
      },
      403,
    ],
    ["a body that is not JSON", async () => ({ body: "{not json" }), 400],
    ["JSON that is not an object", async () => ({ body: "[1,2]" }), 400],
    ["a body larger than 16 KB", async () => ({ body: JSON.stringify({ note: "x".repeat(20_000) }) }), 413],
    [
      "an order the shop does not have",
      async () => {
        const { shop, apiKey } = await installedShop();
        mockPlatform(shop, { OrderByName: ordersByName([]) });
        return { body: JSON.stringify({ apiKey, orderName: "#9999" }) };
      },
      404,
    ],
    [
      "a field of the wrong type",
      async () => {
        const { apiKey } = await installedShop();
        return { body: JSON.stringify({ apiKey, orderName: "#1001", tags: 7 }) };
      },
      400,
    ],
    [
      "an origin outside the allow-list",
      async () => {
        const { apiKey } = await installedShop();
        return { body: JSON.stringify({ apiKey, orderName: "#1001" }), headers: { Origin: "https://evil.example" } };
      },
      403,
    ],
    [
      "a shop without an offline session",
      async () => {
        const { shop, apiKey } = await installedShop();
        await prisma.session.deleteMany({ where: { shop } });
        return { body: JSON.stringify({ apiKey, orderName: "#1001" }) };
      },
      409,
    ],
  ];
  for (const [name, make, status] of refusals) {
    it(`answers ${name} with ${status} and the route's body and headers`, async () => {
      const { body, headers } = await make();
      const { viaRoute, viaFastPath } = await bothWays(body, headers);
      expect(viaFastPath).toEqual(viaRoute);
      expect(viaFastPath.status).toBe(status);
      expect(viaFastPath.body).toMatchObject({ success: false });
    });
  }

  it("refuses a body streamed past the limit without Content-Length, as the route does", async () => {
    const chunks = (): ReadableStream<Uint8Array> => {
      let sent = 0;
      return new ReadableStream({
        pull(controller) {
          if ((sent += 1024) > 64 * 1024) controller.close();
          else controller.enqueue(new Uint8Array(1024).fill(32));
        },
      });
    };
    const init = { method: "POST", body: chunks(), duplex: "half" } as RequestInit;
    const viaRoute = await read(
      await action({ request: new Request(`${TEST_ENV.PLATFORM_APP_URL}${PATH}`, init), params: {}, context: {} }),
    );
    const viaFastPath = await read(
      await fetch(`${server.origin}${PATH}`, { method: "POST", body: chunks(), duplex: "half" } as RequestInit),
    );
    expect(viaFastPath).toEqual(viaRoute);
    expect(viaFastPath).toMatchObject({ status: 413, body: { error: "The body is larger than 16 KB" } });
  });

  describe("limits", () => {
    useCallbackLimits({
      CALLBACK_RATE_LIMIT_BURST: "2",
      CALLBACK_RATE_LIMIT_PER_SECOND: "0.5",
      CALLBACK_FAILED_PER_MINUTE: "2",
    });

    it("answers a key over its allowance with 429 and Retry-After, as the route does", async () => {
      const { apiKey } = await installedShop();
      const spent = await bothWays(JSON.stringify({ apiKey }));
      expect(spent.viaFastPath).toEqual(spent.viaRoute);
      expect(spent.viaFastPath.status).toBe(400);
      const { viaRoute, viaFastPath } = await bothWays(JSON.stringify({ apiKey, orderName: "#1001" }));
      expect(viaFastPath).toEqual(viaRoute);
      expect(viaFastPath.status).toBe(429);
      expect(viaFastPath.headers["retry-after"]).toMatch(/^\d+$/);
    });

    it("counts failed attempts by the client's address, on both paths alike", async () => {
      const guesser = { "X-Forwarded-For": "203.0.113.7" };
      // One failure on each path: the address has made its two, and both paths now refuse it.
      const failed = await bothWays(JSON.stringify({ apiKey: "guess-1", orderName: "#1001" }), guesser);
      expect(failed.viaFastPath).toEqual(failed.viaRoute);
      expect(failed.viaFastPath.status).toBe(401);
      const { viaRoute, viaFastPath } = await bothWays(JSON.stringify({ apiKey: "guess-2" }), guesser);
      expect(viaFastPath).toEqual(viaRoute);
      expect(viaFastPath.status).toBe(429);
    });
  });

  it("leaves the preflight, other methods, queries and other paths to Remix", async () => {
    const passed = async (path: string, init: RequestInit) => (await fetch(`${server.origin}${path}`, init)).status;
    expect(await passed(PATH, { method: "OPTIONS", headers: { Origin: TEST_ENV.AUTOMATION_API_URL } })).toBe(299);
    expect(await passed(PATH, { method: "GET" })).toBe(299);
    expect(await passed(PATH, { method: "PUT", body: "{}" })).toBe(299);
    expect(await passed(`${PATH}?x=1`, { method: "POST", body: "{}" })).toBe(299);
    expect(await passed(`${PATH}/`, { method: "POST", body: "{}" })).toBe(299);
    expect(await passed("/api/automation/callbacks", { method: "POST", body: "{}" })).toBe(299);
  });
});
