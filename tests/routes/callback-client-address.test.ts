import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { handleFastPath } from "~/fast-paths/fast-paths.server";
import { action } from "~/routes/api.automation.callback";
import { appRequestListener } from "../../server/app-server";
import { useCallbackLimits } from "../helpers/callback-limits";
import { createConfiguration, createSession, shopDomain } from "../helpers/factories";
import { rawPost, startForwardingProxy, type ForwardingProxy } from "../helpers/forwarding-proxy";
import { startLocalServer, type LocalServer } from "../helpers/local-server";
import { mockPlatform, ordersByName, tagsAdded } from "../mocks/platform";

/**
 * The callback's failure limit is per client address (docs/decisions/092, 188). Over real sockets, with 0, 1 or 2
 * proxies in front of the app's own server, each client and each proxy on an address of its own: the address the
 * limit counts must be the client's, whatever it wrote into X-Forwarded-For, on the fast path (what the production
 * server answers callbacks with) and on the Remix path (the route module, with the load context the server gives).
 */

const PATH = "/api/automation/callback";
const ORDER = { id: "gid://shopify/Order/5550001", name: "#1001" };
const ATTACKER = "127.0.0.66";
const NEIGHBOUR = "127.0.0.7";
const PROXY_ADDRESSES = ["127.0.0.21", "127.0.0.22"];

const PATHS: Record<string, (incoming: IncomingMessage, outgoing: ServerResponse) => void> = {
  "the fast path": appRequestListener(async () => new Response("passed on", { status: 299 }), {
    fastPath: handleFastPath,
  }),
  "the Remix path": appRequestListener((request, context) => action({ request, params: {}, context })),
};

async function installedShop() {
  const shop = shopDomain();
  await createSession(shop);
  await createConfiguration(shop, { automationApiKey: `key-${shop}`, newOrderFlowId: "f_101" });
  mockPlatform(shop, { OrderByName: ordersByName([ORDER]), OrderTagsAdd: tagsAdded() });
  return { shop, apiKey: `key-${shop}` };
}

/** The app's server and `hops` proxies in front of it; `post` goes through all of them from `from`. */
function useChain(listener: (incoming: IncomingMessage, outgoing: ServerResponse) => void, hops: number) {
  const chain: { app?: LocalServer; proxies: ForwardingProxy[] } = { proxies: [] };
  beforeEach(async () => {
    chain.app = await startLocalServer(listener);
    let upstream = chain.app.port;
    // The proxy nearest the app first: each forwards to the one behind it from an address of its own.
    for (let i = hops - 1; i >= 0; i--) {
      const proxy = await startForwardingProxy(upstream, PROXY_ADDRESSES[i]);
      chain.proxies.unshift(proxy);
      upstream = proxy.port;
    }
  });
  afterEach(async () => {
    for (const proxy of chain.proxies.splice(0)) await proxy.close();
    await chain.app?.close();
  });
  return (from: string, body: unknown, forwardedFor?: string) =>
    rawPost(chain.proxies[0]?.port ?? chain.app!.port, PATH, {
      localAddress: from,
      body,
      headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {},
    });
}

for (const [pathName, listener] of Object.entries(PATHS)) {
  for (const hops of [0, 1, 2]) {
    describe(`${pathName} behind ${hops} prox${hops === 1 ? "y" : "ies"} (TRUSTED_PROXY_HOPS=${hops})`, () => {
      useCallbackLimits({ TRUSTED_PROXY_HOPS: String(hops), CALLBACK_FAILED_PER_MINUTE: "3" });
      const post = useChain(listener, hops);

      it("limits the client that failed, whatever it writes into X-Forwarded-For, and no other client", async () => {
        const statuses = [];
        for (let i = 0; i < 4; i++) {
          // A different forged entry each time: none of them may become the address that is counted.
          statuses.push((await post(ATTACKER, { apiKey: `guess-${i}`, orderName: "#1001" }, `203.0.113.${i}`)).status);
        }
        expect(statuses).toEqual([401, 401, 401, 429]);
        expect((await post(ATTACKER, { apiKey: "guess-9" })).status).toBe(429);
        // Another client behind the same proxies has failures of its own to make.
        expect((await post(NEIGHBOUR, { apiKey: "guess-n" }, "203.0.113.0")).status).toBe(401);
      });

      it("takes a valid key from an address over its failures", async () => {
        const { apiKey } = await installedShop();
        for (let i = 0; i < 3; i++) await post(ATTACKER, { apiKey: `guess-${i}` });
        expect((await post(ATTACKER, { apiKey: "guess-3" })).status).toBe(429);
        const answer = await post(ATTACKER, { apiKey, orderName: "#1001", status: "success" });
        expect(answer).toEqual({
          status: 200,
          body: expect.objectContaining({ success: true, orderId: ORDER.id, tags: ["automation-processed"] }),
        });
      });
    });
  }
}

describe("one client guessing keys behind the proxy, the default limits", () => {
  useCallbackLimits({ TRUSTED_PROXY_HOPS: "1" });
  const post = useChain(PATHS["the fast path"], 1);

  it("refuses the guesser with 429 while the merchants' valid callbacks keep their 200", async () => {
    const { apiKey } = await installedShop();
    const statuses: Record<number, number> = {};
    for (let i = 0; i < 130; i++) {
      const { status } = await post(ATTACKER, { apiKey: `wrong-${i}`, orderName: "#1001" }, "203.0.113.66");
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
    expect(statuses).toEqual({ 401: 120, 429: 10 });
    const valid = [];
    for (let i = 0; i < 5; i++) {
      valid.push((await post(NEIGHBOUR, { apiKey, orderName: "#1001", status: "success" }, "198.51.100.7")).status);
    }
    expect(valid).toEqual([200, 200, 200, 200, 200]);
  });
});
