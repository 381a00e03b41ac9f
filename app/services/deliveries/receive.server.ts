import { env } from "../../env.server";
import type { Webhook } from "../platform/webhooks.server";
import { insertDelivery } from "./outbox.server";
import { extractEventKeys } from "./payloads.server";
import type { DeliveryTopic } from "./status.server";
import { wakeWorker } from "./worker.server";

export type RecordOutcome = { recorded: true; deliveryId: string } | { recorded: false; duplicateOf: string };

/**
 * The dedupe key of a webhook (docs/decisions/013-dedupe-key.md): the event id is the same on every
 * redelivery of one event; the webhook id is the next best; topic and resource id when neither came.
 */
export function dedupeKey(webhook: Pick<Webhook, "topic" | "eventId" | "webhookId">, resourceId: string | null) {
  if (webhook.eventId) return `event:${webhook.eventId}`;
  if (webhook.webhookId) return `webhook:${webhook.webhookId}`;
  return `resource:${webhook.topic}:${resourceId ?? "unknown"}`;
}

/**
 * Stores a verified order, draft order or checkout webhook as a queued delivery, then wakes the worker.
 * Nothing else happens before the receiver answers: no outbound call, no configuration lookup (the worker
 * routes, builds and sends), one INSERT that turns a redelivered event into a no-op.
 */
export async function recordWebhookEvent(webhook: Webhook, receivedAt = new Date()): Promise<RecordOutcome> {
  const topic = webhook.topic as DeliveryTopic;
  const keys = extractEventKeys(topic, webhook.payload);
  const eventId = dedupeKey(webhook, keys.resourceId);
  const delayMs = topic === "checkouts/create" ? env().CHECKOUT_ABANDON_DELAY_MINUTES * 60_000 : 0;
  const deliveryId = await insertDelivery({
    shop: webhook.shop,
    topic,
    eventId,
    keys,
    payload: JSON.stringify(webhook.payload),
    nextAttemptAt: new Date(receivedAt.getTime() + delayMs),
    receivedAt,
  });
  if (!deliveryId) return { recorded: false, duplicateOf: eventId };
  wakeWorker();
  return { recorded: true, deliveryId };
}
