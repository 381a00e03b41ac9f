import { HttpResponse } from "msw";
import { mockPlatform, type OperationResolver } from "./platform";

/**
 * One order's fulfilment on the platform, as the Admin API answers the app's hold, release and cancel operations:
 * fulfilment orders with holds (each hold's app and handle), at most 10 holds per app on a fulfilment order, a
 * second hold with one handle refused, a release that removes only the named holds, and orderCancel as a job.
 * `merchant` acts as the merchant in the admin. Every call is recorded (`calls`). An operation named in
 * `loseAnswers` makes its change and then answers HTTP 502, once: the answer lost on the way back.
 */
export interface FakeHold {
  id: string;
  handle: string;
  app: "ours" | "other" | "merchant";
}

export interface FakeFulfillmentOrder {
  id: string;
  status: string;
  holds: FakeHold[];
}

export function fakeFulfilment(
  shop: string,
  options: {
    orderId?: string;
    gateways?: string[];
    fulfillmentOrders?: number;
    overrides?: Record<string, OperationResolver>;
    loseAnswers?: string[];
  } = {},
) {
  const orderId = options.orderId ?? "gid://shopify/Order/5550001";
  const number = orderId.split("/").pop();
  let holdSequence = 0;
  const order = {
    id: orderId,
    cancelledAt: null as string | null,
    /** The note the cancel carries (the app's, or the merchant's in the admin). */
    cancelNote: null as string | null,
    displayFulfillmentStatus: "UNFULFILLED",
    paymentGatewayNames: options.gateways ?? ["Cash on Delivery (COD)"],
    fulfillmentOrders: Array.from({ length: options.fulfillmentOrders ?? 1 }, (_, index) => ({
      id: `gid://shopify/FulfillmentOrder/${number}${index + 1}`,
      status: "OPEN",
      holds: [] as FakeHold[],
    })),
    /** Cancel refusals the next orderCancel answers with (the platform's userErrors). */
    cancelRefusal: null as { code: string; message: string } | null,
  };
  const holdNode = (hold: FakeHold) => ({ id: hold.id, handle: hold.handle, heldByRequestingApp: hold.app === "ours" });
  const foNode = (fo: FakeFulfillmentOrder) => ({
    id: fo.id,
    status: fo.status,
    fulfillmentHolds: fo.holds.map(holdNode),
  });
  const findFo = (id: unknown) => order.fulfillmentOrders.find((fo) => fo.id === id);
  const addHold = (fo: FakeFulfillmentOrder, app: FakeHold["app"], handle: string) => {
    const hold = { id: `gid://shopify/FulfillmentHold/${number}${++holdSequence}`, handle, app };
    fo.holds.push(hold);
    fo.status = "ON_HOLD";
    return hold;
  };
  const cancelNow = (note: string | null) => {
    order.cancelledAt = new Date().toISOString();
    order.cancelNote = note;
    for (const fo of order.fulfillmentOrders) {
      fo.status = "CANCELLED";
      fo.holds = [];
    }
  };
  const resolvers: Record<string, OperationResolver> = {
    FulfillmentOrderForHold: (variables) => {
      const fo = findFo(variables.id);
      return {
        fulfillmentOrder: fo
          ? {
              ...foNode(fo),
              order: { id: order.id, cancelledAt: order.cancelledAt, paymentGatewayNames: order.paymentGatewayNames },
            }
          : null,
      };
    },
    OrderFulfillmentHolds: (variables) => ({
      order:
        variables.id === order.id
          ? {
              id: order.id,
              cancelledAt: order.cancelledAt,
              cancellation: order.cancelledAt ? { staffNote: order.cancelNote } : null,
              displayFulfillmentStatus: order.displayFulfillmentStatus,
              paymentGatewayNames: order.paymentGatewayNames,
              fulfillmentOrders: { nodes: order.fulfillmentOrders.map(foNode) },
            }
          : null,
    }),
    FulfillmentOrderHold: (variables) => {
      const fo = findFo(variables.id);
      const refuse = (code: string, message: string) => ({
        fulfillmentOrderHold: { fulfillmentHold: null, userErrors: [{ field: ["id"], message, code }] },
      });
      if (!fo) return refuse("FULFILLMENT_ORDER_NOT_FOUND", "Fulfillment order not found.");
      const ours = fo.holds.filter((hold) => hold.app === "ours");
      if (ours.some((hold) => hold.handle === variables.handle)) {
        return refuse(
          "DUPLICATE_FULFILLMENT_HOLD_HANDLE",
          "The handle provided for the fulfillment hold is already in use.",
        );
      }
      if (ours.length >= 10)
        return refuse(
          "FULFILLMENT_ORDER_HOLD_LIMIT_REACHED",
          "The maximum number of fulfillment holds has been reached.",
        );
      const hold = addHold(fo, "ours", String(variables.handle));
      return { fulfillmentOrderHold: { fulfillmentHold: { id: hold.id, handle: hold.handle }, userErrors: [] } };
    },
    FulfillmentOrderReleaseHold: (variables) => {
      const fo = findFo(variables.id);
      if (!fo) {
        return {
          fulfillmentOrderReleaseHold: {
            fulfillmentOrder: null,
            userErrors: [
              { field: ["id"], message: "Fulfillment order not found.", code: "FULFILLMENT_ORDER_NOT_FOUND" },
            ],
          },
        };
      }
      const ids = new Set(variables.holdIds as string[]);
      if (fo.holds.some((hold) => ids.has(hold.id) && hold.app !== "ours")) {
        return {
          fulfillmentOrderReleaseHold: {
            fulfillmentOrder: null,
            userErrors: [{ field: ["holdIds"], message: "Cannot release another app's hold.", code: "INVALID_ACCESS" }],
          },
        };
      }
      fo.holds = fo.holds.filter((hold) => !ids.has(hold.id));
      if (!fo.holds.length) fo.status = "OPEN";
      return { fulfillmentOrderReleaseHold: { fulfillmentOrder: { id: fo.id, status: fo.status }, userErrors: [] } };
    },
    HeldOrderCancel: (variables) => {
      if (variables.orderId !== order.id) {
        return {
          orderCancel: {
            job: null,
            orderCancelUserErrors: [{ field: ["orderId"], message: "Order does not exist", code: "NOT_FOUND" }],
          },
        };
      }
      const refusal =
        order.cancelRefusal ??
        (order.cancelledAt ? { code: "INVALID", message: "Order has already been cancelled" } : null);
      if (refusal) return { orderCancel: { job: null, orderCancelUserErrors: [{ field: ["orderId"], ...refusal }] } };
      cancelNow((variables.staffNote as string | undefined) ?? null);
      return { orderCancel: { job: { id: `gid://shopify/Job/${number}`, done: false }, orderCancelUserErrors: [] } };
    },
    ...options.overrides,
  };
  const lost = new Set(options.loseAnswers ?? []);
  for (const name of lost) {
    const resolver = resolvers[name];
    resolvers[name] = (variables, call) => {
      const answer = resolver(variables, call);
      if (!lost.delete(name)) return answer;
      return new HttpResponse("Bad Gateway", { status: 502 });
    };
  }
  const calls = mockPlatform(shop, resolvers);
  return {
    order,
    calls,
    named: (operationName: string) => calls.filter((call) => call.operationName === operationName),
    merchant: {
      hold: (index = 0) => addHold(order.fulfillmentOrders[index], "merchant", ""),
      // Handles are per app: another app may use the same one.
      otherApp: (index = 0) => addHold(order.fulfillmentOrders[index], "other", "buyer-confirmation"),
      releaseAll: () => {
        for (const fo of order.fulfillmentOrders) {
          fo.holds = [];
          fo.status = "OPEN";
        }
      },
      cancel: (note: string | null = null) => cancelNow(note),
      fulfil: () => {
        order.displayFulfillmentStatus = "FULFILLED";
        for (const fo of order.fulfillmentOrders) fo.status = "CLOSED";
      },
    },
  };
}

/** The platform failing every call (an outage): HTTP 503. */
export const platformDown: OperationResolver = () => new HttpResponse("Service Unavailable", { status: 503 });
