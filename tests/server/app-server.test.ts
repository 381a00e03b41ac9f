import { connect } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { appRequestListener } from "../../server/app-server";
import { isAcknowledgementPath } from "~/fast-paths/fast-paths.server";
import { startLocalServer, type LocalServer } from "../helpers/local-server";
import { rawHttp } from "../helpers/raw-http";

let server: LocalServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(handle: (request: Request) => Promise<Response>, headers?: Record<string, string>) {
  server = await startLocalServer(appRequestListener(handle, { headers, acknowledgement: isAcknowledgementPath }));
  return server.port;
}

/** A request written by hand on a socket, so malformed paths and headers reach the server as a client sent them. */
function rawRequest(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.end(`${head}\r\nConnection: close\r\n\r\n`));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);

describe("the server the sandbox, the end-to-end tests and the bench run the app on", () => {
  it("survives malformed percent escapes in the path and keeps answering", async () => {
    const seen: string[] = [];
    const port = await start(async (request) => {
      seen.push(new URL(request.url).pathname);
      return new Response("from the app", { status: 404 });
    });
    for (const path of ["/%ff", "/%", "/assets/%E0%A4%A", "/%c0%af"]) {
      expect(statusOf(await rawRequest(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1`))).toBe(404);
    }
    expect(seen).toEqual(["/%ff", "/%", "/assets/%E0%A4%A", "/%c0%af"]);
    expect(statusOf(await rawRequest(port, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1"))).toBe(404);
  });

  it("answers 400 to a request whose Host makes no URL, without calling the app", async () => {
    let called = 0;
    const port = await start(async () => {
      called++;
      return new Response("ok");
    });
    expect(statusOf(await rawRequest(port, "GET / HTTP/1.1\r\nHost: [::1"))).toBe(400);
    expect(statusOf(await rawRequest(port, "GET / HTTP/1.1\r\nHost: 127.0.0.1"))).toBe(200);
    expect(called).toBe(1);
  });

  it("puts the given headers on every answer: the app's, its own 400 and a failure's 500", async () => {
    const headers = { "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer" };
    const port = await start(async (request) => {
      if (new URL(request.url).pathname === "/boom") throw new Error("boom");
      return new Response("ok", { headers: { "Referrer-Policy": "no-referrer" } });
    }, headers);
    const originalError = console.error;
    console.error = () => {};
    try {
      for (const [head, status] of [
        ["GET / HTTP/1.1\r\nHost: 127.0.0.1", 200],
        ["GET / HTTP/1.1\r\nHost: [::1", 400],
        ["GET /boom HTTP/1.1\r\nHost: 127.0.0.1", 500],
      ] as const) {
        const answer = await rawRequest(port, head);
        expect(statusOf(answer)).toBe(status);
        expect(answer).toMatch(/^X-Content-Type-Options: nosniff\r$/im);
        expect(answer).toMatch(/^Referrer-Policy: no-referrer\r$/im);
      }
    } finally {
      console.error = originalError;
    }
  });
});

/** A document as Remix streams it: several chunks, the whole well over the compression threshold. */
const DOCUMENT = Array.from(
  { length: 60 },
  (_, i) => `<div class="Polaris-Card"><p>Pedido #${1000 + i}: confirmado por el comprador</p></div>`,
);
const streamed = (chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

describe("what the server compresses", () => {
  const page = async () =>
    start(async (request) => {
      const path = new URL(request.url).pathname;
      if (path === "/small.json") return Response.json({ success: true });
      return new Response(streamed(DOCUMENT), {
        headers: { "Content-Type": path === "/app.data" ? "text/x-script" : "text/html" },
      });
    });

  it("sends a document in brotli to a browser that accepts it, decoding to the same bytes", async () => {
    const port = await page();
    const answer = await rawHttp(port, "/app", { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.body.length).toBeLessThan(DOCUMENT.join("").length / 4);
    expect(brotliDecompressSync(answer.body).toString()).toBe(DOCUMENT.join(""));
  });

  it("sends gzip to a client that accepts gzip only, and the body itself to one that names no encoding", async () => {
    const port = await page();
    const gzipped = await rawHttp(port, "/app.data", { headers: { "Accept-Encoding": "gzip" } });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body).toString()).toBe(DOCUMENT.join(""));
    const accepting: Record<string, string>[] = [
      {},
      { "Accept-Encoding": "identity" },
      { "Accept-Encoding": "br;q=0, gzip;q=0" },
    ];
    for (const headers of accepting) {
      const plain = await rawHttp(port, "/app", { headers });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toBe("Accept-Encoding");
      expect(plain.body.toString()).toBe(DOCUMENT.join(""));
    }
  });

  it("sends a short answer as it is, with its length", async () => {
    const port = await page();
    const answer = await rawHttp(port, "/small.json", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers["content-length"]).toBe(String(answer.body.length));
    expect(JSON.parse(answer.body.toString())).toEqual({ success: true });
  });

  it("never compresses a webhook's or the callback's answer, however long", async () => {
    const port = await page();
    for (const path of ["/webhooks/app/uninstalled", "/webhooks/orders/create", "/api/automation/callback"]) {
      const answer = await rawHttp(port, path, { method: "POST", headers: { "Accept-Encoding": "br, gzip" } });
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.headers.vary).toBeUndefined();
      expect(answer.body.toString()).toBe(DOCUMENT.join(""));
    }
  });
});
