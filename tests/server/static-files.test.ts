import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { precompressAssets } from "../../scripts/lib/precompress-assets";
import { serveStatic } from "../../server/static-files";
import { startLocalServer, type LocalServer } from "../helpers/local-server";
import { rawHttp } from "../helpers/raw-http";

/** A client build: a hashed stylesheet and script, a small file, an image, as `npm run build` leaves them. */
let clientDir: string;
const STYLESHEET = Buffer.from(
  Array.from({ length: 400 }, (_, i) => `.Polaris-Box-${i}{padding:var(--p-space-${i % 12});}`).join("\n"),
);
const SCRIPT = Buffer.from(
  `export function f(){${Array.from({ length: 200 }, (_, i) => `console.log("${i}");`).join("")}}`,
);
const TINY = Buffer.from("export const a=1;");
const IMAGE = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256));
let server: LocalServer | undefined;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), "client-build-"));
  mkdirSync(path.join(clientDir, "assets"));
  writeFileSync(path.join(clientDir, "assets/styles-x1cbIzLV.css"), STYLESHEET);
  writeFileSync(path.join(clientDir, "assets/route-D7U5W44o.js"), SCRIPT);
  writeFileSync(path.join(clientDir, "assets/tiny-B1.js"), TINY);
  writeFileSync(path.join(clientDir, "favicon.png"), IMAGE);
  // A copy left by an earlier build of a file that no longer compresses: the build removes it.
  writeFileSync(path.join(clientDir, "assets/tiny-B1.js.br"), "stale");
  await precompressAssets(clientDir);
});

afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start() {
  server = await startLocalServer((incoming, outgoing) => {
    if (!serveStatic(incoming, outgoing, clientDir)) outgoing.writeHead(404).end("to Remix");
  });
  return server.port;
}

const CSS = "/assets/styles-x1cbIzLV.css";

describe("the build's encoded copies", () => {
  it("writes brotli and gzip beside each text file that shrinks, and nothing beside small or binary ones", async () => {
    const written = await precompressAssets(clientDir);
    expect(written.map((file) => path.relative(clientDir, file))).toEqual([
      "assets/route-D7U5W44o.js.br",
      "assets/route-D7U5W44o.js.gz",
      "assets/styles-x1cbIzLV.css.br",
      "assets/styles-x1cbIzLV.css.gz",
    ]);
    expect(existsSync(path.join(clientDir, "assets/tiny-B1.js.br"))).toBe(false);
    expect(brotliDecompressSync(readFileSync(path.join(clientDir, `${CSS}.br`)))).toEqual(STYLESHEET);
    expect(gunzipSync(readFileSync(path.join(clientDir, `${CSS}.gz`)))).toEqual(STYLESHEET);
  });
});

