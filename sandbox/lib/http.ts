import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createTcpServer, type AddressInfo } from "node:net";

/** One request as a simulator sees it: the raw body is kept, since signatures are computed over bytes. */
export interface SimRequest {
  method: string;
  url: URL;
  params: Record<string, string>;
  headers: IncomingMessage["headers"];
  /** The connection's source address, as a platform that checks where calls come from sees it. */
  remoteAddress: string;
  body: Buffer;
  header(name: string): string | undefined;
  json<T = unknown>(): T;
  form(): URLSearchParams;
}

export interface SimResponse {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
}

type Handler = (request: SimRequest, response: ServerResponse) => Promise<SimResponse | void> | SimResponse | void;

interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: Handler;
}

/** A small router: `/repos/:owner/:repo` style paths, JSON by default, everything else explicit. */
export class Router {
  private readonly routes: Route[] = [];

  on(method: string, path: string, handler: Handler) {
    const keys: string[] = [];
    const pattern = new RegExp(
      `^${path.replace(/\/:(\w+)(\*)?/g, (_, key: string, rest?: string) => {
        keys.push(key);
        return rest ? "/(.+)" : "/([^/]+)";
      })}/?$`,
    );
    this.routes.push({ method, pattern, keys, handler });
    return this;
  }

  async handle(incoming: IncomingMessage, outgoing: ServerResponse) {
    const url = new URL(incoming.url ?? "/", `http://${incoming.headers.host ?? "127.0.0.1"}`);
    const body = await readBody(incoming);
    if (incoming.method === "OPTIONS") return send(outgoing, { status: 204, headers: corsHeaders(incoming) });
    const match = this.routes
      .map((route) => ({ route, found: route.method === incoming.method ? route.pattern.exec(url.pathname) : null }))
      .find(({ found }) => found);
    if (!match?.found) return send(outgoing, { status: 404, body: { errors: "Not Found" } });
    let params: Record<string, string>;
    try {
      params = Object.fromEntries(match.route.keys.map((key, i) => [key, decodeURIComponent(match.found![i + 1])]));
    } catch {
      return send(outgoing, { status: 400, body: { errors: "Malformed percent escape in the path" } });
    }
    const request: SimRequest = {
      method: incoming.method ?? "GET",
      url,
      params,
      headers: incoming.headers,
      remoteAddress: incoming.socket.remoteAddress ?? "",
      body,
      header: (name) => {
        const value = incoming.headers[name.toLowerCase()];
        return Array.isArray(value) ? value[0] : value;
      },
      json: <T>() => (body.length ? JSON.parse(body.toString("utf8")) : {}) as T,
      form: () => new URLSearchParams(body.toString("utf8")),
    };
    try {
      const result = await match.route.handler(request, outgoing);
      if (!outgoing.headersSent && !outgoing.writableEnded) send(outgoing, result ?? { status: 204 });
    } catch (error) {
      if (outgoing.headersSent) return outgoing.destroy();
      const message = error instanceof Error ? error.message : String(error);
      send(outgoing, { status: error instanceof HttpError ? error.status : 500, body: { errors: message } });
    }
  }
}

/** Thrown by handlers for an answer other than success. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function send(outgoing: ServerResponse, response: SimResponse) {
  const headers = { ...response.headers };
  let payload: Buffer | string | undefined;
  if (Buffer.isBuffer(response.body) || typeof response.body === "string") {
    payload = response.body;
  } else if (response.body !== undefined) {
    payload = JSON.stringify(response.body);
    headers["Content-Type"] ??= "application/json; charset=utf-8";
  }
  outgoing.writeHead(response.status ?? 200, headers);
  outgoing.end(payload);
}

/** Browsers call some sandbox endpoints from the app's origin (the App Bridge stand-in, the admin page). */
export function corsHeaders(incoming?: IncomingMessage): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": (incoming?.headers.origin as string | undefined) ?? "*",
    "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
    "Access-Control-Allow-Headers": "Content-Type, Authorization",
  };
}

function readBody(incoming: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => resolve(Buffer.concat(chunks)));
    incoming.on("error", reject);
  });
}

export interface Listening {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

/** Listens on loopback (port 0 picks a free one) and answers with the router. */
export async function listen(router: Router, port = 0, host = "127.0.0.1"): Promise<Listening> {
  const server = createServer((incoming, outgoing) => {
    router.handle(incoming, outgoing).catch((error) => {
      console.error("sandbox handler failed", error);
      if (!outgoing.headersSent) send(outgoing, { status: 500, body: { errors: "simulator failure" } });
    });
  });
  // Keep-alive connections from the app must not hold a Ctrl-C hostage.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Parses a port argument (`--port 4010` or the first bare number), for simulators started alone. */
export function portFromArgs(argv: string[], fallback: number) {
  const flag = argv.indexOf("--port");
  const value = flag >= 0 ? argv[flag + 1] : argv.find((arg) => /^\d+$/.test(arg));
  return value ? Number(value) : fallback;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A tiny event feed every simulator writes to, so the sandbox can print the loop as it happens. */
export type SimEvent = { system: string; message: string; at: string };
export type EventSink = (event: SimEvent) => void;
export const noEvents: EventSink = () => undefined;

/** A port free on loopback right now, for a server that must be told its port before it starts. */
/**
 * A free port held open until `release`: listeners that ask the system for any port (port 0) meanwhile cannot be
 * given it, as they can a port freePort has already let go of.
 */
export async function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server = createTcpServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ port, release: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createTcpServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
