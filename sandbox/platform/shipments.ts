import { argument, gid, GraphqlFieldError, type Resolver, type RootField } from "./graphql";
import {
  findFulfillmentOrder,
  fulfillmentOrdersOf,
  openReplacementFulfillmentOrder,
  recordAction,
  type SimFulfillmentOrder,
} from "./fulfillment";
import { requireScopes } from "./scopes";
import type { SimOrder } from "./seed";
import type { ShopState } from "./state";

/**
 * Fulfilments (Admin API 2026-10) as the platform has them, with its words recorded against a live store
 * (docs/decisions/295): `fulfillmentCreate` fulfils open fulfilment-order lines and closes a fulfilment order with
 * nothing left, `fulfillmentTrackingInfoUpdate` replaces the tracking, `fulfillmentEventCreate` adds a carrier stage
 * that the fulfilment's displayStatus follows, `fulfillmentCancel` gives the lines back on a new open fulfilment order.
 * The platform accepts tracking, events and a repeated cancel on a cancelled fulfilment, so this does too. Every
 * action is recorded in the list GET /sim/fulfillment answers.
 */

interface TrackingInfo {
  number: string | null;
  company: string | null;
  url: string | null;
}

interface FulfillmentEvent {
  id: number;
  status: string;
  message: string | null;
  happenedAt: string;
  createdAt: string;
  estimatedDeliveryAt: string | null;
  address: Record<string, unknown>;
}

export interface SimFulfillment {
  id: number;
  order: SimOrder;
  name: string;
  status: "SUCCESS" | "CANCELLED";
  displayStatus: string;
  trackingInfo: TrackingInfo[];
  notifyCustomer: boolean;
  lines: { lineItemId: number; quantity: number }[];
  fulfillmentOrderIds: number[];
  events: FulfillmentEvent[];
  createdAt: string;
  updatedAt: string;
  inTransitAt: string | null;
  deliveredAt: string | null;
}

interface ShopShipments {
  fulfillments: SimFulfillment[];
  /** What each fulfilment order holds, by order line: created from the order's lines at first use. */
  lines: Map<number, { lineItemId: number; total: number; fulfilled: number }[]>;
}

/** Fulfilling a merchant's own (location) fulfilment order; a fulfilment service's needs the third-party scope. */
export const FULFIL_SCOPE = "write_merchant_managed_fulfillment_orders";

const shipments = new WeakMap<ShopState, ShopShipments>();
let nextId = 8_000_000_000;

function shipmentsOf(shop: ShopState): ShopShipments {
  let found = shipments.get(shop);
  if (!found) {
    found = { fulfillments: [], lines: new Map() };
    shipments.set(shop, found);
  }
  return found;
}

export const fulfillmentsOf = (shop: ShopState, orderId: number) =>
  shipmentsOf(shop).fulfillments.filter((fulfillment) => fulfillment.order.id === orderId);

/** A fulfilment order's lines; a fulfilment order line's id is its fulfilment order's and its place. */
function linesOf(shop: ShopState, fulfillmentOrder: SimFulfillmentOrder) {
  const all = shipmentsOf(shop).lines;
  let lines = all.get(fulfillmentOrder.id);
  if (!lines) {
    const order = shop.orders.find((candidate) => candidate.id === fulfillmentOrder.orderId);
    lines = (order?.lineItems ?? []).map((item) => ({ lineItemId: item.id, total: item.quantity, fulfilled: 0 }));
    all.set(fulfillmentOrder.id, lines);
  }
  return lines;
}
const lineGid = (fulfillmentOrder: SimFulfillmentOrder, index: number) =>
  gid("FulfillmentOrderLineItem", fulfillmentOrder.id * 100 + index);

