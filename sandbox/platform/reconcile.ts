import type { Router, SimRequest } from "../lib/http";
import { HttpError } from "../lib/http";
import { argument, gid, orderNode, type RootField } from "./graphql";
import type { SimDraftOrder, SimOrder } from "./seed";
import type { ShopState } from "./state";

/**
 * What the app's reconciliation sweep needs of the platform (docs/decisions/221): webhooks that never arrive, and
 * the order lists it reads instead.
 *
 * - A drop mode for the webhook sender: every webhook, every n-th, or all of them for a while. A dropped webhook is
 *   kept, so a test can deliver it late (after the sweep) with `POST /sim/webhooks/release`.
 * - `orders` and `draftOrders` with cursor paging and the `created_at:>=… created_at:<…` search the sweep sends,
 *   and `nodes(ids:)` answering orders and draft orders in the API's shape.
 */

// ---- Dropped webhooks ----

export interface DropRule {
  /** none: deliver everything; all: drop every webhook; some: drop every `every`-th. */
  mode: "none" | "all" | "some";
  every: number;
  /** ms since epoch after which the rule ends by itself; null: until changed. */
  until: number | null;
  /** Topics the rule applies to; empty: the order topics. */
  topics: string[];
}

export interface DroppedWebhook {
  shop: string;
  topic: string;
  payload: unknown;
  eventId?: string;
  droppedAt: string;
}

const ORDER_TOPICS = ["orders/create", "draft_orders/create"];

export class WebhookDrops {
  rule: DropRule = { mode: "none", every: 2, until: null, topics: [] };
  readonly dropped: DroppedWebhook[] = [];
  private seen = 0;

  /** True when this webhook is to be dropped; it is kept for a late release. */
  drop(webhook: Omit<DroppedWebhook, "droppedAt">, now = Date.now()): boolean {
    const { mode, every, until, topics } = this.rule;
    if (mode === "none") return false;
    if (until !== null && now >= until) {
      this.rule = { ...this.rule, mode: "none", until: null };
      return false;
    }
    if (!(topics.length ? topics : ORDER_TOPICS).includes(webhook.topic)) return false;
    this.seen++;
    if (mode === "some" && this.seen % every !== 0) return false;
    this.dropped.push({ ...webhook, droppedAt: new Date(now).toISOString() });
    return true;
  }

  set(body: Record<string, unknown>, now = Date.now()) {
    const mode = body.mode;
    if (mode !== "none" && mode !== "all" && mode !== "some")
      throw new HttpError(400, "mode must be none, all or some");
    const every = body.every === undefined ? 2 : Number(body.every);
    if (!Number.isInteger(every) || every < 1) throw new HttpError(400, "every must be a whole number from 1");
    const forMs = body.forMs === undefined ? null : Number(body.forMs);
    if (forMs !== null && !(forMs > 0)) throw new HttpError(400, "forMs must be a positive number of milliseconds");
    const topics = Array.isArray(body.topics) ? body.topics.map(String) : [];
    this.rule = { mode, every, until: forMs === null ? null : now + forMs, topics };
    this.seen = 0;
    return this.rule;
  }

  reset() {
    this.rule = { mode: "none", every: 2, until: null, topics: [] };
    this.dropped.length = 0;
    this.seen = 0;
  }
}

type Send = (shop: string, topic: string, payload: unknown, copies?: number, eventId?: string) => Promise<unknown[]>;

/**
 * POST /sim/webhooks/drop {mode, every?, forMs?, topics?}: the rule; GET /sim/webhooks/dropped: what was held back;
 * POST /sim/webhooks/release {count?}: delivers the held webhooks now, oldest first (the late webhook);
 * POST /sim/orders/age {shop, minutes}: moves the shop's orders and draft orders that far into the past, so a test
 * need not wait out the sweep's grace.
 */
export function dropRoutes(router: Router, drops: WebhookDrops, send: Send, shopState: (shop: string) => ShopState) {
  const bodyOf = (request: SimRequest) => (request.body.length ? request.json<Record<string, unknown>>() : {});
  return router
    .on("POST", "/sim/orders/age", (request) => {
      const body = bodyOf(request);
      const minutes = Number(body.minutes);
      if (!(minutes > 0)) throw new HttpError(400, "minutes must be a positive number");
      const shop = shopState(String(body.shop ?? ""));
      for (const resource of [...shop.orders, ...shop.draftOrders]) {
        resource.createdAt = new Date(new Date(resource.createdAt).getTime() - minutes * 60_000).toISOString();
      }
      return { body: { orders: shop.orders.length, draftOrders: shop.draftOrders.length } };
    })
    .on("POST", "/sim/webhooks/drop", (request) => ({ body: { rule: drops.set(bodyOf(request)) } }))
    .on("GET", "/sim/webhooks/dropped", () => ({ body: { rule: drops.rule, dropped: drops.dropped } }))
    .on("POST", "/sim/webhooks/release", async (request) => {
      const body = bodyOf(request);
      const count = body.count === undefined ? drops.dropped.length : Math.max(0, Number(body.count));
      const released = drops.dropped.splice(0, count);
      const sent = [];
      for (const webhook of released) {
        sent.push(...(await send(webhook.shop, webhook.topic, webhook.payload, 1, webhook.eventId)));
      }
      return { body: { released: released.length, deliveries: sent } };
    });
}

