import { env } from "../../env.server";
import { logger } from "../../logger.server";
import type { Webhook, WebhookReceiver } from "../platform/webhooks.server";
import { buyerSummaryText } from "./buyer-summary.server";
import { insertDelivery } from "./outbox.server";
import { bodyShopDomain, extractEventKeys } from "./event-keys.server";
import type { DeliveryTopic } from "./status.server";
import { wakeWorkers } from "./wake.server";

export type RecordOutcome =
  | { recorded: true; deliveryId: string }
  /** The same event, or the same order under another event id or shop header, is already there. */
  | { recorded: false; reason: "duplicate"; eventId: string; resourceId: string | null }
  /** The body's own links name another shop than the header (docs/decisions/070-one-trigger-per-order.md). */
  | { recorded: false; reason: "other_shop"; bodyShop: string }
  /** The shop has uninstalled the app (or was redacted): nothing about its buyers is kept. */
  | { recorded: false; reason: "not_installed" }
  /** A body naming no order, draft order or checkout: kept as a skipped record without a payload, never sent. */
  | { recorded: true; deliveryId: string; invalid: true };

/**
 * The dedupe key of a webhook event (docs/decisions/013-dedupe-key.md): the event id is the same on every
 * redelivery of one event; the webhook id is the next best; topic and resource id when neither came. The order
 * itself is deduplicated apart from this, on (topic, resource id) across shops (decision 070).
 */
export function dedupeKey(webhook: Pick<Webhook, "topic" | "eventId" | "webhookId">, resourceId: string | null) {
  if (webhook.eventId) return `event:${webhook.eventId}`;
  if (webhook.webhookId) return `webhook:${webhook.webhookId}`;
  return `resource:${webhook.topic}:${resourceId ?? "unknown"}`;
}

/**
 * Stores a verified order, draft order or checkout webhook as a queued delivery, then wakes the worker.
 * Nothing else happens before the receiver answers: no outbound call, no configuration lookup (the worker
 * routes, builds and sends), one INSERT that turns a redelivered event or a repeated order into a no-op.
 */
export async function recordWebhookEvent(webhook: Webhook, receivedAt = new Date()): Promise<RecordOutcome> {
  const topic = webhook.topic as DeliveryTopic;
  const bodyShop = bodyShopDomain(webhook.payload);
  if (bodyShop && bodyShop !== webhook.shop) return { recorded: false, reason: "other_shop", bodyShop };

  const keys = extractEventKeys(topic, webhook.payload);
  const eventId = dedupeKey(webhook, keys.resourceId);
  const invalid = !keys.resourceId;
  const delayMs = topic === "checkouts/create" ? env().CHECKOUT_ABANDON_DELAY_MINUTES * 60_000 : 0;
  const outcome = await insertDelivery({
    shop: webhook.shop,
    topic,
    eventId,
    keys,
    // A body without an id cannot be sent or answered to; what it holds is not kept either.
    payload: invalid ? null : webhook.body,
    buyer: invalid ? null : buyerSummaryText(webhook.payload),
    nextAttemptAt: new Date(receivedAt.getTime() + delayMs),
    receivedAt,
    ...(invalid ? { status: "skipped", skipReason: { code: "no_order_id" } } : {}),
  });
  // The shop's installation is checked inside the insert: one statement per webhook (docs/decisions/172).
  if (!outcome.inserted && outcome.reason === "not_installed") return { recorded: false, reason: "not_installed" };
  if (!outcome.inserted) return { recorded: false, reason: "duplicate", eventId, resourceId: keys.resourceId };
  const deliveryId = outcome.id;
  if (invalid) return { recorded: true, deliveryId, invalid: true };
  wakeWorkers();
  return { recorded: true, deliveryId };
}

/** The receivers' one log line for an outcome. */
export function logRecordOutcome(webhook: Webhook, outcome: RecordOutcome) {
  if (outcome.recorded && "invalid" in outcome) {
    webhook.log.warn({ deliveryId: outcome.deliveryId }, "webhook without an order id recorded as skipped");
  } else if (outcome.recorded) {
    // The hot path's line: below the usual level, so its child logger is not even made (docs/decisions/160).
    if (logger.isLevelEnabled("debug")) webhook.log.debug({ deliveryId: outcome.deliveryId }, "event queued");
  } else if (outcome.reason === "duplicate") {
    // The child logger already names the event (`eventId`); the key it was refused under is a field of its own.
    webhook.log.info({ dedupeKey: outcome.eventId, resourceId: outcome.resourceId }, "duplicate event ignored");
  } else if (outcome.reason === "other_shop") {
    webhook.log.warn({ bodyShop: outcome.bodyShop }, "webhook refused: its body belongs to another shop");
  } else {
    webhook.log.info("webhook for a shop without the app installed ignored");
  }
}

/**
 * The receiver of an order, draft order or checkout webhook: the Remix routes (app/routes/webhooks.*.create.ts) and
 * the production server's fast path (app/fast-paths/fast-paths.server.ts) both mount this one. It stores the event for
 * the delivery worker and answers at once (docs/decisions/014-delivery-worker.md); a failure to store answers 500 so
 * the platform delivers again: an event we acknowledged is never lost.
 */
export function deliveryReceiver(topic: DeliveryTopic): WebhookReceiver {
  return {
    topics: [topic],
    handle: async (webhook) => logRecordOutcome(webhook, await recordWebhookEvent(webhook)),
    retryOnFailure: true,
  };
}
