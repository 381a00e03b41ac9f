import type { DeliveryErrorCode } from "../../lib/delivery-errors";
import type { DeliveryTopic } from "./status.server";

/** What the routing needs of a shop's settings (ShopSettings has more). */
export interface RouteSettings {
  automationApiKey: string | null;
  newOrderFlowId: string | null;
  abandonedCartFlowId: string | null;
}

/** What the routing needs to know of a claimed delivery; the worker gathers it, the decision stays pure. */
export interface RouteFacts {
  topic: DeliveryTopic;
  settings: RouteSettings | null;
  /** False once the payload was redacted or purged. */
  payloadKept: boolean;
  /** checkouts/create: an order for this checkout or cart is stored. */
  checkoutConverted?: boolean;
  /** checkouts/create: the checkout has a phone or email to follow up. */
  checkoutHasContact?: boolean;
}

/** A skip names its reason by code (app/lib/delivery-errors.ts words it). */
export type Route = { send: true; flowId: string; apiKey: string } | { send: false; reason: DeliveryErrorCode };

const skip = (reason: DeliveryErrorCode): Route => ({ send: false, reason });

/**
 * Send or skip, and why: orders go to the new-order flow; draft orders and abandoned checkouts to the
 * abandoned-cart flow, unless the checkout became an order or offers no way to reach the buyer.
 */
export function routeDelivery(facts: RouteFacts): Route {
  const { topic, settings } = facts;
  const apiKey = settings?.automationApiKey;
  let flowId: string | null | undefined;
  if (topic === "orders/create") {
    if (!apiKey) return skip("no_api_key");
    flowId = settings?.newOrderFlowId;
    if (!flowId) return skip("no_order_flow");
  } else {
    flowId = settings?.abandonedCartFlowId;
    if (!flowId) return skip("no_cart_flow");
    if (!apiKey) return skip("no_api_key");
  }
  if (!facts.payloadKept) return skip("payload_erased");
  if (topic === "checkouts/create") {
    if (facts.checkoutConverted) return skip("checkout_converted");
    if (!facts.checkoutHasContact) return skip("no_contact");
  }
  return { send: true, flowId, apiKey };
}