/** The fulfilment order's line items, as `fulfillmentOrders { nodes { lineItems } }` reads them. */
export function fulfillmentOrderLineItems(shop: ShopState, fulfillmentOrder: SimFulfillmentOrder) {
  const nodes = linesOf(shop, fulfillmentOrder).map((line, index) => ({
    id: lineGid(fulfillmentOrder, index),
    totalQuantity: line.total,
    remainingQuantity: line.total - line.fulfilled,
    lineItem: { id: gid("LineItem", line.lineItemId) },
  }));
  return { nodes, edges: nodes.map((node) => ({ node })) };
}

/** The order's fulfilment status in the REST words its webhooks carry (orderNode maps them to GraphQL's). */
function settleOrder(shop: ShopState, order: SimOrder) {
  const live = fulfillmentsOf(shop, order.id).filter((fulfillment) => fulfillment.status === "SUCCESS");
  const left = fulfillmentOrdersOf(shop, order.id).some(
    (fulfillmentOrder) =>
      !["CLOSED", "CANCELLED"].includes(fulfillmentOrder.status) &&
      linesOf(shop, fulfillmentOrder).some((line) => line.fulfilled < line.total),
  );
  order.fulfillmentStatus = !live.length ? null : left ? "partial" : "fulfilled";
  order.updatedAt = new Date().toISOString();
}

const connection = <T>(nodes: T[]) => ({
  nodes,
  edges: nodes.map((node) => ({ node, cursor: Buffer.from(JSON.stringify(node)).toString("base64").slice(0, 24) })),
  pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
});

const fulfillmentLineGid = (fulfillment: SimFulfillment, index: number) =>
  gid("FulfillmentLineItem", fulfillment.id * 100 + index);

/** The order's fulfilled lines (its live fulfilments'), by fulfilment line item id: what a return may take back. */
export function fulfilledLines(shop: ShopState, orderId: number) {
  return new Map(
    fulfillmentsOf(shop, orderId)
      .filter((fulfillment) => fulfillment.status === "SUCCESS")
      .flatMap((fulfillment) => fulfillment.lines.map((line, index) => [fulfillmentLineGid(fulfillment, index), line])),
  );
}

export function fulfillmentNode(fulfillment: SimFulfillment) {
  const events = [...fulfillment.events].sort((a, b) => a.happenedAt.localeCompare(b.happenedAt) || a.id - b.id);
  return {
    __typename: "Fulfillment",
    id: gid("Fulfillment", fulfillment.id),
    legacyResourceId: String(fulfillment.id),
    name: fulfillment.name,
    status: fulfillment.status,
    displayStatus: fulfillment.displayStatus,
    createdAt: fulfillment.createdAt,
    updatedAt: fulfillment.updatedAt,
    inTransitAt: fulfillment.inTransitAt,
    deliveredAt: fulfillment.deliveredAt,
    estimatedDeliveryAt: events.findLast((event) => event.estimatedDeliveryAt)?.estimatedDeliveryAt ?? null,
    requiresShipping: true,
    totalQuantity: fulfillment.lines.reduce((sum, line) => sum + line.quantity, 0),
    trackingInfo: fulfillment.trackingInfo.map((info) => ({ ...info })),
    events: connection(events.map(eventNode)),
    fulfillmentLineItems: connection(
      fulfillment.lines.map((line) => ({
        id: fulfillmentLineGid(fulfillment, fulfillment.lines.indexOf(line)),
        quantity: line.quantity,
        lineItem: { id: gid("LineItem", line.lineItemId) },
      })),
    ),
    fulfillmentOrders: connection(fulfillment.fulfillmentOrderIds.map((id) => ({ id: gid("FulfillmentOrder", id) }))),
    order: { id: gid("Order", fulfillment.order.id), name: fulfillment.order.name },
  };
}

const eventNode = (event: FulfillmentEvent) => ({
  __typename: "FulfillmentEvent",
  id: gid("FulfillmentEvent", event.id),
  status: event.status,
  message: event.message,
  happenedAt: event.happenedAt,
  createdAt: event.createdAt,
  estimatedDeliveryAt: event.estimatedDeliveryAt,
  ...event.address,
});

