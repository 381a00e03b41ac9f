/**
 * The production server (`npm start`, emitted as build/server/app-server.js by `npm run build`): serves the app's
 * production build on node:http, static files from build/client (./static-files.ts), the fast paths
 * (app/fast-paths/fast-paths.server.ts) before Remix, everything else through Remix, compressed when it is worth it
 * (docs/decisions/296). The sandbox, the end-to-end tests and the benchmark run the app this way too (remix-serve
 * would force NODE_ENV=production, which refuses PLATFORM_ORIGIN_OVERRIDE, and log every request). It imports only
 * Node, Remix, two HTTP packages and its own module beside it: the build emits both files as they are
 * (scripts/lib/server-entry.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { PassThrough } from "node:stream";
import { pathToFileURL } from "node:url";
import {
  createReadableStreamFromReadable,
  createRequestHandler,
  writeReadableStreamToWritable,
  type ServerBuild,
} from "@remix-run/node";
import compression from "compression";
import { serveStatic } from "./static-files.js";

const BUILD_DIR = path.resolve(process.env.APP_BUILD_DIR ?? "build");
const CLIENT_DIR = path.join(BUILD_DIR, "client");
/** A body shorter than this goes as it is: its encoding would save less than it costs (docs/decisions/296). */
const COMPRESS_ABOVE_BYTES = 1024;
// Brotli at the library's quality 4 for bodies made per request: about gzip's speed, smaller. The library is
// connect middleware; on node:http it needs nothing of Express's request or response.
const compress = compression({ threshold: COMPRESS_ABOVE_BYTES }) as unknown as (
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  next: () => void,
) => void;

/**
 * How much of a body the answer refused (413 at its limit) is still read and dropped after the answer, so the client
 * reads the answer instead of a connection reset under its upload; a longer body gets the connection cut.
 */
const REFUSED_BODY_DRAIN_BYTES = 8 * 1024 * 1024;

/** Reads and drops what is left of a request body nobody will read, up to REFUSED_BODY_DRAIN_BYTES. */
function dropUnreadBody(incoming: IncomingMessage) {
  if (incoming.complete || incoming.destroyed) return;
  let dropped = 0;
  incoming.on("data", (chunk: Buffer) => {
    dropped += chunk.byteLength;
    if (dropped > REFUSED_BODY_DRAIN_BYTES) incoming.destroy();
  });
  incoming.resume();
}

/**
 * The body as Remix reads it. Through a PassThrough: Remix cancels a body refused at its limit by destroying the
 * stream it was given, which for the request itself would close the connection before the 413 is written.
 */
function bodyStream(incoming: IncomingMessage) {
  const body = new PassThrough();
  body.once("close", () => incoming.unpipe(body));
  // As Remix's own reader of the request: an error fails the body, a connection closed early ends it.
  incoming.once("error", (error) => body.destroy(error));
  incoming.once("close", () => {
    if (!incoming.complete && !body.destroyed) body.end();
  });
  incoming.pipe(body);
  return createReadableStreamFromReadable(body);
}

/**
 * The build with a loader for every resource route that has only an action (an API, a webhook, a form's endpoint):
 * a GET or HEAD there is answered 405 with Allow, in the app's failure shape, instead of Remix's 400 "Unexpected
 * Server Error" for a missing loader. The one place for all of them, present and future.
 */
function withMethodNotAllowed(build: ServerBuild): ServerBuild {
  const loader = () =>
    Response.json(
      { success: false, error: "Use POST", code: "method_not_allowed" },
      { status: 405, headers: { Allow: "POST" } },
    );
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const { action, loader: own, default: page } = route.module;
      if (!action || own || page) return [id, route];
      return [id, { ...route, module: { ...route.module, loader } }];
    }),
  );
  return { ...build, routes };
}

