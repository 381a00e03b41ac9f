import { Prisma } from "@prisma/client";
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
 * Stores a verified order, draft order or checkout webhook as a queued delivery: one INSERT, guarded by
 * the unique (shop, eventId) key, so a redelivered event is recognised and does nothing. No outbound
 * call and no configuration lookup here: the worker routes, builds and sends (the receiver must answer
 * in milliseconds). An order also cancels the abandoned-checkout trigger of its checkout.
 */
export async function recordWebhookEvent(webhook: Webhook, receivedAt = new Date()): Promise<RecordOutcome> {
  const topic = webhook.topic as DeliveryTopic;
  const keys = extractEventKeys(topic, webhook.payload);
  const eventId = dedupeKey(webhook, keys.resourceId);
  const nextAttemptAt =
    topic === "checkouts/create"
      ? new Date(receivedAt.getTime() + env().CHECKOUT_ABANDON_DELAY_MINUTES * 60_000)
      : receivedAt;
  const create = prisma.delivery.create({
    data: {
      shop: webhook.shop,
      topic,
      eventId,
      ...keys,
      status: "queued",
      nextAttemptAt,
      payload: JSON.stringify(webhook.payload),
      createdAt: receivedAt,
    },
    select: { id: true },
  });
  try {
    const tokens = [keys.checkoutToken, keys.cartToken].filter((token): token is string => Boolean(token));
    const delivery =
      topic === "orders/create" && tokens.length
        ? (await prisma.$transaction([create, cancelAbandonedCheckouts(webhook.shop, keys)]))[0]
        : await create;
    wakeWorker();
    return { recorded: true, deliveryId: delivery.id };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      return { recorded: false, duplicateOf: eventId };
    }
    throw error;
  }
}

function cancelAbandonedCheckouts(shop: string, keys: { checkoutToken: string | null; cartToken: string | null }) {
  return prisma.delivery.updateMany({
    where: {
      shop,
      topic: "checkouts/create",
      status: { in: ["queued", "retrying"] },
      OR: [
        ...(keys.checkoutToken ? [{ checkoutToken: keys.checkoutToken }] : []),
        ...(keys.cartToken ? [{ cartToken: keys.cartToken }] : []),
      ],
    },
    data: { status: "skipped", lastError: "An order was placed for this checkout", payload: null },
  });
}
