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

export type Route = { send: true; flowId: string; apiKey: string } | { send: false; reason: string };

export const SKIP_REASONS = {
  noApiKey: "No automation API key is configured",
  noOrderFlow: "No new-order flow is configured",
  noCartFlow: "No abandoned-cart flow is configured",
  erased: "The order data was erased before it could be delivered",
  converted: "An order was placed for this checkout",
  noContact: "The checkout has no phone or email to follow up",
} as const;

const skip = (reason: string): Route => ({ send: false, reason });

/**
 * Send or skip, and why: orders go to the new-order flow; draft orders and abandoned checkouts to the
 * abandoned-cart flow, unless the checkout became an order or offers no way to reach the buyer.
 */
export function routeDelivery(facts: RouteFacts): Route {
  const { topic, settings } = facts;
  const apiKey = settings?.automationApiKey;
  let flowId: string | null | undefined;
  if (topic === "orders/create") {
    if (!apiKey) return skip(SKIP_REASONS.noApiKey);
    flowId = settings?.newOrderFlowId;
    if (!flowId) return skip(SKIP_REASONS.noOrderFlow);
  } else {
    flowId = settings?.abandonedCartFlowId;
    if (!flowId) return skip(SKIP_REASONS.noCartFlow);
    if (!apiKey) return skip(SKIP_REASONS.noApiKey);
  }
  if (!facts.payloadKept) return skip(SKIP_REASONS.erased);
  if (topic === "checkouts/create") {
    if (facts.checkoutConverted) return skip(SKIP_REASONS.converted);
    if (!facts.checkoutHasContact) return skip(SKIP_REASONS.noContact);
  }
  return { send: true, flowId, apiKey };
}
