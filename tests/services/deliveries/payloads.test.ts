import { describe, expect, it } from "vitest";
import { extractEventKeys } from "~/services/deliveries/event-keys.server";
import { buildCheckoutPayload, buildDraftOrderPayload, buildOrderPayload } from "~/lib/payloads.server";
import checkoutRest from "../../fixtures/webhooks/checkout-rest.json";
import draftGraphql from "../../fixtures/webhooks/draft-order-graphql.json";
import draftRest from "../../fixtures/webhooks/draft-order-rest.json";
import orderGraphql from "../../fixtures/webhooks/order-graphql.json";
import orderRest from "../../fixtures/webhooks/order-rest.json";

const shop = "tienda.myshopify.com";
const context = { shop, callbackUrl: "https://connector.test/api/automation/callback", callbackApiKey: "key-123" };

// The spec's order payload (Events, outbound), field by field, for the order in both fixtures.
const EXPECTED_ORDER = {
  orderId: "gid://shopify/Order/5550001",
  orderName: "#1001",
  orderNumber: 1001,
  createdAt: "2026-11-20T14:05:00-05:00",
  totalPrice: "129900.00",
  currency: "COP",
  financialStatus: "pending",
  fulfillmentStatus: "unfulfilled",
  lineItems: [
    {
      id: "gid://shopify/LineItem/881",
      name: "Lampara LED - Blanca",
      quantity: 2,
      price: "64950.00",
      sku: "LAMP-01",
      variantId: "gid://shopify/ProductVariant/441",
      productId: "gid://shopify/Product/331",
    },
  ],
  customer: {
    id: "gid://shopify/Customer/7001",
    email: "ana@example.test",
    firstName: "Ana",
    lastName: "Gomez",
    phone: "+573001112233",
  },
  shippingAddress: {
    firstName: "Ana",
    lastName: "Gomez",
    address1: "Calle 10 # 20-30",
    city: "Medellin",
    province: "Antioquia",
    country: "Colombia",
    zip: "050021",
    phone: "+573001112233",
  },
  shop,
  eventType: "order_created",
  callbackUrl: "https://connector.test/api/automation/callback",
  callbackApiKey: "key-123",
};

describe("order payload", () => {
  it("builds the spec's payload from the REST body the platform sends", () => {
    expect(buildOrderPayload(orderRest, context)).toEqual(EXPECTED_ORDER);
  });

  it("builds the same payload from the spec's { order } in GraphQL shape", () => {
    // The GraphQL form carries no order_number: the number comes from the name, as a digit string.
    expect(buildOrderPayload(orderGraphql, context)).toEqual({ ...EXPECTED_ORDER, orderNumber: "1001" });
  });

  it("takes the buyer's phone from the shipping address when the customer has none", () => {
    const body = { ...orderRest, customer: { ...orderRest.customer, phone: null } };
    expect(buildOrderPayload(body, context).customer?.phone).toBe("+573001112233");
  });

  it("gives null customer and address when the order has neither", () => {
    const body = { ...orderRest, customer: null, shipping_address: null };
    const payload = buildOrderPayload(body, context);
    expect(payload.customer).toBeNull();
    expect(payload.shippingAddress).toBeNull();
  });
});

describe("draft order payload", () => {
  const EXPECTED_DRAFT = {
    draftOrderId: "gid://shopify/DraftOrder/990001",
    draftOrderName: "#D12",
    createdAt: "2026-11-20T15:00:00-05:00",
    totalPrice: "45000.00",
    currencyCode: "COP",
    lineItems: [{ id: "5101", title: "Kit organizador", quantity: 1, originalUnitPrice: "45000.00", sku: "KIT-ORG-3" }],
    customer: { id: "gid://shopify/Customer/7002", email: "luis@example.test", firstName: "Luis", lastName: "Perez" },
    email: "luis@example.test",
    shop,
    eventType: "draft_order_created",
  };

  it("builds the spec's payload from the REST body", () => {
    expect(buildDraftOrderPayload(draftRest, { shop })).toEqual(EXPECTED_DRAFT);
  });

  it("builds the same payload from the GraphQL shape", () => {
    expect(buildDraftOrderPayload(draftGraphql, { shop })).toEqual(EXPECTED_DRAFT);
  });
});

describe("checkout payload", () => {
  it("carries the contact, the cart and the recovery link", () => {
    expect(buildCheckoutPayload(checkoutRest, { shop })).toEqual({
      checkoutToken: "chk-token-1",
      createdAt: "2026-11-20T13:50:00-05:00",
      totalPrice: "129900.00",
      currencyCode: "COP",
      lineItems: [{ id: null, title: "Lampara LED", quantity: 2, originalUnitPrice: "64950.00", sku: "LAMP-01" }],
      customer: {
        id: "gid://shopify/Customer/7001",
        email: null,
        firstName: "Ana",
        lastName: "Gomez",
        phone: "+573004445566",
      },
      email: null,
      phone: "+573004445566",
      abandonedCheckoutUrl: "https://tienda.example.test/checkouts/chk-token-1/recover",
      shop,
      eventType: "checkout_abandoned",
    });
  });
});

describe("event keys", () => {
  it("reads the ids, name, customer and tokens of a REST order", () => {
    expect(extractEventKeys("orders/create", orderRest)).toEqual({
      resourceId: "5550001",
      orderId: "gid://shopify/Order/5550001",
      orderName: "#1001",
      customerId: "7001",
      checkoutToken: "chk-token-1",
      cartToken: "cart-token-1",
      test: false,
      // Folded for the log's search: names and email without accents or capitals, the phone's digits.
      searchKey: "ana gomez | ana@example.test | 573001112233",
    });
  });

  it("reads the platform's test flag of a test order", () => {
    expect(extractEventKeys("orders/create", { ...orderRest, test: true }).test).toBe(true);
    expect(extractEventKeys("orders/create", { ...orderRest, test: "true" }).test).toBe(false);
  });

  it("reads the same ids from the GraphQL shape", () => {
    expect(extractEventKeys("orders/create", orderGraphql)).toMatchObject({
      resourceId: "5550001",
      orderId: "gid://shopify/Order/5550001",
      orderName: "#1001",
      customerId: "7001",
    });
  });

  it("keys a checkout by its token", () => {
    expect(extractEventKeys("checkouts/create", checkoutRest)).toMatchObject({
      resourceId: "3330001",
      orderId: null,
      checkoutToken: "chk-token-1",
      cartToken: "cart-token-1",
    });
  });
});
