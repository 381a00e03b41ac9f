import { buildCheckoutPayload, buildDraftOrderPayload, buildOrderPayload } from "./payloads.server";

/** Who bought and what, as the merchant reads it in the log and the export. */
export interface DeliveryBuyer {
  name: string | null;
  phone: string | null;
  total: string | null;
  currency: string | null;
  city: string | null;
  /** "2 × Camiseta, 1 × Gorra" */
  products: string | null;
}

const NO_BUYER: DeliveryBuyer = { name: null, phone: null, total: null, currency: null, city: null, products: null };
const NO_CALLBACK = { callbackUrl: "", callbackApiKey: "" };

const joinName = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(" ").trim() || null;
const productList = (items: { name: string | null; quantity: number }[]) =>
  items
    .filter((item) => item.name)
    .map((item) => `${item.quantity} × ${item.name}`)
    .join(", ") || null;

/**
 * The buyer of a delivery, read from its stored webhook body (null fields once the body is redacted or past
 * retention). The one place the log, the detail and the export take the buyer from.
 */
export function buyerOfDelivery(delivery: { shop: string; topic: string; payload: string | null }): DeliveryBuyer {
  if (!delivery.payload) return NO_BUYER;
  let body: unknown;
  try {
    body = JSON.parse(delivery.payload);
  } catch {
    return NO_BUYER;
  }
  const context = { shop: delivery.shop, ...NO_CALLBACK };
  if (delivery.topic === "orders/create") {
    const order = buildOrderPayload(body, context);
    const shipping = order.shippingAddress;
    return {
      name:
        joinName(order.customer?.firstName, order.customer?.lastName) ??
        joinName(shipping?.firstName, shipping?.lastName),
      phone: order.customer?.phone ?? shipping?.phone ?? null,
      total: order.totalPrice,
      currency: order.currency,
      city: shipping?.city ?? null,
      products: productList(order.lineItems),
    };
  }
  if (delivery.topic === "draft_orders/create") {
    const draft = buildDraftOrderPayload(body, context);
    return {
      ...NO_BUYER,
      name: joinName(draft.customer?.firstName, draft.customer?.lastName),
      total: draft.totalPrice,
      currency: draft.currencyCode,
      products: productList(draft.lineItems.map((item) => ({ name: item.title, quantity: item.quantity }))),
    };
  }
  if (delivery.topic === "checkouts/create") {
    const checkout = buildCheckoutPayload(body, context);
    return {
      ...NO_BUYER,
      name: joinName(checkout.customer?.firstName, checkout.customer?.lastName),
      phone: checkout.phone ?? checkout.customer?.phone ?? null,
      total: checkout.totalPrice,
      currency: checkout.currencyCode,
      products: productList(checkout.lineItems.map((item) => ({ name: item.title, quantity: item.quantity }))),
    };
  }
  return NO_BUYER;
}
