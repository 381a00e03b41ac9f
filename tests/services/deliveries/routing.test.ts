import { describe, expect, it } from "vitest";
import { routeDelivery, type RouteFacts } from "~/services/deliveries/routing.server";

const settings = { automationApiKey: "key", newOrderFlowId: "f_order", abandonedCartFlowId: "f_cart" };
const facts = (overrides: Partial<RouteFacts>): RouteFacts => ({
  topic: "orders/create",
  settings,
  payloadKept: true,
  ...overrides,
});

describe("routing a delivery (no database)", () => {
  it("sends an order to the new-order flow with the shop's key", () => {
    expect(routeDelivery(facts({}))).toEqual({ send: true, flowId: "f_order", apiKey: "key" });
  });

  it("sends a draft order and a reachable, unconverted checkout to the abandoned-cart flow", () => {
    expect(routeDelivery(facts({ topic: "draft_orders/create" }))).toEqual({
      send: true,
      flowId: "f_cart",
      apiKey: "key",
    });
    const checkout = facts({ topic: "checkouts/create", checkoutConverted: false, checkoutHasContact: true });
    expect(routeDelivery(checkout)).toEqual({ send: true, flowId: "f_cart", apiKey: "key" });
  });

  it.each([
    [facts({ settings: null }), "no_api_key"],
    [facts({ settings: { ...settings, automationApiKey: null } }), "no_api_key"],
    [facts({ settings: { ...settings, newOrderFlowId: null } }), "no_order_flow"],
    [facts({ topic: "draft_orders/create", settings: null }), "no_cart_flow"],
    [facts({ topic: "draft_orders/create", settings: { ...settings, automationApiKey: null } }), "no_api_key"],
    [facts({ payloadKept: false }), "payload_erased"],
    [facts({ topic: "checkouts/create", checkoutConverted: true, checkoutHasContact: true }), "checkout_converted"],
    [facts({ topic: "checkouts/create", checkoutConverted: false, checkoutHasContact: false }), "no_contact"],
  ])("skips with the reason: %#", (input, reason) => {
    expect(routeDelivery(input)).toEqual({ send: false, reason });
  });

  it("names the missing configuration before the erased payload", () => {
    expect(routeDelivery(facts({ settings: null, payloadKept: false }))).toEqual({
      send: false,
      reason: "no_api_key",
    });
  });
});
