import { AppError, readLimitedBody, tooLargeMessage } from "../../lib/http.server";
import { logger } from "../../logger.server";
import { platformLibrary } from "../platform/graphql.server";

/** A Flow action's request: the run's id, the shop, the merchant's fields. A few hundred bytes; 16 KB is room. */
export const MAX_FLOW_ACTION_BYTES = 16 * 1024;

/**
 * The body of a request Flow sent, read within the limit and checked by the platform library's Flow validation
 * (`flow.validate`: the base64 HMAC-SHA256 of the raw body with the app's secret in X-Shopify-Hmac-Sha256). The
 * spec's neutral X-Platform-Hmac-SHA256 is accepted too, handed to the library under the platform's name. The
 * library's `authenticate.flow` is not used: it answers a bad signature 400 and a shop without a session 400,
 * where a bad signature is a 401 here and the action needs no session. Throws 401 or 413; returns the raw text.
 */
export async function verifiedFlowBody(request: Request): Promise<string> {
  const raw = await readLimitedBody(request, MAX_FLOW_ACTION_BYTES, tooLargeMessage(MAX_FLOW_ACTION_BYTES));
  const signature = request.headers.get("X-Shopify-Hmac-Sha256") ?? request.headers.get("X-Platform-Hmac-SHA256");
  const rawBody = new TextDecoder().decode(raw);
  const { platformApi } = await platformLibrary();
  const signed = new Request(request.url, {
    method: "POST",
    headers: signature ? { "X-Shopify-Hmac-Sha256": signature } : {},
  });
  const result = await platformApi.flow.validate({ rawBody, rawRequest: signed });
  if (!result.valid) {
    logger.warn({ path: new URL(request.url).pathname, reason: result.reason }, "flow request refused: bad HMAC");
    throw new AppError(401, "The request is not signed by the platform", "unauthorized");
  }
  return rawBody;
}
