import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "../../env.server";
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
  /** The body exactly as signed: already valid JSON, so the outbox stores it as it came rather than re-serialised. */
  body: string;
  /** Made on first use: a receiver that logs nothing (the common case at the info level) builds no child logger. */
  log: Logger;
}

/**
 * What the webhook check needs of a request, whichever server took it: Remix's `Request` (the route modules) or
 * node:http's message (the production server's fast path, app/fast-paths/webhook-fast-path.server.ts). One check,
 * two shapes.
 */
export interface WebhookRequest {
  /** The path, for the log line of a refused signature. */
  readonly path: string;
  /** A header by its lower-case name; repeated fields joined with ", " as `Headers.get` does. */
  header(name: string): string | null;
  /** The body, at most `maxBytes`: a larger one, declared or streamed, throws AppError(413) with `message`. */
  readBody(maxBytes: number, message: string): Promise<Uint8Array>;
}

/** A Remix route's request as the webhook check reads it. */
export function webhookRequestOf(request: Request): WebhookRequest {
  return {
    get path() {
      return new URL(request.url).pathname;
    },
    header: (name) => request.headers.get(name),
    readBody: (maxBytes, message) => readLimitedBody(request, maxBytes, message),
  };
}

/**
 * Reads a header under the platform's real name (X-Shopify-*) or the spec's neutral one (X-Platform-*).
 */
export function platformHeader(request: Pick<WebhookRequest, "header">, name: string): string | null {
  const lower = name.toLowerCase();
  return request.header(`x-shopify-${lower}`) ?? request.header(`x-platform-${lower}`);
}

export function signWebhookBody(body: string | Uint8Array, secret = env().PLATFORM_API_SECRET): string {
  return createHmac("sha256", secret).update(body).digest("base64");
}

/**
 * The platform's webhook signature check, as shopify-api's `webhooks.validate` does it (docs/decisions/165): the
 * base64 HMAC-SHA256 of the exact body with the app's secret, compared as text in constant time, so a signature
 * with anything added, removed or spaced differently is refused; no body or no signature is refused too. Done on
 * node:crypto rather than through the library, whose WebCrypto key import, request conversion and header
 * canonicalisation per webhook cost more of the main thread than a bare server spends on the whole webhook.
 * tests/services/webhook-signature.test.ts holds both checks to the same verdict.
 */
export function hasValidSignature(body: Uint8Array, signature: string | null, secret = env().PLATFORM_API_SECRET) {
  if (!signature || body.length === 0) return false;
  const expected = Buffer.from(signWebhookBody(body, secret), "utf8");
  const given = Buffer.from(signature, "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/i;

function isShopDomain(shop: string) {
  const custom = env().SHOP_CUSTOM_DOMAIN;
  return SHOP_DOMAIN.test(shop) || (custom ? shop.endsWith(`.${custom}`) : false);
}

/** What a webhook is answered: a status and a plain-text body. The check throws one to refuse a webhook. */
export class WebhookAnswer {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {}
}

/**
 * Verifies a webhook's HMAC over the exact raw body and reads its headers. Throws a WebhookAnswer for the
 * platform (401 for a missing or wrong signature, 400 or 413 for a body we cannot take): nothing is changed
 * before the signature is known to be good.
 */
export async function verifyWebhook(request: WebhookRequest, expectedTopics: string[] = []): Promise<Webhook> {
  let raw: Buffer;
  try {
    raw = Buffer.from(await request.readBody(MAX_WEBHOOK_BYTES, "Payload too large"));
  } catch (error) {
    if (error instanceof AppError) throw new WebhookAnswer(error.status, error.message);
    throw error;
  }

  // Decoded once: the signature check and the parse below read the same text.
  const text = raw.toString("utf8");
  const signature = platformHeader(request, "Hmac-Sha256");
  if (!hasValidSignature(raw, signature)) {
    logger.warn({ path: request.path, signed: Boolean(signature) }, "webhook refused: bad HMAC");
    throw new WebhookAnswer(401, "Unauthorized");
  }

  const fallbackTopic = expectedTopics.length === 1 ? expectedTopics[0] : "";
  const topic = (platformHeader(request, "Topic") ?? fallbackTopic).toLowerCase();
  const shop = (platformHeader(request, "Shop-Domain") ?? "").toLowerCase();
  if (!shop || !isShopDomain(shop)) throw new WebhookAnswer(400, "Missing or invalid shop domain header");
  if (expectedTopics.length && !expectedTopics.includes(topic)) {
    throw new WebhookAnswer(400, `Unexpected topic "${topic}"; this receiver takes ${expectedTopics.join(", ")}`);
  }

  let payload: unknown;
  try {
    payload = text.length ? parseJsonInput(text, "Body is not JSON") : {};
  } catch (error) {
    throw new WebhookAnswer(400, error instanceof AppError ? error.message : "Body is not JSON");
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

/** What a webhook receiver does: the topics it takes, its handling, and whether a failed handling asks for a retry. */
export interface WebhookReceiver {
  topics: string[];
  handle: (webhook: Webhook) => Promise<void>;
  /** Answer 500 when the handling fails, so the platform delivers again (an event that must not be lost). */
  retryOnFailure?: boolean;
}

/**
 * A webhook received: verify, then handle; the answer's status and plain-text body. The spec answers 200 `OK`
 * whatever happens in processing; failures are logged with the shop and topic (docs/decisions/002-privacy-webhooks.md
 * says where the app departs from that). Unexpected errors of the check itself are thrown to the server.
 */
export async function receiveWebhook(request: WebhookRequest, receiver: WebhookReceiver): Promise<WebhookAnswer> {
  let webhook: Webhook;
  try {
    webhook = await verifyWebhook(request, receiver.topics);
  } catch (thrown) {
    if (thrown instanceof WebhookAnswer) return thrown;
    throw thrown;
  }
  try {
    await receiver.handle(webhook);
  } catch (error) {
    webhook.log.error(
      { err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) },
      "webhook processing failed",
    );
    if (receiver.retryOnFailure) return new WebhookAnswer(500, "Processing failed; please retry");
  }
  return new WebhookAnswer(200, "OK");
}

/** A webhook receiver as a Remix action (the routes under app/routes/webhooks.*). */
export function receiverAction(receiver: WebhookReceiver) {
  return async ({ request }: { request: Request }): Promise<Response> => {
    const answer = await receiveWebhook(webhookRequestOf(request), receiver);
    return new Response(answer.body, { status: answer.status, headers: { "Content-Type": "text/plain" } });
  };
}

export function webhookAction(
  topics: string | string[],
  handle: (webhook: Webhook) => Promise<void>,
  options: { retryOnFailure?: boolean } = {},
) {
  return receiverAction({ topics: typeof topics === "string" ? [topics] : topics, handle, ...options });
}
