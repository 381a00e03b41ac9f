import { env } from "../../env.server";

/**
 * CORS for the public callback (docs/decisions/074-cors-and-security-headers.md): a browser on one of
 * CALLBACK_ALLOWED_ORIGINS (the automation platform's and the supplier's panels) may call it; no other origin is
 * named. The library's helper fits session-token routes only: it answers `*` to every origin.
 */
export function isAllowedCallbackOrigin(origin: string | null): origin is string {
  return Boolean(origin) && env().CALLBACK_ALLOWED_ORIGINS.includes(origin!.replace(/\/+$/, ""));
}

/** Adds the CORS headers to a callback response when the request came from an allowed origin. */
export function withCallbackCors(request: Request, response: Response): Response {
  // Caches must keep answers for different origins apart, allowed or not.
  response.headers.append("Vary", "Origin");
  const origin = request.headers.get("Origin");
  if (!isAllowedCallbackOrigin(origin)) return response;
  response.headers.set("Access-Control-Allow-Origin", origin);
  response.headers.set("Access-Control-Allow-Methods", "POST, OPTIONS");
  response.headers.set("Access-Control-Allow-Headers", "Content-Type");
  response.headers.set("Access-Control-Expose-Headers", "Retry-After");
  response.headers.set("Access-Control-Max-Age", "7200");
  return response;
}
