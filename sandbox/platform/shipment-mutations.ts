import { argument, gid, type Resolver, type RootField } from "./graphql";
import {
  findFulfillmentOrder,
  openReplacementFulfillmentOrder,
  recordAction,
  type SimFulfillmentOrder,
} from "./fulfillment";
import { refuseUndocumentedIdempotency } from "./idempotency";
import { inputOf } from "./inputs";
import { requireScopes } from "./scopes";
import {
  eventNode,
  findFulfillment,
  FULFIL_SCOPE,
  fulfillmentNode,
  fulfillmentsOf,
  lineGid,
  linesOf,
  newShipmentId,
  settleOrder,
  shipmentsOf,
  type FulfillmentEvent,
  type SimFulfillment,
} from "./shipments";
import type { ShopState } from "./state";

/**
 * The fulfilment mutations (Admin API 2026-10), refusing what the platform refuses in its recorded words
 * (docs/decisions/295): fulfillmentCreate, fulfillmentTrackingInfoUpdate, fulfillmentEventCreate, fulfillmentCancel.
 * Each needs the merchant-managed fulfilment-order scope and is recorded in GET /sim/fulfillment's list.
 */

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
    id: newShipmentId(),
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
      id: newShipmentId(),
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
