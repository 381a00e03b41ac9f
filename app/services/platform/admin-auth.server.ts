import { InvalidShopError } from "@shopify/shopify-api";
import { authenticate } from "../../shopify.server";
import { AppError, failure } from "../../lib/http.server";

export const NO_SESSION = "No shop session found";

/**
 * Authenticates an admin API request (the embedded admin sends a session token as a bearer token).
 * API routes answer 401 JSON instead of the library's redirects; the library's retry header is kept
 * so App Bridge fetches a fresh session token and tries once more.
 */
export async function authenticateAdminApi(request: Request) {
  let context;
  try {
    context = await authenticate.admin(request);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300) {
      const headers = new Headers();
      const retry = thrown.headers.get("X-Shopify-Retry-Invalid-Session-Request");
      if (retry) headers.set("X-Shopify-Retry-Invalid-Session-Request", retry);
      throw failure(401, NO_SESSION, {}, headers);
    }
    // A validly signed token whose `dest` is not a shop domain names no shop this app can serve.
    if (thrown instanceof InvalidShopError) throw new AppError(401, NO_SESSION, "no_session");
    throw thrown;
  }
  if (!context.session?.shop) throw new AppError(401, NO_SESSION, "no_session");
  return { ...context, shop: context.session.shop };
}
