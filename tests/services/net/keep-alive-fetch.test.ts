import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import v8 from "node:v8";
import vm from "node:vm";
import { gzipSync } from "node:zlib";
import { createAdminApiClient } from "@shopify/admin-api-client";
import { abstractFetch, setAbstractFetchFunc } from "@shopify/shopify-api/runtime";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  closeKeepAliveAgents,
  createKeepAliveFetch,
  ResponseTooLargeError,
} from "~/services/net/keep-alive-fetch.server";
import { platformGraphql } from "~/services/platform/graphql.server";
import { redirectShopRequests } from "~/services/platform/origin-override.server";
import { installPlatformTransport, reapplyPlatformTransport } from "~/services/platform/transport.server";
import { createSession } from "../../helpers/factories";
import { server as msw } from "../../mocks/server";

interface Local {
  origin: string;
  connections: number;
  seen: { method?: string; url?: string; headers: IncomingMessage["headers"]; body: string }[];
  close(): Promise<void>;
}

// Real loopback servers, counted connections: msw's interception would give every request a socket of its own.
async function startServer(handle: (request: IncomingMessage, response: ServerResponse, body: string) => void) {
  const local: Local = { origin: "", connections: 0, seen: [], close: async () => {} };
  const http = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      local.seen.push({ method: request.method, url: request.url, headers: request.headers, body });
      handle(request, response, body);
    });
  });
  http.on("connection", () => local.connections++);
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  local.origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  local.close = () =>
    new Promise<void>((resolve) => {
      http.closeAllConnections();
      http.close(() => resolve());
    });
  return local;
}

const keepAliveFetch = createKeepAliveFetch();
const QUERY = `#graphql
  query ShopName { shop { name } }`;

