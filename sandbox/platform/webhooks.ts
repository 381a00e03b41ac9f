import { createHmac, randomUUID } from "node:crypto";
import type { SimCustomer, SimDraftOrder, SimLineItem, SimOrder, SimAddress } from "./seed";
import { gid } from "./graphql";

/** The topics the sender can deliver, and where the app receives each one (docs/api.md, Webhooks). */
export const WEBHOOK_PATHS: Record<string, string> = {
  "orders/create": "/webhooks/orders/create",
  "orders/cancelled": "/webhooks/orders/cancelled",
  "draft_orders/create": "/webhooks/draft_orders/create",
  "checkouts/create": "/webhooks/checkouts/create",
  "fulfillment_orders/order_routing_complete": "/webhooks/fulfillment_orders/order_routing_complete",
  "app/uninstalled": "/webhooks/app/uninstalled",
  "app/scopes_update": "/webhooks/app/scopes_update",
  "customers/data_request": "/webhooks/compliance",
  "customers/redact": "/webhooks/compliance",
  "shop/redact": "/webhooks/compliance",
};

export interface Delivery {
  topic: string;
  shop: string;
  eventId: string;
  webhookId: string;
  url: string;
  status: number | null;
  body: string;
  ms: number;
  error?: string;
  at: string;
}

const SHOP_ID = 60_123_456_789;

const restCustomer = (customer: SimCustomer) => ({
  id: customer.id,
  admin_graphql_api_id: gid("Customer", customer.id),
  email: customer.email,
  first_name: customer.firstName,
  last_name: customer.lastName,
  phone: customer.phone,
  currency: "COP",
  verified_email: true,
});

const restAddress = (address: SimAddress) => ({
  first_name: address.firstName,
  last_name: address.lastName,
  name: `${address.firstName} ${address.lastName}`,
  address1: address.address1,
  address2: null,
  city: address.city,
  province: address.province,
  province_code: address.provinceCode,
  country: address.country,
  country_code: address.countryCode,
  zip: address.zip,
  phone: address.phone,
  company: null,
});

const restLineItem = (item: SimLineItem) => ({
  id: item.id,
  admin_graphql_api_id: gid("LineItem", item.id),
  name: item.variantTitle ? `${item.title} - ${item.variantTitle}` : item.title,
  title: item.title,
  variant_title: item.variantTitle || null,
  quantity: item.quantity,
  price: item.price,
  sku: item.sku,
  variant_id: item.variantId,
  product_id: item.productId,
  vendor: "Tienda Demo",
  requires_shipping: true,
  taxable: true,
});

/** orders/create as the platform posts it: REST-style snake_case JSON. */
export function orderPayload(order: SimOrder) {
  return {
    id: order.id,
    admin_graphql_api_id: gid("Order", order.id),
    name: order.name,
    number: order.number - 1000,
    order_number: order.number,
    created_at: order.createdAt,
    updated_at: order.updatedAt,
    processed_at: order.createdAt,
    currency: order.currency,
    presentment_currency: order.currency,
    total_price: order.totalPrice,
    subtotal_price: order.subtotalPrice,
    total_tax: "0.00",
    financial_status: order.financialStatus,
    fulfillment_status: order.fulfillmentStatus,
    gateway: (order.paymentGatewayNames ?? ["Cash on Delivery (COD)"])[0] ?? "",
    payment_gateway_names: order.paymentGatewayNames ?? ["Cash on Delivery (COD)"],
    email: order.email,
    contact_email: order.email,
    phone: order.customer?.phone ?? null,
    note: order.note,
    tags: order.tags.join(", "),
    // The platform marks a test order in its webhooks too.
    test: order.test === true,
    cancelled_at: order.cancelledAt ?? null,
    line_items: order.lineItems.map(restLineItem),
    customer: order.customer ? restCustomer(order.customer) : null,
    shipping_address: order.shippingAddress ? restAddress(order.shippingAddress) : null,
    billing_address: order.shippingAddress ? restAddress(order.shippingAddress) : null,
  };
}

export function draftOrderPayload(draft: SimDraftOrder) {
  return {
    id: draft.id,
    admin_graphql_api_id: gid("DraftOrder", draft.id),
    name: draft.name,
    status: "open",
    created_at: draft.createdAt,
    updated_at: draft.createdAt,
    currency: draft.currency,
    total_price: draft.totalPrice,
    subtotal_price: draft.totalPrice,
    email: draft.email,
    invoice_url: `https://tienda-demo.example/invoices/${draft.id}`,
    line_items: draft.lineItems.map(restLineItem),
    customer: restCustomer(draft.customer),
    shipping_address: restAddress(draft.shippingAddress),
  };
}

