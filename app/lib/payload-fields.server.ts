/**
 * Reading a stored webhook body field by field, in either shape it arrives in (the platform's REST-style
 * snake_case JSON or the spec's GraphQL shape): the helpers the payload builders, the event keys and the buyer
 * summary share. Each answers null (or an empty value) for a field that is absent or of the wrong type.
 */

export type Json = Record<string, unknown>;

export interface OrderLineItem {
  id: string | null;
  name: string | null;
  quantity: number;
  price: string | null;
  sku: string | null;
  variantId: string | null;
  productId: string | null;
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

/** The spec's `{ order: {...} }` (or `draftOrder`, `draft_order`, `checkout`) wrapper, or the bare REST body. */
export function unwrap(payload: unknown): Json {
  const body = obj(payload);
  for (const key of ["order", "draftOrder", "draft_order", "checkout"]) {
    const inner = body[key];
    if (inner && typeof inner === "object" && !Array.isArray(inner)) return inner as Json;
  }
  return body;
}

export function isGraphqlShape(body: Json) {
  return "createdAt" in body || "totalPriceSet" in body || "lineItems" in body;
}

export function lineItemsOf(body: Json, graphql: boolean): Json[] {
  if (!graphql) return Array.isArray(body.line_items) ? body.line_items.map(obj) : [];
  const items = body.lineItems;
  if (Array.isArray(items)) return items.map(obj);
  const edges = obj(items).edges;
  if (Array.isArray(edges)) return edges.map((edge) => obj(obj(edge).node));
  const nodes = obj(items).nodes;
  return Array.isArray(nodes) ? nodes.map(obj) : [];
}

export function shopMoney(set: unknown): { amount: string | null; currencyCode: string | null } | null {
  const money = obj(obj(set).shopMoney);
  if (!Object.keys(money).length) return null;
  return { amount: decimal(money.amount), currencyCode: str(money.currencyCode) };
}

export function obj(value: unknown): Json {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {};
}

export function str(value: unknown): string | null {
  if (typeof value === "string") return value === "" ? null : value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

export function lower(value: unknown): string | null {
  return str(value)?.toLowerCase() ?? null;
}

export function decimal(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return value.toFixed(2);
  return str(value);
}

export function int(value: unknown): number {
  const number = typeof value === "number" ? value : Number(value);
  return Number.isFinite(number) ? Math.trunc(number) : 0;
}

export function digits(name: string): string | null {
  return /(\d+)/.exec(name)?.[1] ?? null;
}

export function toGid(type: string, id: unknown): string | null {
  if (id == null || id === "") return null;
  const value = String(id);
  return value.startsWith("gid://") ? value : `gid://shopify/${type}/${value}`;
}

/** `gid://shopify/Order/123` and `123` both name order 123. */
export function legacyId(id: string): string {
  return id.startsWith("gid://") ? id.slice(id.lastIndexOf("/") + 1) : id;
}

/*
 * The order payload's composite fields, read here beside the scalar readers rather than in the builder: the builder
 * calls in once per field and is never called back, so building a payload is one pass (docs/architecture.md, "The
 * worker's walk").
 */

/** An order's line items in the payload's shape, from either body shape. */
export function orderLineItemsOf(order: Json, graphql: boolean): OrderLineItem[] {
  return lineItemsOf(order, graphql).map((item) => (graphql ? graphqlLineItem(item) : restLineItem(item)));
}

function graphqlLineItem(item: Json): OrderLineItem {
  return {
    id: str(item.id),
    name: str(item.name) ?? str(item.title),
    quantity: int(item.quantity),
    price: shopMoney(item.originalUnitPriceSet)?.amount ?? decimal(item.price),
    sku: str(item.sku) ?? str(obj(item.variant).sku),
    variantId: str(obj(item.variant).id),
    productId: str(obj(item.product).id) ?? str(obj(obj(item.variant).product).id),
  };
}

function restLineItem(item: Json): OrderLineItem {
  return {
    id: str(item.admin_graphql_api_id) ?? toGid("LineItem", item.id),
    name: str(item.name) ?? str(item.title),
    quantity: int(item.quantity),
    price: decimal(item.price),
    sku: str(item.sku),
    variantId: toGid("ProductVariant", item.variant_id),
    productId: toGid("Product", item.product_id),
  };
}

export function addressOf(address: Json, graphql: boolean): Address {
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
