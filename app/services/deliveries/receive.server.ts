import { randomUUID } from "node:crypto";
import prisma from "../../db.server";
import { env } from "../../env.server";
import type { Webhook } from "../platform/webhooks.server";
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
 * routes, builds and sends), one statement.
 *
 * The statement is SQL rather than `prisma.delivery.create` because this is the hottest path of the
 * app: ON CONFLICT DO NOTHING turns a redelivered event into a no-op without an exception, and it runs
 * about three times faster than the generated query. It is valid SQLite and PostgreSQL alike; the
 * columns it leaves out take their schema defaults.
 */
export async function recordWebhookEvent(webhook: Webhook, receivedAt = new Date()): Promise<RecordOutcome> {
  const topic = webhook.topic as DeliveryTopic;
  const keys = extractEventKeys(topic, webhook.payload);
  const eventId = dedupeKey(webhook, keys.resourceId);
  const nextAttemptAt =
    topic === "checkouts/create"
      ? new Date(receivedAt.getTime() + env().CHECKOUT_ABANDON_DELAY_MINUTES * 60_000)
      : receivedAt;
  const id = randomUUID();
  const inserted = await prisma.$executeRaw`
    INSERT INTO "Delivery" ("id", "shop", "topic", "eventId", "resourceId", "orderId", "orderName", "customerId",
      "checkoutToken", "cartToken", "status", "attempts", "nextAttemptAt", "payload", "attemptLog", "tagsApplied",
      "createdAt", "updatedAt")
    VALUES (${id}, ${webhook.shop}, ${topic}, ${eventId}, ${keys.resourceId}, ${keys.orderId}, ${keys.orderName},
      ${keys.customerId}, ${keys.checkoutToken}, ${keys.cartToken}, 'queued', 0, ${nextAttemptAt},
      ${JSON.stringify(webhook.payload)}, '[]', '[]', ${receivedAt}, ${receivedAt})
    ON CONFLICT ("shop", "eventId") DO NOTHING`;
  if (inserted === 0) return { recorded: false, duplicateOf: eventId };
  wakeWorker();
  return { recorded: true, deliveryId: id };
}