/** The input object of an argument; the simulator reads input objects from variables, as the app sends them. */
function inputOf<T>(field: RootField, name: string, variables: Record<string, unknown>): T {
  const value = argument(field, name, variables);
  if (!value || typeof value !== "object")
    throw new GraphqlFieldError(`The simulator reads ${name} from a variable`, "argumentLiteralsIncompatible");
  return value as T;
}

const trackingOf = (input: { number?: string; numbers?: string[]; company?: string; url?: string; urls?: string[] }) =>
  input.numbers?.length
    ? input.numbers.map((number, index) => ({
        number,
        company: input.company ?? null,
        url: input.urls?.[index] ?? null,
      }))
    : input.number || input.url
      ? [{ number: input.number ?? null, company: input.company ?? null, url: input.url ?? null }]
      : [];

/**
 * Shopify's refusal of the @idempotent directive where the mutation's description documents no idempotency (the
 * directive's own description: "Only supported on mutations that explicitly document idempotency support").
 */
function refuseUndocumentedIdempotency(field: RootField) {
  if (field.directives?.some((directive) => directive.name === "idempotent"))
    throw new GraphqlFieldError(`The @idempotent directive is not supported on ${field.name}`, "BAD_REQUEST");
}

type CreateInput = {
  lineItemsByFulfillmentOrder?: {
    fulfillmentOrderId?: string;
    fulfillmentOrderLineItems?: { id?: string; quantity?: number }[];
  }[];
  trackingInfo?: Parameters<typeof trackingOf>[0];
  notifyCustomer?: boolean;
};

const refused = (message: string, path: string[] = ["fulfillment"]) => ({
  fulfillment: null,
  userErrors: [{ field: path, message }],
});

function createFulfillment(shop: ShopState, field: RootField, variables: Record<string, unknown>) {
  const input = inputOf<CreateInput>(field, "fulfillment", variables);
  const plan: { fulfillmentOrder: SimFulfillmentOrder; take: Map<number, number> }[] = [];
  const groups = input.lineItemsByFulfillmentOrder ?? [];
  for (const [groupIndex, group] of groups.entries()) {
    const fulfillmentOrder = findFulfillmentOrder(shop, group.fulfillmentOrderId);
    if (!fulfillmentOrder) return refused("Fulfillment order does not exist.");
    if (plan.some((step) => step.fulfillmentOrder.orderId !== fulfillmentOrder.orderId))
      return refused("All fulfillment orders must belong to the same order.");
    if (!["OPEN", "IN_PROGRESS"].includes(fulfillmentOrder.status))
      return refused(
        `Fulfillment order ${fulfillmentOrder.id} has an unfulfillable status= ${fulfillmentOrder.status.toLowerCase()}.`,
      );
    const lines = linesOf(shop, fulfillmentOrder);
    const take = new Map<number, number>();
    const wanted = group.fulfillmentOrderLineItems?.length
      ? group.fulfillmentOrderLineItems
      : lines.map((line, index) => ({ id: lineGid(fulfillmentOrder, index), quantity: line.total - line.fulfilled }));
    for (const [lineIndex, item] of wanted.entries()) {
      const index = lines.findIndex((_, at) => lineGid(fulfillmentOrder, at) === item.id);
      const quantity = Number(item.quantity);
      if (quantity <= 0 && group.fulfillmentOrderLineItems?.length) {
        const at = ["fulfillment", "lineItemsByFulfillmentOrder", String(groupIndex), "fulfillmentOrderLineItems"];
        return refused("Quantity must be greater than 0", [...at, String(lineIndex), "quantity"]);
      }
      if (index < 0 || quantity > lines[index].total - lines[index].fulfilled - (take.get(index) ?? 0))
        return refused("Invalid fulfillment order line item quantity requested.");
      if (quantity > 0) take.set(index, (take.get(index) ?? 0) + quantity);
    }
    if (!take.size) return refused("Invalid fulfillment order line item quantity requested.");
    plan.push({ fulfillmentOrder, take });
  }
  if (!plan.length) return refused("Fulfillment order does not exist.");
  const order = shop.orders.find((candidate) => candidate.id === plan[0].fulfillmentOrder.orderId)!;
  const now = new Date().toISOString();
  const fulfillment: SimFulfillment = {
    id: nextId++,
    order,
    name: `${order.name}-F${fulfillmentsOf(shop, order.id).length + 1}`,
    status: "SUCCESS",
    displayStatus: "FULFILLED",
    trackingInfo: trackingOf(input.trackingInfo ?? {}),
    notifyCustomer: input.notifyCustomer === true,
    lines: [],
    fulfillmentOrderIds: plan.map((step) => step.fulfillmentOrder.id),
    events: [],
    createdAt: now,
    updatedAt: now,
    inTransitAt: null,
    deliveredAt: null,
  };
  for (const { fulfillmentOrder, take } of plan) {
    const lines = linesOf(shop, fulfillmentOrder);
    for (const [index, quantity] of take) {
      lines[index].fulfilled += quantity;
      fulfillment.lines.push({ lineItemId: lines[index].lineItemId, quantity });
    }
    if (lines.every((line) => line.fulfilled >= line.total)) fulfillmentOrder.status = "CLOSED";
    fulfillmentOrder.updatedAt = now;
  }
  shipmentsOf(shop).fulfillments.push(fulfillment);
  settleOrder(shop, order);
  recordAction(shop, order.id, "fulfillment created", {
    fulfillmentId: gid("Fulfillment", fulfillment.id),
    trackingInfo: fulfillment.trackingInfo,
    notifyCustomer: fulfillment.notifyCustomer,
    message: argument(field, "message", variables) ?? null,
  });
  return { fulfillment: fulfillmentNode(fulfillment), userErrors: [] };
}

