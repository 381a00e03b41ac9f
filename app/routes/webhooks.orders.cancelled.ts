import { secured } from "../lib/http.server";
import { skipCancelledOrder } from "../services/orders/cancelled-orders.server";
import { webhookAction } from "../services/platform/webhooks.server";

// A failed record asks the platform to deliver again: a lost cancellation is a cancelled order's flow run anyway
// (unless the worker's own check before sending catches it).
export const action = secured(
  webhookAction(
    "orders/cancelled",
    async ({ shop, payload, log }) => {
      const skipped = await skipCancelledOrder(shop, payload);
      if (skipped) log.info({ skipped }, "cancelled order's delivery not sent");
    },
    { retryOnFailure: true },
  ),
);
