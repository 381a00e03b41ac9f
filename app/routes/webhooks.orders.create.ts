import { webhookAction } from "../services/platform/webhooks.server";
import { recordWebhookEvent } from "../services/deliveries/receive.server";

// Stores an order for the delivery worker and answers at once (docs/decisions/014-delivery-worker.md).
// A failure to store answers 500 so the platform delivers again: an event we acknowledged is never lost.
export const action = webhookAction(
  "orders/create",
  async (webhook) => {
    const outcome = await recordWebhookEvent(webhook);
    if (outcome.recorded) webhook.log.debug({ deliveryId: outcome.deliveryId }, "event queued");
    else webhook.log.info({ eventId: outcome.duplicateOf }, "duplicate event ignored");
  },
  { retryOnFailure: true },
);
