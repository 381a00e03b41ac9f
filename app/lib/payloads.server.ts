/**
 * Turns a stored webhook body into the spec's outbound payloads. Two forms arrive: the REST-style
 * snake_case JSON the platform really sends for these topics, and the spec's `{ order: {...} }` in
 * GraphQL shape. Both give the same payload, field by field.
 */
import {
  addressOf,
  decimal,
  digits,
  int,
  isGraphqlShape,
  lineItemsOf,
  lower,
  obj,
  orderLineItemsOf,
  shopMoney,
  str,
  toGid,
  unwrap,
  type Address,
  type Json,
  type OrderLineItem,
} from "./payload-fields.server";

export type { Address } from "./payload-fields.server";

export const ORDER_EVENT = "order_created";
export const DRAFT_ORDER_EVENT = "draft_order_created";
export const CHECKOUT_EVENT = "checkout_abandoned";

export interface OrderPayload {
  orderId: string;
  orderName: string;
  orderNumber: number | string | null;
  createdAt: string | null;
  totalPrice: string | null;
  currency: string | null;
  financialStatus: string | null;
  fulfillmentStatus: string | null;
  lineItems: OrderLineItem[];
  customer: Customer | null;
  shippingAddress: Address | null;
  shop: string;
  eventType: typeof ORDER_EVENT;
  callbackUrl: string;
  callbackApiKey: string;
}

export interface Customer {
  id: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
}

export interface DraftOrderPayload {
  draftOrderId: string;
  draftOrderName: string | null;
  createdAt: string | null;
  totalPrice: string | null;
  currencyCode: string | null;
  lineItems: {
    id: string | null;
    title: string | null;
    quantity: number;
    originalUnitPrice: string | null;
    sku: string | null;
  }[];
  customer: { id: string | null; email: string | null; firstName: string | null; lastName: string | null } | null;
  email: string | null;
  shop: string;
  eventType: typeof DRAFT_ORDER_EVENT;
}

/** docs/decisions/011-abandoned-checkouts.md: the draft order payload's fields plus what a checkout adds. */
export interface CheckoutPayload {
  checkoutToken: string | null;
  createdAt: string | null;
  totalPrice: string | null;
  currencyCode: string | null;
  lineItems: DraftOrderPayload["lineItems"];
  customer: Customer | null;
  email: string | null;
  phone: string | null;
  abandonedCheckoutUrl: string | null;
  shop: string;
  eventType: typeof CHECKOUT_EVENT;
}

export function buildOrderPayload(
  payload: unknown,
  context: { shop: string; callbackUrl: string; callbackApiKey: string },
): OrderPayload {
  const order = unwrap(payload);
  const graphql = isGraphqlShape(order);
  const name = str(order.name) ?? "";
  const shipping = obj(graphql ? order.shippingAddress : order.shipping_address);
  const customer = order.customer == null ? null : obj(order.customer);
  const money = graphql ? shopMoney(order.totalPriceSet) : null;
  return {
    orderId: str(order.admin_graphql_api_id) ?? toGid("Order", order.id) ?? "",
    orderName: name,
    orderNumber: (order.order_number as number | undefined) ?? (order.number as number | undefined) ?? digits(name),
    createdAt: str(graphql ? order.createdAt : order.created_at),
    totalPrice: graphql ? (money?.amount ?? null) : decimal(order.total_price),
    currency: graphql ? (money?.currencyCode ?? null) : str(order.currency),
    financialStatus: lower(graphql ? (order.displayFinancialStatus ?? order.financialStatus) : order.financial_status),
    // REST sends null for an order nothing of which is fulfilled yet.
    fulfillmentStatus:
      lower(graphql ? (order.displayFulfillmentStatus ?? order.fulfillmentStatus) : order.fulfillment_status) ??
      "unfulfilled",
    lineItems: orderLineItemsOf(order, graphql),
    customer: customer && {
      id: graphql ? str(customer.id) : (str(customer.admin_graphql_api_id) ?? toGid("Customer", customer.id)),
      email: str(customer.email) ?? str(order.email),
      firstName: str(graphql ? customer.firstName : customer.first_name),
      lastName: str(graphql ? customer.lastName : customer.last_name),
      // Cash-on-delivery buyers often leave the phone only on the order or its shipping address.
      phone: str(customer.phone) ?? str(order.phone) ?? str(shipping.phone),
    },
    shippingAddress: Object.keys(shipping).length ? addressOf(shipping, graphql) : null,
    shop: context.shop,
    eventType: ORDER_EVENT,
    callbackUrl: context.callbackUrl,
    callbackApiKey: context.callbackApiKey,
  };
}

