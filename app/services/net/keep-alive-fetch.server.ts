import http from "node:http";
import https from "node:https";
import zlib from "node:zlib";

/**
 * Outgoing HTTP on node:http / node:https with keep-alive agents (docs/decisions/171, 175): the trigger's POST and
 * the platform library's transport. undici's `fetch` costs a Request, Headers, a web stream and llhttp in wasm
 * per call; these calls are small JSON exchanges with a few hosts, answered whole.
 */

// Idle connections are closed before node:http's server default of 5 s would close them under a request (a server
// that announces `Keep-Alive: timeout=N` is followed by node's agent too).
const IDLE_SOCKET_MS = 4_000;
// Per origin (node's agent keeps one pool per host and port): above the worker's 16 concurrent sends, so a burst
// queues only beyond that; the total bounds a process talking to many shops at once.
const MAX_SOCKETS_PER_ORIGIN = 32;
const MAX_SOCKETS_TOTAL = 512;

let agents: { http: http.Agent; https: https.Agent } | null = null;

/** The process's keep-alive agent for a URL's protocol, made on first use. */
export function keepAliveAgentFor(url: URL): http.Agent {
  if (!agents) {
    const options = {
      keepAlive: true,
      timeout: IDLE_SOCKET_MS,
      maxSockets: MAX_SOCKETS_PER_ORIGIN,
      maxFreeSockets: MAX_SOCKETS_PER_ORIGIN,
      maxTotalSockets: MAX_SOCKETS_TOTAL,
    };
    agents = { http: new http.Agent(options), https: new https.Agent(options) };
  }
  return url.protocol === "https:" ? agents.https : agents.http;
}

/** Closes the idle sockets (tests, shutdown); the agents are made again on the next call. */
export function closeKeepAliveAgents() {
  agents?.http.destroy();
  agents?.https.destroy();
  agents = null;
}

/** A Shopify admin answer is a few KB to a few MB; a body beyond this is refused, never buffered whole. */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
// undici's own defaults for an answer's headers and for silence while its body streams in (300 s each).
const INACTIVITY_MS = 300_000;

/** The answer's body went over `maxBodyBytes` (declared or while it streamed in). */
export class ResponseTooLargeError extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`The response body is larger than ${limit} bytes`);
    this.name = "ResponseTooLargeError";
    this.limit = limit;
  }
}

export interface KeepAliveFetchOptions {
  maxBodyBytes?: number;
  inactivityMs?: number;
  /** Serves what this transport does not: a Request as input, a streamed/form/blob body. */
  fallback?: typeof globalThis.fetch;
}

// Statuses whose Response must have a null body (the constructor throws otherwise).
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * A `fetch` for JSON exchanges: string or byte bodies, plain/Headers/array headers, an AbortSignal; the answer is
 * read whole (up to `maxBodyBytes`) into a real `Response`. Failures look like undici's: `TypeError("fetch failed")`
 * with the cause, and the signal's reason when it aborts. Redirects are not followed (as `redirect: "manual"`): a
 * 3xx is answered as it came, so an access token never travels to another host.
 */
export function createKeepAliveFetch(options: KeepAliveFetchOptions = {}): typeof globalThis.fetch {
  const maxBodyBytes = options.maxBodyBytes ?? MAX_RESPONSE_BYTES;
  const inactivityMs = options.inactivityMs ?? INACTIVITY_MS;
  const fallback = options.fallback ?? globalThis.fetch.bind(globalThis);
  return (input, init) => {
    const body = init?.body;
    if (input instanceof Request || !(body == null || typeof body === "string" || isBytes(body))) {
      return fallback(input, init);
    }
    return send(new URL(input), init ?? {}, body == null ? null : toBuffer(body), maxBodyBytes, inactivityMs);
  };
}

function isBytes(body: unknown): body is ArrayBuffer | ArrayBufferView | URLSearchParams {
  return body instanceof ArrayBuffer || ArrayBuffer.isView(body) || body instanceof URLSearchParams;
}