// ---- The lists the sweep reads ----

type Resolver = (shop: ShopState, field: RootField, variables: Record<string, unknown>) => unknown;

const money = (amount: string, currencyCode: string) => ({
  shopMoney: { amount, currencyCode },
  presentmentMoney: { amount, currencyCode },
});

/** An order as the 2026-10 API answers it, with the customer's contact one level down as the API keeps it. */
export function sweptOrderNode(order: SimOrder) {
  const node = orderNode(order);
  const customer = order.customer
    ? {
        ...node.customer,
        defaultEmailAddress: { emailAddress: order.customer.email },
        defaultPhoneNumber: order.customer.phone ? { phoneNumber: order.customer.phone } : null,
        defaultAddress: order.shippingAddress
          ? { countryCodeV2: order.shippingAddress.countryCode, phone: order.shippingAddress.phone }
          : null,
      }
    : null;
  return { ...node, customer, billingAddress: null };
}

export function draftOrderNode(draft: SimDraftOrder) {
  return {
    __typename: "DraftOrder",
    id: gid("DraftOrder", draft.id),
    name: draft.name,
    createdAt: draft.createdAt,
    email: draft.email,
    currencyCode: draft.currency,
    totalPriceSet: money(draft.totalPrice, draft.currency),
    customer: {
      id: gid("Customer", draft.customer.id),
      firstName: draft.customer.firstName,
      lastName: draft.customer.lastName,
      defaultEmailAddress: { emailAddress: draft.customer.email },
    },
    lineItems: {
      nodes: draft.lineItems.map((item) => ({
        id: gid("DraftOrderLineItem", item.id),
        title: item.title,
        name: item.variantTitle ? `${item.title} - ${item.variantTitle}` : item.title,
        quantity: item.quantity,
        sku: item.sku,
        originalUnitPriceSet: money(item.price, draft.currency),
        variant: { id: gid("ProductVariant", item.variantId), sku: item.sku },
      })),
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    },
  };
}

/** `name:#1001`, `created_at:>='…'`, `created_at:<'…'` (quoted or not), as the platform's search reads them. */
function searchFilter(query: unknown) {
  const text = String(query ?? "");
  const name = /name:\s*["']?#?([\w-]+)/.exec(text)?.[1];
  const bounds = [...text.matchAll(/created_at:\s*(>=|<=|>|<)\s*["']?([^\s"']+)["']?/g)].map(([, op, value]) => ({
    op,
    at: new Date(value).getTime(),
  }));
  return (resource: { name: string; createdAt: string }) => {
    if (name && resource.name.replace(/^#/, "") !== name) return false;
    const created = new Date(resource.createdAt).getTime();
    return bounds.every(({ op, at }) =>
      op === ">=" ? created >= at : op === ">" ? created > at : op === "<=" ? created <= at : created < at,
    );
  };
}

/** One page of a sorted list: `first` after the `after` cursor (an offset, opaque to the client). */
function page<T, N>(sorted: T[], field: RootField, variables: Record<string, unknown>, node: (item: T) => N) {
  const first = Math.min(250, Number(argument(field, "first", variables) ?? 50));
  const after = argument(field, "after", variables);
  const start =
    typeof after === "string" && after ? Number(Buffer.from(after, "base64").toString().split(":")[1]) + 1 : 0;
  const slice = sorted.slice(start, start + first);
  const cursor = (index: number) => Buffer.from(`offset:${start + index}`).toString("base64");
  const nodes = slice.map(node);
  return {
    edges: nodes.map((item, index) => ({ cursor: cursor(index), node: item })),
    nodes,
    pageInfo: {
      hasNextPage: start + first < sorted.length,
      hasPreviousPage: start > 0,
      startCursor: nodes.length ? cursor(0) : null,
      endCursor: nodes.length ? cursor(nodes.length - 1) : null,
    },
  };
}

const byCreation = <T extends { createdAt: string; id: number }>(a: T, b: T) =>
  a.createdAt.localeCompare(b.createdAt) || a.id - b.id;

export const sweepResolvers: Record<string, Resolver> = {
  orders: (shop, field, variables) => {
    const sorted = shop.orders.filter(searchFilter(argument(field, "query", variables))).sort(byCreation);
    if (argument(field, "reverse", variables) === true) sorted.reverse();
    return page(sorted, field, variables, sweptOrderNode);
  },
  draftOrders: (shop, field, variables) => {
    const sorted = shop.draftOrders.filter(searchFilter(argument(field, "query", variables))).sort(byCreation);
    if (argument(field, "reverse", variables) === true) sorted.reverse();
    return page(sorted, field, variables, draftOrderNode);
  },
  nodes: (shop, field, variables) => {
    const ids = argument(field, "ids", variables);
    if (!Array.isArray(ids)) return [];
    return ids.map((id) => {
      const order = shop.orders.find((candidate) => gid("Order", candidate.id) === id);
      if (order) return sweptOrderNode(order);
      const draft = shop.draftOrders.find((candidate) => gid("DraftOrder", candidate.id) === id);
      return draft ? draftOrderNode(draft) : null;
    });
  },
};
