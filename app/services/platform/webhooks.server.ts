import { createHmac } from "node:crypto";
import { WebhookValidationErrorReason } from "@shopify/shopify-api";
import { env } from "../../env.server";
import { AppError, readLimitedBody } from "../../lib/http.server";
import { parseJsonInput } from "../../lib/json.server";
import { logger, type Logger } from "../../logger.server";
import { platformApi } from "../../shopify.server";

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
  /** The body exactly as signed: already valid JSON, so the outbox stores it as it came rather than re-serialised. */
  body: string;
  /** Made on first use: a receiver that logs nothing (the common case at the info level) builds no child logger. */
  log: Logger;
}

/**
 * Reads a header under the platform's real name (X-Shopify-*) or the spec's neutral one (X-Platform-*).
 */
export function platformHeader(request: Request, name: string): string | null {
  return request.headers.get(`X-Shopify-${name}`) ?? request.headers.get(`X-Platform-${name}`);
}

/**
 * The request's X-Shopify-* headers, with every X-Platform-<Name> also under X-Shopify-<Name> (unless that is already
 * set): all the library's check reads. The other headers are left out because the library canonicalises every
 * header it is given, which was the largest single cost of a webhook's verification in the CPU profile (decision 160).
 */
export function withPlatformHeaderNames(headers: Headers): Headers {
  const mapped = new Headers();
  for (const [name, value] of headers) {
    if (name.startsWith("x-shopify-")) mapped.set(name, value);
  }
  for (const [name, value] of headers) {
    if (!name.startsWith("x-platform-")) continue;
    const shopifyName = `x-shopify-${name.slice("x-platform-".length)}`;
    if (!mapped.has(shopifyName)) mapped.set(shopifyName, value);
  }
  return mapped;
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

  // Decoded once: the signature check and the parse below read the same text.
  const text = raw.toString("utf8");
  // The platform library checks the signature, over the exact body, in constant time. It knows the X-Shopify-*
  // names only: the spec's neutral X-Platform-* spellings are given to it under those.
  const check = await platformApi.webhooks.validate({
    rawBody: text,
    rawRequest: new Request(request.url, { method: "POST", headers: withPlatformHeaderNames(request.headers) }),
  });
  // Missing topic or id headers mean the signature was good (it is checked first): those are read below.
  if (!check.valid && check.reason !== WebhookValidationErrorReason.MissingHeaders) {
    const signed = Boolean(platformHeader(request, "Hmac-Sha256"));
    logger.warn({ path: new URL(request.url).pathname, signed, reason: check.reason }, "webhook refused: bad HMAC");
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
    payload = text.length ? parseJsonInput(text, "Body is not JSON") : {};
  } catch (error) {
    throw plain(400, error instanceof AppError ? error.message : "Body is not JSON");
  }

  const eventId = platformHeader(request, "Event-Id");
  const webhookId = platformHeader(request, "Webhook-Id");
  let log: Logger | undefined;
  return {
    topic,
    shop,
    eventId,
    webhookId,
    apiVersion: platformHeader(request, "API-Version"),
    payload,
    body: text.length ? text : "{}",
    get log() {
      return (log ??= logger.child({ shop, topic, eventId: eventId ?? webhookId }));
    },
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
