/**
 * Reading a stored webhook body field by field, in either shape it arrives in (the platform's REST-style
 * snake_case JSON or the spec's GraphQL shape): the helpers the payload builders, the event keys and the buyer
 * summary share. Each answers null (or an empty value) for a field that is absent or of the wrong type.
 */

export type Json = Record<string, unknown>;

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