function findFulfillment(shop: ShopState, id: unknown): SimFulfillment | undefined {
  const match = /^gid:\/\/(?:shopify|platform)\/Fulfillment\/(\d+)$/.exec(String(id ?? ""));
  if (!match) throw new GraphqlFieldError(`Invalid global id '${String(id)}'`, "argumentLiteralsIncompatible");
  return shipmentsOf(shop).fulfillments.find((fulfillment) => fulfillment.id === Number(match[1]));
}

export const shipmentResolvers: Record<string, Resolver> = {
  fulfillmentCreate: (shop, field, variables, context) => {
    requireScopes(shop, "fulfillmentCreate", [FULFIL_SCOPE]);
    refuseUndocumentedIdempotency(field);
    const answer = createFulfillment(shop, field, variables);
    context.emit(
      answer.fulfillment
        ? `fulfillmentCreate ${answer.fulfillment.name} (${answer.fulfillment.trackingInfo.map((info) => info.number).join(", ") || "no tracking"})`
        : `fulfillmentCreate refused: ${answer.userErrors[0].message}`,
    );
    return answer;
  },
  fulfillmentTrackingInfoUpdate: (shop, field, variables, context) => {
    requireScopes(shop, "fulfillmentTrackingInfoUpdate", [FULFIL_SCOPE]);
    refuseUndocumentedIdempotency(field);
    const fulfillment = findFulfillment(shop, argument(field, "fulfillmentId", variables));
    if (!fulfillment) return refused("Fulfillment does not exist.", ["fulfillmentId"]);
    fulfillment.trackingInfo = trackingOf(inputOf(field, "trackingInfoInput", variables));
    fulfillment.updatedAt = new Date().toISOString();
    const notifyCustomer = argument(field, "notifyCustomer", variables) === true;
    recordAction(shop, fulfillment.order.id, "tracking updated", {
      fulfillmentId: gid("Fulfillment", fulfillment.id),
      trackingInfo: fulfillment.trackingInfo,
      notifyCustomer,
    });
    context.emit(`fulfillmentTrackingInfoUpdate ${fulfillment.name}`);
    return { fulfillment: fulfillmentNode(fulfillment), userErrors: [] };
  },
  fulfillmentEventCreate: (shop, field, variables, context) => {
    requireScopes(shop, "fulfillmentEventCreate", [FULFIL_SCOPE]);
    refuseUndocumentedIdempotency(field);
    const input = inputOf<Record<string, unknown>>(field, "fulfillmentEvent", variables);
    const fulfillment = findFulfillment(shop, input.fulfillmentId);
    if (!fulfillment)
      return {
        fulfillmentEvent: null,
        userErrors: [{ field: ["fulfillmentEvent", "fulfillmentId"], message: "Fulfillment does not exist." }],
      };
    const now = new Date().toISOString();
    const { fulfillmentId: _, status, message, happenedAt, estimatedDeliveryAt, ...address } = input;
    const event: FulfillmentEvent = {
      id: nextId++,
      status: String(status),
      message: typeof message === "string" ? message : null,
      happenedAt: typeof happenedAt === "string" ? new Date(happenedAt).toISOString() : now,
      createdAt: now,
      estimatedDeliveryAt: typeof estimatedDeliveryAt === "string" ? estimatedDeliveryAt : null,
      address,
    };
    fulfillment.events.push(event);
    // A cancelled fulfilment takes the event (as the platform does) but stays cancelled.
    if (fulfillment.status === "SUCCESS") fulfillment.displayStatus = event.status;
    if (event.status === "IN_TRANSIT") fulfillment.inTransitAt = event.happenedAt;
    if (event.status === "DELIVERED") fulfillment.deliveredAt = event.happenedAt;
    fulfillment.updatedAt = now;
    recordAction(shop, fulfillment.order.id, "fulfillment event", {
      fulfillmentId: gid("Fulfillment", fulfillment.id),
      status: event.status,
      happenedAt: event.happenedAt,
      message: event.message,
    });
    context.emit(`fulfillmentEventCreate ${event.status} on ${fulfillment.name}`);
    return { fulfillmentEvent: eventNode(event), userErrors: [] };
  },
  fulfillmentCancel: (shop, field, variables, context) => {
    requireScopes(shop, "fulfillmentCancel", [FULFIL_SCOPE]);
    refuseUndocumentedIdempotency(field);
    const fulfillment = findFulfillment(shop, argument(field, "id", variables));
    if (!fulfillment) return refused("Fulfillment not found.", ["id"]);
    // Cancelling a cancelled fulfilment answers it again, and a delivered one can be cancelled (both recorded live).
    if (fulfillment.status === "SUCCESS") {
      fulfillment.status = "CANCELLED";
      fulfillment.displayStatus = "CANCELED";
      fulfillment.updatedAt = new Date().toISOString();
      const replacement = openReplacementFulfillmentOrder(shop, fulfillment.order.id);
      const given = new Map<number, number>();
      for (const line of fulfillment.lines)
        given.set(line.lineItemId, (given.get(line.lineItemId) ?? 0) + line.quantity);
      shipmentsOf(shop).lines.set(
        replacement.id,
        [...given].map(([lineItemId, total]) => ({ lineItemId, total, fulfilled: 0 })),
      );
      settleOrder(shop, fulfillment.order);
      recordAction(shop, fulfillment.order.id, "fulfillment cancelled", {
        fulfillmentId: gid("Fulfillment", fulfillment.id),
        replacementFulfillmentOrderId: gid("FulfillmentOrder", replacement.id),
      });
      context.emit(`fulfillmentCancel ${fulfillment.name}`);
    }
    return { fulfillment: fulfillmentNode(fulfillment), userErrors: [] };
  },
};
