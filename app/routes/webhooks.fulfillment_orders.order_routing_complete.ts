import { secured } from "../lib/http.server";
import { onRoutingComplete } from "../services/holds/lifecycle.server";
import { webhookAction } from "../services/platform/webhooks.server";

// A failed record asks the platform to deliver again: a lost event is an order shipped without its hold.
export const action = secured(
  webhookAction(
    "fulfillment_orders/order_routing_complete",
    async ({ shop, payload, log }) => {
      const owed = await onRoutingComplete(shop, payload);
      if (owed) log.info("hold owed for a routed fulfilment order");
    },
    { retryOnFailure: true },
  ),
);