function toBuffer(body: string | ArrayBuffer | ArrayBufferView | URLSearchParams): Buffer {
  if (typeof body === "string" || body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

function outgoingHeaders(headers: HeadersInit | undefined, body: Buffer | null, isParams: boolean) {
  const out: Record<string, string> = {};
  if (headers instanceof Headers || Array.isArray(headers)) {
    for (const [name, value] of headers) {
      const key = name.toLowerCase();
      out[key] = key in out ? `${out[key]}, ${value}` : value;
    }
  } else if (headers) {
    for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = String(value);
  }
  if (body) out["content-length"] = String(body.length);
  if (isParams && !out["content-type"]) out["content-type"] = "application/x-www-form-urlencoded;charset=UTF-8";
  return out;
}

function fetchFailed(cause: unknown) {
  return new TypeError("fetch failed", { cause });
}

function send(url: URL, init: RequestInit, body: Buffer | null, maxBodyBytes: number, inactivityMs: number) {
  const signal = init.signal ?? null;
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return Promise.reject(fetchFailed(new Error(`unsupported protocol ${url.protocol}`)));
  }
  const method = (init.method ?? "GET").toUpperCase();
  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    const onAbort = () => fail(signal!.reason);
    function fail(error: unknown) {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      request.destroy();
      reject(error);
    }
    function succeed(response: Response) {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      resolve(response);
    }
    const request = (url.protocol === "https:" ? https : http).request(url, {
      method,
      agent: keepAliveAgentFor(url),
      headers: outgoingHeaders(init.headers, body, init.body instanceof URLSearchParams),
    });
    signal?.addEventListener("abort", onAbort, { once: true });
    request.setTimeout(inactivityMs, () => fail(fetchFailed(new Error(`no data for ${inactivityMs} ms`))));
    request.on("error", (error) => fail(fetchFailed(error)));
    request.on("response", (incoming) => {
      const declared = Number(incoming.headers["content-length"]);
      if (declared > maxBodyBytes) return fail(fetchFailed(new ResponseTooLargeError(maxBodyBytes)));
      const chunks: Buffer[] = [];
      let received = 0;
      incoming.on("data", (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxBodyBytes) return fail(fetchFailed(new ResponseTooLargeError(maxBodyBytes)));
        chunks.push(chunk);
      });
      incoming.on("error", (error) => fail(fetchFailed(error)));
      incoming.on("end", () => {
        if (settled) return;
        try {
          succeed(toResponse(incoming, method, decode(Buffer.concat(chunks), incoming.headers, maxBodyBytes)));
        } catch (error) {
          fail(error instanceof ResponseTooLargeError ? fetchFailed(error) : error);
        }
      });
    });
    request.end(body ?? undefined);
  });
}

/** A body the server compressed although nothing asked for it (no Accept-Encoding is sent) is still read right. */
function decode(raw: Buffer, headers: http.IncomingHttpHeaders, maxBodyBytes: number) {
  const encoding = headers["content-encoding"]?.trim().toLowerCase();
  if (!encoding || encoding === "identity" || raw.length === 0) return raw;
  const limit = { maxOutputLength: maxBodyBytes };
  try {
    if (encoding === "gzip" || encoding === "x-gzip") return zlib.gunzipSync(raw, limit);
    if (encoding === "deflate") return zlib.inflateSync(raw, limit);
    if (encoding === "br") return zlib.brotliDecompressSync(raw, limit);
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw new ResponseTooLargeError(maxBodyBytes);
    throw fetchFailed(error);
  }
  return raw;
}

function toResponse(incoming: http.IncomingMessage, method: string, body: Buffer) {
  const status = incoming.statusCode ?? 0;
  const headers = new Headers();
  const raw = incoming.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const empty = NULL_BODY.has(status) || method === "HEAD";
  return new Response(empty ? null : (body as Uint8Array<ArrayBuffer>), {
    status,
    statusText: incoming.statusMessage ?? "",
    headers,
  });
}
