import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { delay, http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { triggerFlow } from "~/services/automation/client.server";
import { postJson, PostTimeoutError } from "~/services/automation/trigger-http.server";
import { startLocalServer, type LocalServer } from "../../helpers/local-server";
import { server } from "../../mocks/server";

const post = (url: string, extra: Partial<Parameters<typeof postJson>[1]> = {}) =>
  postJson(url, {
    headers: { "Content-Type": "application/json" },
    body: '{"a":1}',
    timeoutMs: 2_000,
    maxBodyBytes: 64,
    ...extra,
  });

describe("the trigger's HTTP client", () => {
  let local: LocalServer | null = null;
  afterEach(async () => {
    await local?.close();
    local = null;
  });

  it("posts the body with its length and headers and returns status, headers and body", async () => {
    const seen: { method?: string; length?: string; body: string }[] = [];
    local = await startLocalServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        seen.push({ method: request.method, length: request.headers["content-length"], body });
        response.writeHead(202, { "Retry-After": "3" }).end("accepted");
      });
    });
    const answer = await post(`${local.origin}/api/flows/f/trigger`);
    expect(answer).toMatchObject({ status: 202, body: "accepted", headers: { "retry-after": "3" } });
    expect(seen).toEqual([{ method: "POST", length: "7", body: '{"a":1}' }]);
  });

  it("reuses one connection for triggers sent one after another", async () => {
    let connections = 0;
    const counting = createServer((_request, response) => response.end("ok"));
    counting.on("connection", () => connections++);
    await new Promise<void>((resolve) => counting.listen(0, "127.0.0.1", resolve));
    const port = (counting.address() as AddressInfo).port;
    // msw's interception gives every request a socket of its own: the connections are counted on the real network.
    server.close();
    try {
      for (let i = 0; i < 3; i++) expect((await post(`http://127.0.0.1:${port}/t`)).status).toBe(200);
      expect(connections).toBe(1);
    } finally {
      server.listen({ onUnhandledRequest: "error" });
      counting.closeAllConnections();
      await new Promise((resolve) => counting.close(resolve));
    }
  });

  it("keeps only the first bytes of a large answer", async () => {
    local = await startLocalServer((_request, response) => response.writeHead(500).end("x".repeat(100_000)));
    const answer = await post(`${local.origin}/t`, { maxBodyBytes: 10 });
    expect(answer.status).toBe(500);
    expect(answer.body).toBe("x".repeat(10));
  });

  it("does not follow a redirect", async () => {
    local = await startLocalServer((_request, response) =>
      response.writeHead(302, { Location: "http://127.0.0.1:1/x" }).end(),
    );
    const answer = await post(`${local.origin}/t`);
    expect(answer.status).toBe(302);
    expect(local.requests).toEqual(["/t"]);
  });

  it("gives up on a server that does not answer in time", async () => {
    local = await startLocalServer(() => {
      // never answers
    });
    await expect(post(`${local.origin}/t`, { timeoutMs: 150 })).rejects.toBeInstanceOf(PostTimeoutError);
  });

  it("fails with the connection's error when nothing listens", async () => {
    const closed = await startLocalServer(() => undefined);
    await closed.close();
    await expect(post(`${closed.origin}/t`)).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  it("classifies a trigger that times out as retryable trigger_timeout", async () => {
    server.use(
      http.post("https://automation.test/api/flows/:flow/trigger", async () => {
        await delay("infinite");
        return HttpResponse.json({});
      }),
    );
    const result = await triggerFlow("key", "flow-1", { order: 1 }, { timeoutMs: 100 });
    expect(result).toMatchObject({
      ok: false,
      retryable: true,
      httpStatus: null,
      failure: { code: "trigger_timeout" },
    });
  });
});