export function buildDraftOrderPayload(payload: unknown, context: { shop: string }): DraftOrderPayload {
  const draft = unwrap(payload);
  const graphql = isGraphqlShape(draft);
  const money = graphql ? shopMoney(draft.totalPriceSet) : null;
  const customer = draft.customer == null ? null : obj(draft.customer);
  return {
    draftOrderId: str(draft.admin_graphql_api_id) ?? toGid("DraftOrder", draft.id) ?? "",
    draftOrderName: str(draft.name),
    createdAt: str(graphql ? draft.createdAt : draft.created_at),
    totalPrice: graphql ? (money?.amount ?? decimal(draft.totalPrice)) : decimal(draft.total_price),
    currencyCode: graphql ? (money?.currencyCode ?? str(draft.currencyCode)) : str(draft.currency),
    lineItems: lineItemsOf(draft, graphql).map((item) => simpleLineItem(item, graphql)),
    customer: customer && {
      id: graphql ? str(customer.id) : (str(customer.admin_graphql_api_id) ?? toGid("Customer", customer.id)),
      email: str(customer.email),
      firstName: str(graphql ? customer.firstName : customer.first_name),
      lastName: str(graphql ? customer.lastName : customer.last_name),
    },
    email: str(draft.email) ?? (customer ? str(customer.email) : null),
    shop: context.shop,
    eventType: DRAFT_ORDER_EVENT,
  };
}

export function buildCheckoutPayload(payload: unknown, context: { shop: string }): CheckoutPayload {
  const checkout = unwrap(payload);
  const customer = checkout.customer == null ? null : obj(checkout.customer);
  const shipping = obj(checkout.shipping_address);
  const billing = obj(checkout.billing_address);
  const phone =
    str(checkout.phone) ?? (customer ? str(customer.phone) : null) ?? str(shipping.phone) ?? str(billing.phone);
  return {
    checkoutToken: str(checkout.token),
    createdAt: str(checkout.created_at),
    totalPrice: decimal(checkout.total_price),
    currencyCode: str(checkout.currency) ?? str(checkout.presentment_currency),
    lineItems: lineItemsOf(checkout, false).map((item) => simpleLineItem(item, false)),
    customer: customer && {
      id: str(customer.admin_graphql_api_id) ?? toGid("Customer", customer.id),
      email: str(customer.email),
      firstName: str(customer.first_name),
      lastName: str(customer.last_name),
      phone: str(customer.phone),
    },
    email: str(checkout.email) ?? (customer ? str(customer.email) : null),
    phone,
    abandonedCheckoutUrl: str(checkout.abandoned_checkout_url),
    shop: context.shop,
    eventType: CHECKOUT_EVENT,
  };
}

function simpleLineItem(item: Json, graphql: boolean) {
  return graphql
    ? {
        id: str(item.id),
        title: str(item.title) ?? str(item.name),
        quantity: int(item.quantity),
        originalUnitPrice:
          shopMoney(item.originalUnitPriceSet)?.amount ?? decimal(item.originalUnitPrice) ?? decimal(item.price),
        sku: str(item.sku) ?? str(obj(item.variant).sku),
      }
    : {
        id: str(item.admin_graphql_api_id) ?? (item.id == null ? null : String(item.id)),
        title: str(item.title) ?? str(item.name),
        quantity: int(item.quantity),
        originalUnitPrice: decimal(item.price),
        sku: str(item.sku),
      };
}
