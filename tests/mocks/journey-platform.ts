import { HttpResponse } from "msw";
import { mockPlatform, type OperationResolver } from "./platform";

/**
 * One cash-on-delivery order on the platform as the journey's steps see it (Admin API 2026-10 shapes): its
 * fulfilment orders (optionally under the app's hold), the fulfilments made with their tracking and events, the
 * outstanding balance, the cancel with its staff note, the tags. Every call is recorded; `merchant` acts in the
 * admin; `afterAnswer` lets a test make the next answer of an operation fail after the change was made.
 */
export function fakeJourneyPlatform(
  shop: string,
  options: { orderId?: string; held?: boolean; routed?: boolean } = {},
) {
  const orderId = options.orderId ?? "gid://shopify/Order/5550001";
  const number = orderId.split("/").pop();
  let sequence = 0;
  const order = {
    id: orderId,
    cancelledAt: null as string | null,
    staffNote: null as string | null,
    restocked: null as boolean | null,
    outstanding: "89900.00",
    financial: "PENDING",
    tags: [] as string[],
    variants: ["gid://shopify/ProductVariant/771"],
    /** Inventory put back by adjustments, by inventory item; a repeated idempotency key counts once. */
    restockedItems: {} as Record<string, number>,
    idempotencyKeys: [] as string[],
    // The platform makes an order's fulfilment orders a moment after the order: none until it routes it.
    fulfillmentOrders: [] as { id: string; status: string; holds: { id: string; handle: string }[] }[],
    fulfillments: [] as {
      id: string;
      status: string;
      number: string | null;
      company: string | null;
      notifyCustomer: boolean;
      events: { id: string; status: string; happenedAt: string }[];
    }[],
  };
  const display = () =>
    order.fulfillments.some((f) => f.status === "SUCCESS")
      ? "FULFILLED"
      : order.fulfillmentOrders.some((fo) => fo.status === "ON_HOLD")
        ? "ON_HOLD"
        : "UNFULFILLED";
  const userErrors = (message: string) => [{ field: ["id"], message }];
  const resolvers: Record<string, OperationResolver> = {
    JourneyOrder: (variables) => ({
      order:
        variables.id === order.id
          ? {
              id: order.id,
              cancelledAt: order.cancelledAt,
              cancellation: order.cancelledAt ? { staffNote: order.staffNote } : null,
              displayFulfillmentStatus: display(),
              displayFinancialStatus: order.financial,
              totalOutstandingSet: { shopMoney: { amount: order.outstanding } },
              fulfillments: order.fulfillments.map((f) => ({
                id: f.id,
                status: f.status,
                trackingInfo: f.number ? [{ number: f.number }] : [],
              })),
              fulfillmentOrders: {
                nodes: order.fulfillmentOrders.map((fo) => ({
                  id: fo.id,
                  status: fo.status,
                  assignedLocation: { location: { id: "gid://shopify/Location/1" } },
                  fulfillmentHolds: fo.holds.map((hold) => ({ ...hold, heldByRequestingApp: true })),
                })),
              },
              lineItems: {
                nodes: order.variants.map((id) => ({
                  quantity: 1,
                  variant: { id, inventoryItem: { id: id.replace("ProductVariant", "InventoryItem") } },
                })),
              },
            }
          : null,
    }),
    FulfillmentOrderReleaseHold: (variables) => {
      const fo = order.fulfillmentOrders.find((candidate) => candidate.id === variables.id)!;
      fo.holds = fo.holds.filter((hold) => !(variables.holdIds as string[]).includes(hold.id));
      if (!fo.holds.length) fo.status = "OPEN";
      return { fulfillmentOrderReleaseHold: { fulfillmentOrder: { id: fo.id, status: fo.status }, userErrors: [] } };
    },
    JourneyFulfillmentCreate: (variables) => {
      const input = variables.fulfillment as {
        lineItemsByFulfillmentOrder: { fulfillmentOrderId: string }[];
        notifyCustomer: boolean;
        trackingInfo: { number?: string; company?: string };
      };
      const open = input.lineItemsByFulfillmentOrder.every(
        ({ fulfillmentOrderId }) =>
          order.fulfillmentOrders.find((fo) => fo.id === fulfillmentOrderId)?.status === "OPEN",
      );
      if (!open)
        return { fulfillmentCreate: { fulfillment: null, userErrors: userErrors("Fulfillment order is not open") } };
      for (const fo of order.fulfillmentOrders) fo.status = "CLOSED";
      const fulfillment = {
        id: `gid://shopify/Fulfillment/${number}${++sequence}`,
        status: "SUCCESS",
        number: input.trackingInfo.number ?? null,
        company: input.trackingInfo.company ?? null,
        notifyCustomer: input.notifyCustomer,
        events: [],
      };
      order.fulfillments.push(fulfillment);
      return { fulfillmentCreate: { fulfillment: { id: fulfillment.id, status: fulfillment.status }, userErrors: [] } };
    },
    JourneyFulfillmentEvents: (variables) => {
      const f = order.fulfillments.find((candidate) => candidate.id === variables.id);
      return {
        fulfillment: f
          ? {
              id: f.id,
              status: f.status,
              events: { nodes: f.events.map(({ status, happenedAt }) => ({ status, happenedAt })) },
            }
          : null,
      };
    },
    JourneyFulfillmentEventCreate: (variables) => {
      const input = variables.fulfillmentEvent as { fulfillmentId: string; status: string; happenedAt: string };
      const f = order.fulfillments.find((candidate) => candidate.id === input.fulfillmentId)!;
      const event = {
        id: `gid://shopify/FulfillmentEvent/${++sequence}`,
        status: input.status,
        happenedAt: input.happenedAt,
      };
      f.events.push(event);
      return { fulfillmentEventCreate: { fulfillmentEvent: event, userErrors: [] } };
    },
    JourneyOrderMarkAsPaid: () => {
      if (Number(order.outstanding) <= 0) {
        return {
          orderMarkAsPaid: { order: null, userErrors: [{ field: ["id"], message: "Order cannot be marked as paid." }] },
        };
      }
      order.outstanding = "0.00";
      order.financial = "PAID";
      return { orderMarkAsPaid: { order: { id: order.id, displayFinancialStatus: "PAID" }, userErrors: [] } };
    },
    JourneyFulfillmentCancel: (variables) => {
      const f = order.fulfillments.find((candidate) => candidate.id === variables.id)!;
      f.status = "CANCELLED";
      return { fulfillmentCancel: { fulfillment: { id: f.id, status: f.status }, userErrors: [] } };
    },
    JourneyOrderCancel: (variables) => {
      if (order.cancelledAt || order.fulfillments.some((f) => f.status === "SUCCESS")) {
        return {
          orderCancel: {
            job: null,
            orderCancelUserErrors: [{ field: ["orderId"], message: "Order cannot be cancelled.", code: "INVALID" }],
          },
        };
      }
      order.cancelledAt = new Date().toISOString();
      order.staffNote = (variables.staffNote as string | null) ?? null;
      order.restocked = variables.restock as boolean;
      return { orderCancel: { job: { id: `gid://shopify/Job/${number}`, done: false }, orderCancelUserErrors: [] } };
    },
    JourneyRestock: (variables) => {
      const key = variables.idempotencyKey as string;
      if (!order.idempotencyKeys.includes(key)) {
        order.idempotencyKeys.push(key);
        const input = variables.input as { changes: { delta: number; inventoryItemId: string }[] };
        for (const change of input.changes) {
          order.restockedItems[change.inventoryItemId] =
            (order.restockedItems[change.inventoryItemId] ?? 0) + change.delta;
        }
      }
      return {
        inventoryAdjustQuantities: {
          inventoryAdjustmentGroup: { id: "gid://shopify/InventoryAdjustmentGroup/1" },
          userErrors: [],
        },
      };
    },
    OrderTagsAdd: (variables) => {
      for (const tag of variables.tags as string[]) if (!order.tags.includes(tag)) order.tags.push(tag);
      return { tagsAdd: { node: { id: variables.id }, userErrors: [] } };
    },
  };
  const failing = new Map<string, OperationResolver>();
  const calls = mockPlatform(
    shop,
    Object.fromEntries(
      Object.entries(resolvers).map(([name, resolver]) => [
        name,
        (variables, call) => (failing.get(name) ?? resolver)(variables, call),
      ]),
    ),
  );
  const route = () => {
    order.fulfillmentOrders.push({
      id: `gid://shopify/FulfillmentOrder/${number}1`,
      status: options.held ? "ON_HOLD" : "OPEN",
      holds: options.held ? [{ id: `gid://shopify/FulfillmentHold/${number}9`, handle: "buyer-confirmation" }] : [],
    });
  };
  if (options.routed !== false) route();
  return {
    order,
    calls,
    /** The platform routes the order: its fulfilment order appears (for `routed: false`). */
    route,
    named: (operationName: string) => calls.filter((call) => call.operationName === operationName),
    /** Every operation answers HTTP 503 until `up()`. */
    down: () => {
      for (const name of Object.keys(resolvers)) failing.set(name, () => new HttpResponse(null, { status: 503 }));
    },
    up: () => failing.clear(),
    merchant: {
      fulfil: () => {
        order.fulfillments.push({
          id: `gid://shopify/Fulfillment/${number}${++sequence}`,
          status: "SUCCESS",
          number: "MERCHANT-1",
          company: "Servientrega",
          notifyCustomer: true,
          events: [],
        });
        for (const fo of order.fulfillmentOrders) fo.status = "CLOSED";
      },
    },
  };
}