export function checkoutPayload(draft: SimDraftOrder) {
  const token = randomUUID().replace(/-/g, "");
  return {
    id: draft.id,
    token,
    cart_token: randomUUID().replace(/-/g, ""),
    email: draft.email,
    created_at: draft.createdAt,
    updated_at: draft.createdAt,
    currency: draft.currency,
    total_price: draft.totalPrice,
    subtotal_price: draft.totalPrice,
    abandoned_checkout_url: `https://tienda-demo.example/checkouts/${token}/recover`,
    line_items: draft.lineItems.map((item) => ({ ...restLineItem(item), key: String(item.id) })),
    customer: restCustomer(draft.customer),
    shipping_address: restAddress(draft.shippingAddress),
  };
}

/** Payloads of the topics that are not about one order. */
export function shopTopicPayload(
  topic: string,
  shop: string,
  scope: string,
  customer?: SimCustomer,
  orderIds: number[] = [],
) {
  switch (topic) {
    case "app/uninstalled":
      return {
        id: SHOP_ID,
        name: "Tienda Demo",
        email: "dueno@tienda-demo.example",
        domain: shop,
        myshopify_domain: shop,
        currency: "COP",
        country_code: "CO",
      };
    case "app/scopes_update":
      return {
        id: SHOP_ID,
        previous: scope.split(","),
        current: scope.split(","),
        updated_at: new Date().toISOString(),
      };
    case "customers/data_request":
      return {
        shop_id: SHOP_ID,
        shop_domain: shop,
        orders_requested: orderIds,
        customer: customer ? { id: customer.id, email: customer.email, phone: customer.phone } : null,
        data_request: { id: Math.floor(Math.random() * 1e6) },
      };
    case "customers/redact":
      return {
        shop_id: SHOP_ID,
        shop_domain: shop,
        customer: customer ? { id: customer.id, email: customer.email, phone: customer.phone } : null,
        orders_to_redact: orderIds,
      };
    case "shop/redact":
      return { shop_id: SHOP_ID, shop_domain: shop };
    default:
      throw new Error(`No payload for topic ${topic}`);
  }
}

export function sign(body: string, secret: string) {
  return createHmac("sha256", secret).update(body, "utf8").digest("base64");
}

/**
 * Delivers one event the way the platform does: the raw JSON body signed with the app secret, the topic,
 * shop, API version, a webhook id per delivery and an event id shared by every delivery of the same event.
 */
export async function deliver(options: {
  appUrl: string;
  secret: string;
  shop: string;
  topic: string;
  payload: unknown;
  eventId?: string;
  timeoutMs?: number;
}): Promise<Delivery> {
  const path = WEBHOOK_PATHS[options.topic];
  if (!path) throw new Error(`Unknown topic ${options.topic}`);
  const body = JSON.stringify(options.payload);
  const eventId = options.eventId ?? randomUUID();
  const webhookId = randomUUID();
  const url = `${options.appUrl}${path}`;
  const started = performance.now();
  const at = new Date().toISOString();
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Shopify-Topic": options.topic,
        "X-Shopify-Hmac-Sha256": sign(body, options.secret),
        "X-Shopify-Shop-Domain": options.shop,
        "X-Shopify-API-Version": "2026-10",
        "X-Shopify-Webhook-Id": webhookId,
        "X-Shopify-Event-Id": eventId,
        "X-Shopify-Triggered-At": at,
      },
      body,
      // The platform gives up after 5 seconds and counts the delivery as failed.
      signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
    });
    const text = await response.text();
    return {
      topic: options.topic,
      shop: options.shop,
      eventId,
      webhookId,
      url,
      status: response.status,
      body: text.slice(0, 500),
      ms: Math.round(performance.now() - started),
      at,
    };
  } catch (error) {
    return {
      topic: options.topic,
      shop: options.shop,
      eventId,
      webhookId,
      url,
      status: null,
      body: "",
      ms: Math.round(performance.now() - started),
      error: error instanceof Error ? error.message : String(error),
      at,
    };
  }
}
