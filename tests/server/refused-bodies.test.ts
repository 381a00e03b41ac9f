import { afterEach, describe, expect, it } from "vitest";
import { action as callbackRoute } from "~/routes/api.automation.callback";
import { action as ordersCreateRoute } from "~/routes/webhooks.orders.create";
import { appRequestListener } from "../../server/app-server";
import { handleFastPath } from "~/fast-paths/fast-paths.server";
import { startLocalServer, type LocalServer } from "../helpers/local-server";

/**
 * A body streamed without a declared length (chunked) and refused at its limit: the client must read the 413, as it
 * does for a declared length, whether a fast path or Remix answered, not a connection reset under its upload.
 */

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

interface Answer {
  status: number;
  type: string | undefined;
  body: string;
}

/**
 * POSTs `bytes` in 64 KB chunks with no Content-Length, as a client that streams does (fetch with a stream body:
 * chunked), and reads the answer. Through `fetch`, which fails the whole exchange when the connection is reset
 * under its upload, as the clients that reported it did.
 */
async function postChunked(origin: string, path: string, bytes: number): Promise<Answer> {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      sent += 64 * 1024;
      controller.enqueue(new Uint8Array(64 * 1024).fill(0x61));
    },
  });
  const response = await fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
    duplex: "half",
  } as RequestInit);
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? undefined,
    body: await response.text(),
  };
}

const TWO_MB = 2 * 1024 * 1024;

describe("a streamed body over the limit is answered 413, not cut off", () => {
  it("the callback's fast path answers the app's 413 body to 2 MB chunked", async () => {
    server = await startLocalServer(
      appRequestListener(async () => new Response("passed on", { status: 299 }), { fastPath: handleFastPath }),
    );
    const answer = await postChunked(server.origin, "/api/automation/callback", TWO_MB);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      code: "too_large",
      error: "The body is larger than 16 KB",
    });
  });

  it("the order webhook's fast path answers 413 to a chunked body past its 5 MB", async () => {
    server = await startLocalServer(
      appRequestListener(async () => new Response("passed on", { status: 299 }), { fastPath: handleFastPath }),
    );
    const answer = await postChunked(server.origin, "/webhooks/orders/create", 6 * 1024 * 1024);
    expect(answer).toEqual({ status: 413, type: "text/plain", body: "Payload too large" });
  });

  it("a route behind the server (Remix's path) answers the app's 413 body to 2 MB chunked, as the fast paths do", async () => {
    server = await startLocalServer(
      appRequestListener(async (request, context) => {
        const path = new URL(request.url).pathname;
        const args = { request, params: {}, context };
        return path === "/api/automation/callback" ? callbackRoute(args) : ordersCreateRoute(args);
      }),
    );
    {
      const answer = await postChunked(server.origin, "/api/automation/callback", TWO_MB);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({
        success: false,
        code: "too_large",
        error: "The body is larger than 16 KB",
      });
      expect(await postChunked(server.origin, "/webhooks/orders/create", 6 * 1024 * 1024)).toMatchObject({
        status: 413,
        body: "Payload too large",
      });
    }
  });
});
