import { setAbstractFetchFunc } from "@shopify/shopify-api/runtime";

/** The header that tells a stand-in platform which shop a redirected request was meant for. */
export const SHOP_DOMAIN_HEADER = "X-Shop-Domain";

type Fetch = typeof globalThis.fetch;

const SHOP_HOST = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/i;

let installedOrigin: string | undefined;
let installedCustomDomain: string | undefined;

export function isShopHost(host: string, customDomain?: string) {
  return SHOP_HOST.test(host) || (customDomain ? host.toLowerCase().endsWith(`.${customDomain.toLowerCase()}`) : false);
}

/**
 * Wraps a fetch so that every request to `https://<shop domain>/...` goes to `origin` instead, with the same
 * path and query, and the shop domain in X-Shop-Domain. Anything else passes through untouched.
 */
export function redirectShopRequests(fetchImpl: Fetch, origin: string, customDomain?: string): Fetch {
  const target = new URL(origin);
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.protocol !== "https:" || !isShopHost(url.hostname, customDomain)) return fetchImpl(input, init);
    const rewritten = new URL(`${url.pathname}${url.search}`, target);
    const shop = url.hostname.toLowerCase();
    // The library's calls (a URL string, plain headers, a string body) pass through as they are: no Request,
    // Headers or copied body per call, so the bench measures the transport production uses (docs/decisions/175).
    if (!(input instanceof Request) && isPlainHeaders(init?.headers)) {
      return fetchImpl(rewritten, { ...init, headers: { ...init?.headers, [SHOP_DOMAIN_HEADER]: shop } });
    }
    // The caller's own signal goes to fetch, never a copy: a Request built from `init` only follows the signal
    // through a weak reference, so an `AbortSignal.timeout` collected by the GC never fires (nodejs/node#55428)
    // and a hanging platform held the call for minutes instead of the configured timeout.
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const request = new Request(input, { ...init, signal: null });
    const headers = new Headers(request.headers);
    headers.set(SHOP_DOMAIN_HEADER, shop);
    const hasBody = request.method !== "GET" && request.method !== "HEAD";
    return fetchImpl(rewritten, {
      method: request.method,
      headers,
      body: hasBody ? await request.arrayBuffer() : undefined,
      signal,
      redirect: request.redirect,
    });
  };
}

function isPlainHeaders(headers: HeadersInit | undefined): headers is Record<string, string> | undefined {
  return headers === undefined || (!(headers instanceof Headers) && !Array.isArray(headers));
}

/** `fetchImpl` pointed at the installed stand-in, or `fetchImpl` itself when no override is installed. */
export function withPlatformOriginOverride(fetchImpl: Fetch): Fetch {
  return installedOrigin ? redirectShopRequests(fetchImpl, installedOrigin, installedCustomDomain) : fetchImpl;
}

/**
 * Points every platform call of this process at a stand-in (the sandbox's simulator, or any tool that
 * keeps the contract in sandbox/README.md). Installed once at start-up: it replaces the global fetch and
 * the fetch @shopify/shopify-api captured when it was imported (the token exchange goes through that one).
 * Production refuses the variable in app/env.server.ts, so this never runs there.
 */
export function installPlatformOriginOverride(origin: string | undefined, customDomain?: string) {
  if (!origin || installedOrigin === origin) return;
  if (installedOrigin) throw new Error("PLATFORM_ORIGIN_OVERRIDE is already installed with another origin");
  const redirected = redirectShopRequests(globalThis.fetch.bind(globalThis), origin, customDomain);
  globalThis.fetch = redirected;
  setAbstractFetchFunc(redirected);
  installedOrigin = origin;
  installedCustomDomain = customDomain;
}

/**
 * With the override on, the platform's admin (the sandbox's stand-in page) lives at the override origin and
 * frames the app: that origin joins the frame-ancestors the library sets for the real admin.
 */
export function allowOverrideAdminToFrame(headers: Headers) {
  if (!installedOrigin) return;
  const policy = headers.get("Content-Security-Policy");
  const origin = new URL(installedOrigin).origin;
  if (!policy?.includes("frame-ancestors") || policy.includes(origin)) return;
  headers.set("Content-Security-Policy", policy.replace("frame-ancestors", `frame-ancestors ${origin}`));
}
