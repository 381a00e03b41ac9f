import { secured } from "../lib/http.server";
import { webhookAction } from "../services/platform/webhooks.server";
import { logRecordOutcome, recordWebhookEvent } from "../services/deliveries/receive.server";

// Stores an order for the delivery worker and answers at once (docs/decisions/014-delivery-worker.md).
// A failure to store answers 500 so the platform delivers again: an event we acknowledged is never lost.
export const action = secured(
  webhookAction("orders/create", async (webhook) => logRecordOutcome(webhook, await recordWebhookEvent(webhook)), {
    retryOnFailure: true,
  }),
);
