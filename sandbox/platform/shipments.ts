import { gid, GraphqlFieldError } from "./graphql";
import { fulfillmentOrdersOf, type SimFulfillmentOrder } from "./fulfillment";
import type { SimOrder } from "./seed";
import type { ShopState } from "./state";

/**
 * Fulfilments (Admin API 2026-10): their state, the fulfilment orders' lines and how they read; the mutations are
 * shipment-mutations.ts. As the platform has them, with its words recorded against a live store
 * (docs/decisions/295): `fulfillmentCreate` fulfils open fulfilment-order lines and closes a fulfilment order with
 * nothing left, `fulfillmentTrackingInfoUpdate` replaces the tracking, `fulfillmentEventCreate` adds a carrier stage
 * that the fulfilment's displayStatus follows, `fulfillmentCancel` gives the lines back on a new open fulfilment order.
 * The platform accepts tracking, events and a repeated cancel on a cancelled fulfilment, so this does too. Every
 * action is recorded in the list GET /sim/fulfillment answers.
 */

export interface TrackingInfo {
  number: string | null;
  company: string | null;
  url: string | null;
}

export interface FulfillmentEvent {
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
export const newShipmentId = () => nextId++;

export function shipmentsOf(shop: ShopState): ShopShipments {
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
export function linesOf(shop: ShopState, fulfillmentOrder: SimFulfillmentOrder) {
  const all = shipmentsOf(shop).lines;
  let lines = all.get(fulfillmentOrder.id);
  if (!lines) {
    const order = shop.orders.find((candidate) => candidate.id === fulfillmentOrder.orderId);
    lines = (order?.lineItems ?? []).map((item) => ({ lineItemId: item.id, total: item.quantity, fulfilled: 0 }));
    all.set(fulfillmentOrder.id, lines);
  }
  return lines;
}
export const lineGid = (fulfillmentOrder: SimFulfillmentOrder, index: number) =>
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
export function settleOrder(shop: ShopState, order: SimOrder) {
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

export const eventNode = (event: FulfillmentEvent) => ({
  __typename: "FulfillmentEvent",
  id: gid("FulfillmentEvent", event.id),
  status: event.status,
  message: event.message,
  happenedAt: event.happenedAt,
  createdAt: event.createdAt,
  estimatedDeliveryAt: event.estimatedDeliveryAt,
  ...event.address,
});

export function findFulfillment(shop: ShopState, id: unknown): SimFulfillment | undefined {
  const match = /^gid:\/\/(?:shopify|platform)\/Fulfillment\/(\d+)$/.exec(String(id ?? ""));
  if (!match) throw new GraphqlFieldError(`Invalid global id '${String(id)}'`, "argumentLiteralsIncompatible");
  return shipmentsOf(shop).fulfillments.find((fulfillment) => fulfillment.id === Number(match[1]));
}
