import { createHmac } from "node:crypto";
import { env } from "../../env.server";
import { constantTimeEqual } from "../../lib/crypto.server";
import { AppError, readLimitedBody } from "../../lib/http.server";
import { parseJsonInput } from "../../lib/json.server";
import { logger, type Logger } from "../../logger.server";

/** Webhook bodies larger than this are refused before the signature is even computed. */
export const MAX_WEBHOOK_BYTES = 5 * 1024 * 1024;

export interface Webhook {
  topic: string;
  shop: string;
  /** X-Shopify-Event-Id: the same for every delivery of one event (retries included). */
  eventId: string | null;
  /** X-Shopify-Webhook-Id: one per subscription delivery. */
  webhookId: string | null;
  apiVersion: string | null;
  payload: unknown;
  log: Logger;
}

/**
 * Reads a header under the platform's real name (X-Shopify-*) or the spec's neutral one (X-Platform-*).
 */
export function platformHeader(request: Request, name: string): string | null {
  return request.headers.get(`X-Shopify-${name}`) ?? request.headers.get(`X-Platform-${name}`);
}

export function signWebhookBody(body: string, secret = env().PLATFORM_API_SECRET): string {
  return createHmac("sha256", secret).update(body, "utf8").digest("base64");
}

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/i;

function isShopDomain(shop: string) {
  const custom = env().SHOP_CUSTOM_DOMAIN;
  return SHOP_DOMAIN.test(shop) || (custom ? shop.endsWith(`.${custom}`) : false);
}

/**
 * Verifies a webhook's HMAC over the exact raw body and reads its headers. Throws a Response for
 * the platform (401 for a missing or wrong signature, 400 or 413 for a body we cannot take):
 * nothing is changed before the signature is known to be good.
 */
export async function verifyWebhook(request: Request, expectedTopics: string[] = []): Promise<Webhook> {
  let raw: Buffer;
  try {
    raw = Buffer.from(await readLimitedBody(request, MAX_WEBHOOK_BYTES, "Payload too large"));
  } catch (error) {
    if (error instanceof AppError) throw plain(error.status, error.message);
    throw error;
  }

  const signature = platformHeader(request, "Hmac-Sha256") ?? request.headers.get("X-Platform-Hmac-SHA256");
  const expected = createHmac("sha256", env().PLATFORM_API_SECRET).update(raw).digest("base64");
  if (!signature || !constantTimeEqual(signature, expected)) {
    logger.warn({ path: new URL(request.url).pathname, signed: Boolean(signature) }, "webhook refused: bad HMAC");
    throw plain(401, "Unauthorized");
  }

  const fallbackTopic = expectedTopics.length === 1 ? expectedTopics[0] : "";
  const topic = (platformHeader(request, "Topic") ?? fallbackTopic).toLowerCase();
  const shop = (platformHeader(request, "Shop-Domain") ?? "").toLowerCase();
  if (!shop || !isShopDomain(shop)) throw plain(400, "Missing or invalid shop domain header");
  if (expectedTopics.length && !expectedTopics.includes(topic)) {
    throw plain(400, `Unexpected topic "${topic}"; this receiver takes ${expectedTopics.join(", ")}`);
  }

  let payload: unknown;
  try {
    payload = raw.length ? parseJsonInput(raw.toString("utf8"), "Body is not JSON") : {};
  } catch (error) {
    throw plain(400, error instanceof AppError ? error.message : "Body is not JSON");
  }

  const eventId = platformHeader(request, "Event-Id");
  const webhookId = platformHeader(request, "Webhook-Id");
  return {
    topic,
    shop,
    eventId,
    webhookId,
    apiVersion: platformHeader(request, "API-Version"),
    payload,
    log: logger.child({ shop, topic, eventId: eventId ?? webhookId }),
  };
}

function plain(status: number, body: string) {
  return new Response(body, { status, headers: { "Content-Type": "text/plain" } });
}

/**
 * A webhook receiver: verify, then handle. The spec answers 200 `OK` whatever happens in
 * processing; failures are logged with the shop and topic (docs/decisions/002-privacy-webhooks.md
 * says where the app departs from that).
 */
export function webhookAction(
  topics: string | string[],
  handle: (webhook: Webhook) => Promise<void>,
  options: { retryOnFailure?: boolean } = {},
) {
  return async ({ request }: { request: Request }): Promise<Response> => {
    let webhook: Webhook;
    try {
      webhook = await verifyWebhook(request, typeof topics === "string" ? [topics] : topics);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
    try {
      await handle(webhook);
    } catch (error) {
      webhook.log.error(
        { err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) },
        "webhook processing failed",
      );
      if (options.retryOnFailure) return plain(500, "Processing failed; please retry");
    }
    return plain(200, "OK");
  };
}