function toRequest(incoming: IncomingMessage, controller: AbortController): Request {
  const url = new URL(incoming.url ?? "/", `http://${incoming.headers.host ?? "127.0.0.1"}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
  return new Request(url, {
    method: incoming.method,
    headers,
    body: hasBody ? bodyStream(incoming) : undefined,
    signal: controller.signal,
    // Node's fetch needs this for a streamed request body.
    duplex: hasBody ? "half" : undefined,
  } as RequestInit);
}

/**
 * Writes Remix's answer. The body's first bytes are read before the head is written: a body that ends within
 * COMPRESS_ABOVE_BYTES goes whole with its Content-Length, which also keeps it out of the compression; a longer one
 * streams, compressed when `compressed` and the client accepts it (the library picks brotli or gzip, adds Vary and
 * flushes each chunk Remix writes).
 */
async function sendResponse(
  response: Response,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  compressed: boolean,
) {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let ended = !response.body;
  if (response.body) {
    const reader = response.body.getReader();
    while (headBytes < COMPRESS_ABOVE_BYTES) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        break;
      }
      head.push(value);
      headBytes += value.byteLength;
    }
    reader.releaseLock();
    const bodiless = response.status === 204 || response.status === 304;
    if (ended && !bodiless && headers["content-length"] === undefined) headers["content-length"] = String(headBytes);
  }
  if (compressed) compress(incoming, outgoing, () => {});
  outgoing.writeHead(response.status, response.statusText, headers);
  for (const chunk of head) outgoing.write(chunk);
  if (!ended) await writeReadableStreamToWritable(response.body!, outgoing);
  else outgoing.end();
}

/**
 * The server's request listener. Nothing a client sends may throw out of it: an exception thrown in a node:http
 * listener ends the process, so a request that cannot even be turned into a Request (a malformed Host) is a 400,
 * and anything else that fails is a 500 for that request alone. `headers` go on every answer, the static files and
 * the server's own 400/500 included (the app's security headers: docs/decisions/074-cors-and-security-headers.md).
 */
export function appRequestListener(
  // The connection's address goes beside the Request, which has no socket: X-Forwarded-For stays as the proxies
  // built it (app/lib/client-address.server.ts reads both).
  handle: (request: Request, context: { peerAddress?: string }) => Promise<Response>,
  options: {
    /** Headers every response carries, those that never reach Remix included (the build's SECURITY_HEADERS). */
    headers?: Record<string, string>;
    /** Answers what it takes (true) before any Request is made: the build's fast paths (decisions 162, 166). */
    fastPath?: (incoming: IncomingMessage, outgoing: ServerResponse) => boolean;
    /**
     * Paths whose answers are acknowledgements a sender times (the webhooks, the automation callback): never
     * compressed, whatever their size (docs/decisions/296). The build's `isAcknowledgementPath`.
     */
    acknowledgement?: (pathname: string) => boolean;
  } = {},
) {
  return (incoming: IncomingMessage, outgoing: ServerResponse) => {
    for (const [name, value] of Object.entries(options.headers ?? {})) outgoing.setHeader(name, value);
    // Whoever answered (a fast path or Remix) and however much of the body it read, the rest is not left unread.
    outgoing.once("finish", () => dropUnreadBody(incoming));
    const fail = (status: number, message: string) => {
      if (!outgoing.headersSent) outgoing.writeHead(status, { "Content-Type": "text/plain" }).end(message);
      else outgoing.destroy();
    };
    let request: Request;
    const controller = new AbortController();
    try {
      if (options.fastPath?.(incoming, outgoing)) return;
      if (serveStatic(incoming, outgoing, CLIENT_DIR)) return;
      request = toRequest(incoming, controller);
    } catch {
      return fail(400, "Bad Request");
    }
    outgoing.on("close", () => controller.abort());
    handle(request, { peerAddress: incoming.socket.remoteAddress })
      .then((response) =>
        sendResponse(response, incoming, outgoing, !options.acknowledgement?.(new URL(request.url).pathname)),
      )
      .catch((error) => {
        console.error("request failed", error);
        fail(500, "Internal error");
      });
  };
}

export async function startAppServer(port: number, host = "127.0.0.1") {
  const build = (await import(pathToFileURL(path.join(BUILD_DIR, "server", "index.js")).href)) as ServerBuild;
  // The one start of the app's background services (delivery worker, periodic jobs): see app/bootstrap.server.ts.
  const entry = build.entry.module as {
    startServices?: (options: { role: "web" }) => unknown;
    stopServices?: () => Promise<void>;
    SECURITY_HEADERS?: Record<string, string>;
    handleFastPath?: (incoming: IncomingMessage, outgoing: ServerResponse) => boolean;
    isAcknowledgementPath?: (pathname: string) => boolean;
  };
  entry.startServices?.({ role: "web" });
  const server = createServer(
    appRequestListener(createRequestHandler(withMethodNotAllowed(build), "production"), {
      headers: entry.SECURITY_HEADERS,
      fastPath: entry.handleFastPath,
      acknowledgement: entry.isAcknowledgementPath,
    }),
  );
  server.keepAliveTimeout = 65_000;
  server.on("close", () => void entry.stopServices?.());
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return server;
}

// Run directly: `npm start`, and the sandbox, which starts it as a child process (the app has its own memory and its
// own Ctrl-C).
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const port = Number(process.env.PORT ?? 3000);
  const server = await startAppServer(port);
  console.log(JSON.stringify({ level: 30, msg: `app listening on http://127.0.0.1:${port}` }));
  const stop = () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 3_000).unref();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
