import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { env } from "../../env.server";
import { AppError } from "../../lib/http.server";
import { classifyAddress, describeKind, isAllowedAddress } from "./addresses.server";

export type SafeFetchFailure =
  "invalid_url" | "scheme" | "address" | "dns" | "unreachable" | "timeout" | "too_many_redirects" | "too_large";

/** A fetch the app refused or could not complete. The message names the host, never the query string. */
export class SafeFetchError extends AppError {
  constructor(
    readonly reason: SafeFetchFailure,
    message: string,
  ) {
    super(400, message, reason);
    this.name = "SafeFetchError";
  }
}

export interface SafeFetchOptions {
  headers?: Record<string, string>;
  /** The largest body accepted; enforced on Content-Length and again while the body streams in. */
  maxBytes: number;
  maxRedirects?: number;
  /** Per hop, from the request to an established connection. */
  connectTimeoutMs?: number;
  /** For everything: resolution, every redirect, and reading the body. */
  timeoutMs?: number;
  /** Defaults to ALLOW_LOOPBACK_FETCH, which production refuses. */
  allowLoopback?: boolean;
}

export interface SafeResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Where the body came from, after redirects. */
  url: string;
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });
let resolver: Resolver = systemResolver;

/** Tests give names to fictional hosts (their servers are msw handlers or local servers); null restores DNS. */
export function setResolverForTests(replacement: Resolver | null) {
  resolver = replacement ?? systemResolver;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
// Credentials meant for the first host must not travel to another one a redirect points at.
const CREDENTIAL_HEADERS = ["authorization", "cookie", "proxy-authorization", "x-shopify-access-token"];
const DEFAULTS = { maxRedirects: 5, connectTimeoutMs: 5_000, timeoutMs: 30_000 };

/**
 * Fetches a URL a user typed without letting it reach the network the app runs in: http(s) only;
 * the name is resolved here and every address it has must be public; the connection then goes to
 * exactly the address that was checked (no second resolution a rebinding DNS server could answer
 * differently). Redirects are followed by hand, at most `maxRedirects`, each one checked the same way.
 */
export async function safeFetch(input: string, options: SafeFetchOptions): Promise<SafeResponse> {
  const settings = { ...DEFAULTS, ...options };
  const allowLoopback = options.allowLoopback ?? env().ALLOW_LOOPBACK_FETCH;
  const deadline = Date.now() + settings.timeoutMs;
  let headers = { ...options.headers };
  let url = parseHttpUrl(input);

  for (let redirects = 0; ; redirects++) {
    const address = await checkedAddress(url, allowLoopback, deadline, redirects > 0);
    const response = await requestOnce(url, address, { ...settings, headers, deadline });
    if (!("location" in response)) return response;

    if (redirects >= settings.maxRedirects) {
      throw new SafeFetchError("too_many_redirects", `The URL redirected more than ${settings.maxRedirects} times`);
    }
    const next = parseHttpUrl(new URL(response.location, url).href, true);
    if (next.origin !== url.origin) headers = withoutCredentials(headers);
    url = next;
  }
}

function parseHttpUrl(value: string, redirected = false): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SafeFetchError(
      "invalid_url",
      redirected ? "The URL redirects to an invalid address" : "The URL is not valid",
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new SafeFetchError(
      "scheme",
      redirected ? "The URL redirects to a non-http(s) address" : "Only http and https URLs can be fetched",
    );
  }
  if (url.username || url.password) throw new SafeFetchError("invalid_url", "URLs with credentials are not fetched");
  return url;
}

async function checkedAddress(url: URL, allowLoopback: boolean, deadline: number, redirected: boolean) {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: host, family: literal }];
  } else {
    try {
      addresses = await withDeadline(resolver(host), deadline, host);
    } catch (error) {
      if (error instanceof SafeFetchError) throw error;
      throw new SafeFetchError("dns", `${host} could not be resolved`);
    }
    if (addresses.length === 0) throw new SafeFetchError("dns", `${host} could not be resolved`);
  }
  // One refused address refuses the name: an answer mixing public and private addresses is an attack.
  const refused = addresses.find((candidate) => !isAllowedAddress(candidate.address, { allowLoopback }));
  if (refused) {
    const what = describeKind(classifyAddress(refused.address));
    throw new SafeFetchError(
      "address",
      redirected
        ? `The URL redirects to ${host}, which is ${what}; the app does not fetch it`
        : `${host} is ${what}; the app does not fetch it`,
    );
  }
  return addresses[0];
}

interface HopSettings {
  headers: Record<string, string>;
  maxBytes: number;
  connectTimeoutMs: number;
  deadline: number;
}

function requestOnce(
  url: URL,
  target: ResolvedAddress,
  settings: HopSettings,
): Promise<SafeResponse | { location: string }> {
  const host = url.hostname;
  // The connection goes to the address that was checked, whatever a second lookup would say.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const transport = url.protocol === "https:" ? https : http;

  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: SafeFetchError) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(totalTimer);
      request.destroy();
      reject(error);
    };
    const succeed = (value: SafeResponse | { location: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(totalTimer);
      resolve(value);
    };

    const request = transport.request(url, {
      method: "GET",
      headers: { "user-agent": "order-automation-connector", ...settings.headers },
      lookup: pinned,
      agent: false,
    });
    const connectTimer = setTimeout(
      () => fail(new SafeFetchError("timeout", `${host} did not accept a connection in time`)),
      Math.min(settings.connectTimeoutMs, Math.max(0, settings.deadline - Date.now())),
    );
    const totalTimer = setTimeout(
      () => fail(new SafeFetchError("timeout", `${host} did not answer in time`)),
      Math.max(0, settings.deadline - Date.now()),
    );
    request.on("socket", (socket) => socket.once("connect", () => clearTimeout(connectTimer)));
    request.on("error", (error: NodeJS.ErrnoException) =>
      fail(new SafeFetchError("unreachable", `${host} could not be reached (${error.code ?? error.message})`)),
    );
    request.on("response", (response) => {
      clearTimeout(connectTimer);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        succeed({ location });
        // A redirect's body is never read; the connection is not reused either.
        request.destroy();
        return;
      }
      const declared = Number(response.headers["content-length"]);
      if (Number.isFinite(declared) && declared > settings.maxBytes) {
        fail(tooLarge(settings.maxBytes));
        return;
      }
      const chunks: Buffer[] = [];
      let received = 0;
      response.on("data", (chunk: Buffer) => {
        received += chunk.length;
        if (received > settings.maxBytes) fail(tooLarge(settings.maxBytes));
        else chunks.push(chunk);
      });
      response.on("error", () => fail(new SafeFetchError("unreachable", `${host} closed the connection early`)));
      response.on("end", () =>
        succeed({ status, headers: response.headers, body: Buffer.concat(chunks), url: url.href }),
      );
    });
    request.end();
  });
}

function tooLarge(maxBytes: number) {
  return new SafeFetchError("too_large", `The download is larger than ${formatBytes(maxBytes)}`);
}

export function formatBytes(bytes: number) {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / (1024 * 1024))} MB`;
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`;
}

function withoutCredentials(headers: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.includes(name.toLowerCase())),
  );
}

function withDeadline<T>(promise: Promise<T>, deadline: number, host: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new SafeFetchError("timeout", `${host} could not be resolved in time`)),
      Math.max(0, deadline - Date.now()),
    );
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}
