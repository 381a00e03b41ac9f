/**
 * Turns a stored webhook body into the spec's outbound payloads. Two forms arrive: the REST-style
 * snake_case JSON the platform really sends for these topics, and the spec's `{ order: {...} }` in
 * GraphQL shape. Both give the same payload, field by field.
 */
import { buyerSearchKey } from "./search-key.server";

type Json = Record<string, unknown>;

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
  lineItems: {
    id: string | null;
    name: string | null;
    quantity: number;
    price: string | null;
    sku: string | null;
    variantId: string | null;
    productId: string | null;
  }[];
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

export interface Address {
  firstName: string | null;
  lastName: string | null;
  address1: string | null;
  city: string | null;
  province: string | null;
  country: string | null;
  zip: string | null;
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

/** What the receiver stores beside the body, read without validation so the insert path stays fast. */
export interface EventKeys {
  resourceId: string | null;
  orderId: string | null;
  orderName: string | null;
  customerId: string | null;
  checkoutToken: string | null;
  cartToken: string | null;
  /** The platform's test flag (a test order, such as the loop test's): kept out of the insights. */
  test?: boolean;
  /** The buyer's folded names, email and phone digits, for the log's search (docs/decisions/202). */
  searchKey?: string | null;
}

const GID_TYPES = { orders: "Order", draft_orders: "DraftOrder", checkouts: "Checkout" } as const;

export function extractEventKeys(topic: string, payload: unknown): EventKeys {
  const body = unwrap(payload);
  const graphql = isGraphqlShape(body);
  const type = GID_TYPES[topic.split("/")[0] as keyof typeof GID_TYPES] ?? "Order";
  const rawId = str(body.id);
  const gid = str(body.admin_graphql_api_id) ?? toGid(type, rawId);
  const customer = obj(body.customer);
  return {
    resourceId: rawId == null ? null : legacyId(String(rawId)),
    orderId: type === "Checkout" ? null : gid,
    orderName: str(body.name),
    customerId: customer.id == null ? null : legacyId(String(customer.id)),
    checkoutToken: graphql ? null : str(type === "Checkout" ? body.token : body.checkout_token),
    cartToken: graphql ? null : str(body.cart_token),
    test: body.test === true,
    searchKey: buyerSearchKey(body),
  };
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
    lineItems: lineItemsOf(order, graphql).map((item) =>
      graphql
        ? {
            id: str(item.id),
            name: str(item.name) ?? str(item.title),
            quantity: int(item.quantity),
            price: shopMoney(item.originalUnitPriceSet)?.amount ?? decimal(item.price),
            sku: str(item.sku) ?? str(obj(item.variant).sku),
            variantId: str(obj(item.variant).id),
            productId: str(obj(item.product).id) ?? str(obj(obj(item.variant).product).id),
          }
        : {
            id: str(item.admin_graphql_api_id) ?? toGid("LineItem", item.id),
            name: str(item.name) ?? str(item.title),
            quantity: int(item.quantity),
            price: decimal(item.price),
            sku: str(item.sku),
            variantId: toGid("ProductVariant", item.variant_id),
            productId: toGid("Product", item.product_id),
          },
    ),
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

function addressOf(address: Json, graphql: boolean): Address {
  return {
    firstName: str(graphql ? address.firstName : address.first_name),
    lastName: str(graphql ? address.lastName : address.last_name),
    address1: str(address.address1),
    city: str(address.city),
    province: str(address.province),
    country: str(address.country),
    zip: str(address.zip),
    phone: str(address.phone),
  };
}

/** The spec's `{ order: {...} }` (or `draftOrder`, `draft_order`, `checkout`) wrapper, or the bare REST body. */
function unwrap(payload: unknown): Json {
  const body = obj(payload);
  for (const key of ["order", "draftOrder", "draft_order", "checkout"]) {
    const inner = body[key];
    if (inner && typeof inner === "object" && !Array.isArray(inner)) return inner as Json;
  }
  return body;
}

function isGraphqlShape(body: Json) {
  return "createdAt" in body || "totalPriceSet" in body || "lineItems" in body;
}

function lineItemsOf(body: Json, graphql: boolean): Json[] {
  if (!graphql) return Array.isArray(body.line_items) ? body.line_items.map(obj) : [];
  const items = body.lineItems;
  if (Array.isArray(items)) return items.map(obj);
  const edges = obj(items).edges;
  if (Array.isArray(edges)) return edges.map((edge) => obj(obj(edge).node));
  const nodes = obj(items).nodes;
  return Array.isArray(nodes) ? nodes.map(obj) : [];
}

function shopMoney(set: unknown): { amount: string | null; currencyCode: string | null } | null {
  const money = obj(obj(set).shopMoney);
  if (!Object.keys(money).length) return null;
  return { amount: decimal(money.amount), currencyCode: str(money.currencyCode) };
}

function obj(value: unknown): Json {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {};
}

function str(value: unknown): string | null {
  if (typeof value === "string") return value === "" ? null : value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

function lower(value: unknown): string | null {
  return str(value)?.toLowerCase() ?? null;
}

function decimal(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return value.toFixed(2);
  return str(value);
}

function int(value: unknown): number {
  const number = typeof value === "number" ? value : Number(value);
  return Number.isFinite(number) ? Math.trunc(number) : 0;
}

function digits(name: string): string | null {
  return /(\d+)/.exec(name)?.[1] ?? null;
}

function toGid(type: string, id: unknown): string | null {
  if (id == null || id === "") return null;
  const value = String(id);
  return value.startsWith("gid://") ? value : `gid://shopify/${type}/${value}`;
}

/**
 * Every email and phone a stored body holds for its buyer, in any of the shapes it arrives in (the order, its
 * customer, the shipping and billing addresses, the customer's default address): what customers/redact matches.
 */
export function buyerContacts(payload: unknown): { emails: string[]; phones: string[] } {
  const body = unwrap(payload);
  const customer = obj(body.customer);
  const places = [
    body,
    customer,
    obj(body.shipping_address),
    obj(body.shippingAddress),
    obj(body.billing_address),
    obj(body.billingAddress),
    obj(customer.default_address),
    obj(customer.defaultAddress),
  ];
  const pick = (keys: string[]) =>
    places.flatMap((place) => keys.map((key) => str(place[key])).filter((value): value is string => value !== null));
  return { emails: pick(["email", "contact_email", "contactEmail"]), phones: pick(["phone"]) };
}

/** The links a body carries back to its shop's storefront: the status page, the invoice, the recovery link. */
const SHOP_LINKS = ["order_status_url", "orderStatusUrl", "invoice_url", "invoiceUrl", "abandoned_checkout_url"];

/**
 * The `*.myshopify.com` domain the body's own links name, if any (docs/decisions/070-one-trigger-per-order.md):
 * a body signed for one shop and re-posted under another shop's header names its real shop here. Null when the
 * links use a custom domain or are absent.
 */
export function bodyShopDomain(payload: unknown): string | null {
  const body = unwrap(payload);
  for (const key of SHOP_LINKS) {
    const link = str(body[key]);
    if (!link) continue;
    try {
      const host = new URL(link).hostname.toLowerCase();
      if (host.endsWith(".myshopify.com")) return host;
    } catch {
      // Not a URL: it names no shop.
    }
  }
  return null;
}

/** `gid://shopify/Order/123` and `123` both name order 123. */
export function legacyId(id: string): string {
  return id.startsWith("gid://") ? id.slice(id.lastIndexOf("/") + 1) : id;
}
