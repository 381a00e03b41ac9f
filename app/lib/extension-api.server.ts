import { InvalidShopError } from "@shopify/shopify-api";
import { NO_SESSION } from "../services/platform/admin-auth.server";
import { authenticate } from "../shopify.server";
import { AppError, apiHandler, errorResponse, failure } from "./http.server";

const RETRY_HEADER = "X-Shopify-Retry-Invalid-Session-Request";
const CORS_HEADERS = ["Access-Control-Allow-Origin", "Access-Control-Allow-Headers", "Access-Control-Expose-Headers"];

type AdminContext = Awaited<ReturnType<typeof authenticate.admin>>;
export interface ExtensionApiArgs<Args> {
  args: Args;
  shop: string;
  admin: AdminContext["admin"];
}

/**
 * An API route the admin UI extensions call as well as the embedded pages. The extensions run on another
 * origin (https://extensions.shopifycdn.com) and send the session token as a bearer token, so every answer,
 * failures and the preflight included, needs the CORS headers: the platform library sets them (`cors`, and
 * on the responses `authenticate.admin` throws). Built on `apiHandler`, so the body limit (413 before anything
 * is read), the security headers and the `{ success: false, error, code }` failures are those of every route.
 */
export function extensionApi<Args extends { request: Request }>(
  handler: (context: ExtensionApiArgs<Args>) => Promise<Response>,
  options: { maxBodyBytes?: number } = {},
) {
  return apiHandler(async (args: Args): Promise<Response> => {
    const { request } = args;
    let context: AdminContext;
    try {
      context = await authenticate.admin(request);
    } catch (thrown) {
      if (thrown instanceof Response) {
        // The library's own answer to a preflight (204) is already complete.
        if (thrown.status < 300) return thrown;
        return failure(401, NO_SESSION, {}, keepHeaders(thrown.headers, [RETRY_HEADER, ...CORS_HEADERS]));
      }
      // A validly signed token whose `dest` is not a shop domain names no shop this app can serve.
      if (thrown instanceof InvalidShopError) throw new AppError(401, NO_SESSION, "no_session");
      throw thrown;
    }
    const shop = context.session?.shop;
    let response: Response;
    try {
      if (!shop) throw new AppError(401, NO_SESSION, "no_session");
      response = await handler({ args, shop, admin: context.admin });
    } catch (error) {
      response =
        error instanceof Response
          ? error
          : errorResponse(error, { method: request.method, path: new URL(request.url).pathname });
    }
    return context.cors(response);
  }, options);
}

function keepHeaders(source: Headers, names: string[]) {
  const headers = new Headers();
  for (const name of names) {
    const value = source.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}
