import { env } from "../../env.server";

/**
 * CORS for the public callback (docs/decisions/074-cors-and-security-headers.md): a browser on one of
 * CALLBACK_ALLOWED_ORIGINS (the automation platform's and the supplier's panels) may call it; no other origin is
 * named. The library's helper fits session-token routes only: it answers `*` to every origin.
 */
export function isAllowedCallbackOrigin(origin: string | null): origin is string {
  return Boolean(origin) && env().CALLBACK_ALLOWED_ORIGINS.includes(origin!.replace(/\/+$/, ""));
}

/** The CORS headers of a callback answer to a request from `origin` (Vary alone when it is not allowed). */
export function callbackCorsHeaders(origin: string | null): Record<string, string> {
  // Caches must keep answers for different origins apart, allowed or not.
  if (!isAllowedCallbackOrigin(origin)) return { Vary: "Origin" };
  return {
    Vary: "Origin",
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Methods": "POST, OPTIONS",
    "Access-Control-Allow-Headers": "Content-Type",
    "Access-Control-Expose-Headers": "Retry-After",
    "Access-Control-Max-Age": "7200",
  };
}

/** Adds the CORS headers to a callback response when the request came from an allowed origin. */
export function withCallbackCors(request: Request, response: Response): Response {
  for (const [name, value] of Object.entries(callbackCorsHeaders(request.headers.get("Origin")))) {
    if (name === "Vary") response.headers.append(name, value);
    else response.headers.set(name, value);
  }
  return response;
}