describe("static files by the client's Accept-Encoding", () => {
  it("sends brotli to a browser that accepts it, which decodes to the file's bytes", async () => {
    const port = await start();
    const answer = await rawHttp(port, CSS, { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(STYLESHEET.length / 5);
    expect(brotliDecompressSync(answer.body)).toEqual(STYLESHEET);
  });

  it("sends gzip to a client that accepts gzip only", async () => {
    const port = await start();
    const answer = await rawHttp(port, CSS, { headers: { "Accept-Encoding": "gzip" } });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(gunzipSync(answer.body)).toEqual(STYLESHEET);
  });

  it("sends the file itself without Accept-Encoding, still saying that the answer varies on it", async () => {
    const port = await start();
    const answer = await rawHttp(port, CSS);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(Number(answer.headers["content-length"])).toBe(STYLESHEET.length);
    expect(answer.body).toEqual(STYLESHEET);
  });

  it("follows the client's q-values, and gives the file itself when nothing is acceptable", async () => {
    const port = await start();
    const encodingFor = async (accept: string) =>
      (await rawHttp(port, CSS, { headers: { "Accept-Encoding": accept } })).headers["content-encoding"] ?? "identity";
    expect(await encodingFor("br;q=0.5, gzip;q=0.9")).toBe("gzip");
    expect(await encodingFor("br;q=0, gzip")).toBe("gzip");
    expect(await encodingFor("*")).toBe("br");
    expect(await encodingFor("gzip;q=0, br;q=0")).toBe("identity");
    expect(await encodingFor("identity")).toBe("identity");
    expect(await encodingFor("identity;q=0")).toBe("identity");
    expect(await encodingFor("deflate")).toBe("identity");
  });

  it("answers HEAD with the headers GET gets for the same encoding, and no body", async () => {
    const port = await start();
    const headers = { "Accept-Encoding": "br" };
    const get = await rawHttp(port, CSS, { headers });
    const head = await rawHttp(port, CSS, { method: "HEAD", headers });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ["content-encoding", "content-length", "content-type", "vary", "etag", "cache-control"]) {
      expect(head.headers[name]).toBe(get.headers[name]);
    }
  });

  it("gives each encoding its own ETag and answers 304 only to the one the client holds", async () => {
    const port = await start();
    const brotli = await rawHttp(port, CSS, { headers: { "Accept-Encoding": "br" } });
    const gzipped = await rawHttp(port, CSS, { headers: { "Accept-Encoding": "gzip" } });
    const plain = await rawHttp(port, CSS);
    expect(new Set([brotli.headers.etag, gzipped.headers.etag, plain.headers.etag]).size).toBe(3);

    const again = await rawHttp(port, CSS, {
      headers: { "Accept-Encoding": "br", "If-None-Match": brotli.headers.etag! },
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(brotli.headers.etag);
    expect(again.headers.vary).toBe("Accept-Encoding");
    // The brotli copy's tag does not stand for the gzip one: the client gets the body.
    const other = await rawHttp(port, CSS, {
      headers: { "Accept-Encoding": "gzip", "If-None-Match": `W/${brotli.headers.etag}` },
    });
    expect(other.status).toBe(200);
    expect(gunzipSync(other.body)).toEqual(STYLESHEET);
  });

  it("answers a Range request with the whole representation (ranges are not supported)", async () => {
    const port = await start();
    const answer = await rawHttp(port, CSS, { headers: { "Accept-Encoding": "br", Range: "bytes=0-99" } });
    expect(answer.status).toBe(200);
    expect(answer.headers["accept-ranges"]).toBeUndefined();
    expect(brotliDecompressSync(answer.body)).toEqual(STYLESHEET);
  });

  it("sends a file without copies as it is, without Vary", async () => {
    const port = await start();
    for (const [file, bytes, type] of [
      ["/assets/tiny-B1.js", TINY, "text/javascript; charset=utf-8"],
      ["/favicon.png", IMAGE, "image/png"],
    ] as const) {
      const answer = await rawHttp(port, file, { headers: { "Accept-Encoding": "br, gzip" } });
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.headers.vary).toBeUndefined();
      expect(answer.headers["content-type"]).toBe(type);
      expect(answer.body).toEqual(bytes);
    }
    expect((await rawHttp(port, "/favicon.png")).headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("leaves to Remix what names no file, and a path that leaves the build", async () => {
    const port = await start();
    for (const file of ["/app", "/assets/missing.js", "/assets", "/../package.json", "/%2e%2e/package.json"]) {
      expect((await rawHttp(port, file)).body.toString()).toBe("to Remix");
    }
    expect((await rawHttp(port, CSS, { method: "POST" })).body.toString()).toBe("to Remix");
  });
});

describe("a file that fails while it is read", () => {
  it("cuts the connection instead of leaving it open with the answer unfinished", async () => {
    // Linux says this is a regular file (size 0) and fails its first read with EIO: a read error after the head is sent.
    const unreadable = path.join(clientDir, "assets/unreadable-C1.js");
    symlinkSync("/proc/self/mem", unreadable);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    try {
      const port = await start();
      const connectionClosed = new Promise<string>((resolve) => {
        const outgoing = request({ host: "127.0.0.1", port, path: "/assets/unreadable-C1.js", agent }, (incoming) =>
          incoming.resume(),
        );
        outgoing.on("socket", (socket) => socket.once("close", () => resolve("closed")));
        outgoing.on("error", () => resolve("closed"));
        outgoing.end();
      });
      // An open connection whose answer never ends holds every request the browser queues behind it on that socket.
      const stillOpen = new Promise<string>((resolve) => setTimeout(() => resolve("still open"), 2_000));
      expect(await Promise.race([connectionClosed, stillOpen])).toBe("closed");
      expect(logged).toHaveBeenCalledWith("static file could not be read", unreadable, "EIO");
      expect((await rawHttp(port, CSS)).status).toBe(200);
    } finally {
      agent.destroy();
      rmSync(unreadable);
    }
  });
});