describe("the keep-alive fetch", () => {
  let local: Local | null = null;
  beforeAll(() => msw.close());
  afterAll(() => msw.listen({ onUnhandledRequest: "error" }));
  afterEach(async () => {
    await local?.close();
    local = null;
    closeKeepAliveAgents();
    setAbstractFetchFunc((input, init) => globalThis.fetch(input, init));
  });

  it("sends method, headers and body, and answers status, headers and body as a Response", async () => {
    local = await startServer((_request, response) => {
      response.setHeader("Set-Cookie", ["a=1", "b=2"]);
      response.writeHead(201, "Made", { "X-Request-Id": "req-1", "Content-Type": "text/plain" }).end("héllo");
    });
    const response = await keepAliveFetch(`${local.origin}/path?q=1`, {
      method: "POST",
      headers: { "X-Shopify-Access-Token": "shpat_x", "Content-Type": "application/json" },
      body: '{"a":"ñ"}',
    });
    expect(response).toBeInstanceOf(Response);
    expect([response.status, response.statusText, response.ok]).toEqual([201, "Made", true]);
    expect(response.headers.get("x-request-id")).toBe("req-1");
    expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(await response.text()).toBe("héllo");
    expect(local.seen).toEqual([
      expect.objectContaining({
        method: "POST",
        url: "/path?q=1",
        body: '{"a":"ñ"}',
        headers: expect.objectContaining({
          "x-shopify-access-token": "shpat_x",
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength('{"a":"ñ"}')),
        }),
      }),
    ]);
  });

  it("reads JSON, a Headers object's headers, a 204 without a body and a compressed body", async () => {
    local = await startServer((request, response) => {
      if (request.url === "/empty") return response.writeHead(204).end();
      if (request.url === "/gzip") {
        return response.writeHead(200, { "Content-Encoding": "gzip" }).end(gzipSync('{"zipped":true}'));
      }
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ echo: request.headers.x }));
    });
    const json = await keepAliveFetch(`${local.origin}/json`, { headers: new Headers({ X: "from-headers" }) });
    expect(await json.json()).toEqual({ echo: "from-headers" });
    const empty = await keepAliveFetch(`${local.origin}/empty`);
    expect([empty.status, empty.body]).toEqual([204, null]);
    expect(await (await keepAliveFetch(`${local.origin}/gzip`)).json()).toEqual({ zipped: true });
  });

  it("reuses one connection for calls in sequence", async () => {
    local = await startServer((_request, response) => response.end("ok"));
    for (let i = 0; i < 4; i++) {
      expect(await (await keepAliveFetch(`${local.origin}/n`, { method: "POST", body: "x" })).text()).toBe("ok");
    }
    expect(local.connections).toBe(1);
  });

  it("does not follow a redirect", async () => {
    local = await startServer((_request, response) =>
      response.writeHead(302, { Location: "http://127.0.0.1:1/elsewhere" }).end(),
    );
    const response = await keepAliveFetch(`${local.origin}/r`, { method: "POST", body: "{}" });
    expect(response.status).toBe(302);
    expect(local.seen.map((s) => s.url)).toEqual(["/r"]);
  });

  it("refuses a body over the limit, declared or streamed, like a failed fetch", async () => {
    local = await startServer((request, response) => {
      if (request.url === "/declared") return response.end("x".repeat(2_000));
      response.write("y".repeat(600));
      setTimeout(() => response.end("y".repeat(600)), 20);
    });
    const limited = createKeepAliveFetch({ maxBodyBytes: 1_000 });
    for (const path of ["/declared", "/streamed"]) {
      const failure = await limited(`${local.origin}${path}`).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(TypeError);
      expect((failure as TypeError).cause).toBeInstanceOf(ResponseTooLargeError);
    }
  });

  it("rejects with the signal's reason at the caller's timeout, even after a garbage collection", async () => {
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    local = await startServer(() => {});
    const collect = setInterval(gc, 20);
    try {
      const started = Date.now();
      const failure = await keepAliveFetch(`${local.origin}/hang`, {
        method: "POST",
        body: "{}",
        signal: AbortSignal.timeout(300),
      }).catch((error: unknown) => error);
      expect(failure).toMatchObject({ name: "TimeoutError" });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      clearInterval(collect);
    }
    const aborted = new AbortController();
    aborted.abort();
    await expect(keepAliveFetch(`${local.origin}/x`, { signal: aborted.signal })).rejects.toMatchObject({
      name: "AbortError",
    });
  });

  it("fails a refused connection as undici does: TypeError('fetch failed') with the cause", async () => {
    const closed = await startServer(() => {});
    await closed.close();
    const failure = await keepAliveFetch(`${closed.origin}/x`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure).toMatchObject({ message: "fetch failed", cause: { code: "ECONNREFUSED" } });
  });

  it("serves the library's retry of a 429: its client reads Retry-After from the Response", async () => {
    let calls = 0;
    local = await startServer((_request, response) => {
      if (++calls === 1) return response.writeHead(429, { "Retry-After": "1" }).end("{}");
      response.writeHead(200, { "Content-Type": "application/json" }).end('{"data":{"shop":{"name":"ok"}}}');
    });
    const client = createAdminApiClient({
      storeDomain: "retry-shop.myshopify.com",
      apiVersion: "unstable",
      accessToken: "shpat_x",
      customFetchApi: redirectShopRequests(keepAliveFetch, local.origin),
      retries: 1,
    });
    const answer = await client.request(QUERY);
    expect(answer.data).toEqual({ shop: { name: "ok" } });
    expect(calls).toBe(2);
    expect(local.seen[0]?.headers["x-shop-domain"]).toBe("retry-shop.myshopify.com");
  });

  describe("as the platform library's transport", () => {
    const session = { shop: "transport-shop.myshopify.com" };
    const use = (origin: string) => setAbstractFetchFunc(redirectShopRequests(keepAliveFetch, origin));

    it("carries platformGraphql: the token, the answer, and HTTP 429's Retry-After", async () => {
      await createSession(session.shop, { accessToken: "shpat_secret" });
      let calls = 0;
      local = await startServer((_request, response) => {
        if (++calls === 1) return response.writeHead(429, { "Retry-After": "2" }).end("{}");
        response.writeHead(200, { "Content-Type": "application/json" }).end('{"data":{"shop":{"name":"Tienda"}}}');
      });
      use(local.origin);
      const waits: number[] = [];
      const data = (await platformGraphql(
        session,
        QUERY,
        {},
        {
          sleep: async (ms) => void waits.push(ms),
        },
      )) as { shop: { name: string } };
      expect(data.shop.name).toBe("Tienda");
      expect(waits).toEqual([2000]);
      expect(local.seen.map((s) => s.headers["x-shopify-access-token"])).toEqual(["shpat_secret", "shpat_secret"]);
      expect(local.connections).toBe(1);
    });

    it("maps a refused connection and a timeout to 'unreachable' (retried, then 502)", async () => {
      await createSession(session.shop, { accessToken: "shpat_secret" });
      const closed = await startServer(() => {});
      await closed.close();
      use(closed.origin);
      const waits: number[] = [];
      const sleep = async (ms: number) => void waits.push(ms);
      await expect(platformGraphql(session, QUERY, {}, { sleep, maxAttempts: 2 })).rejects.toMatchObject({
        status: 502,
        message: "The platform did not answer; try again shortly",
      });
      expect(waits).toHaveLength(1);

      local = await startServer(() => {});
      use(local.origin);
      await expect(
        platformGraphql(session, QUERY, {}, { sleep, maxAttempts: 1, timeoutMs: 200 }),
      ).rejects.toMatchObject({ status: 502 });
    });
  });

  it("is what the library calls once installed (startServices installs it)", async () => {
    local = await startServer((request, response) =>
      request.url === "/moved" ? response.writeHead(302, { Location: "/elsewhere" }).end() : response.end("{}"),
    );
    // Before: the test setup's transport, undici's fetch, which follows the redirect.
    expect((await abstractFetch(`${local.origin}/moved`, { method: "POST", body: "{}" })).status).toBe(200);
    installPlatformTransport();
    expect((await abstractFetch(`${local.origin}/moved`, { method: "POST", body: "{}" })).status).toBe(302);
    expect(local.seen.map((s) => s.url)).toEqual(["/moved", "/elsewhere", "/moved"]);
  });

  it("is set again when the platform library loads after start-up, as the delivery worker loads it", async () => {
    local = await startServer((request, response) =>
      request.url === "/moved" ? response.writeHead(302, { Location: "/elsewhere" }).end() : response.end("{}"),
    );
    installPlatformTransport();
    // What importing the library's adapter does (app/services/platform/platform-library.server.ts loads it).
    setAbstractFetchFunc((input, init) => globalThis.fetch(input, init));
    expect((await abstractFetch(`${local.origin}/moved`, { method: "POST", body: "{}" })).status).toBe(200);
    reapplyPlatformTransport();
    expect((await abstractFetch(`${local.origin}/moved`, { method: "POST", body: "{}" })).status).toBe(302);
  });
});
