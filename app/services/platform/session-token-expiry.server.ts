import { sessionTokenOf } from "./one-exchange-per-shop.server";

/**
 * Every session token must carry `exp`. The platform library verifies a token with jose, which checks `exp` only
 * when it is there: a token signed without one would be accepted forever (the platform's own tokens live a minute).
 * A request whose token has none is handed to the library with the token's signature taken off, so the library
 * refuses it as it refuses any invalid token: the bounce page for a document request, 401 with the retry header
 * (and the CORS headers an extension needs) for a fetch. Its refusal stays the one refusal, in one place.
 */
export function requireSessionTokenExpiry<Context>(
  authenticateAdmin: (request: Request) => Promise<Context>,
): (request: Request) => Promise<Context> {
  return (request) => {
    const token = sessionTokenOf(request);
    return authenticateAdmin(token && lacksExpiry(token) ? withUnsignedToken(request, token) : request);
  };
}

/** Read without verifying: a token without `exp` is refused whoever signed it; the library verifies the rest. */
function lacksExpiry(token: string): boolean {
  const parts = token.split(".");
  if (parts.length !== 3) return false;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8"));
    return typeof payload === "object" && payload !== null && !("exp" in payload);
  } catch {
    // Not a JWT at all: the library refuses it on its own.
    return false;
  }
}

function withUnsignedToken(request: Request, token: string): Request {
  const unsigned = `${token.split(".").slice(0, 2).join(".")}.`;
  const headers = new Headers(request.headers);
  const url = new URL(request.url);
  // The library reads the bearer header first, else `id_token` (as sessionTokenOf does).
  if (headers.get("authorization")) headers.set("authorization", `Bearer ${unsigned}`);
  else url.searchParams.set("id_token", unsigned);
  return new Request(url, {
    method: request.method,
    headers,
    body: request.body,
    signal: request.signal,
    // A streamed body (node:http's) needs this.
    duplex: request.body ? "half" : undefined,
  } as RequestInit);
}
