import { platformGraphql, type GraphqlOptions, type PlatformSession } from "../platform/graphql.server";

/**
 * The platform's fulfilment-hold and cancel operations (Admin API 2026-10), one named document each
 * (docs/decisions/211). The app's holds carry HOLD_HANDLE: the platform refuses a second hold with the same handle
 * on one fulfilment order, and a release names only the ids of holds the app itself placed.
 */

/** The app's handle on its holds: at most 64 characters, unique per app and fulfilment order. */
export const HOLD_HANDLE = "buyer-confirmation";
export const FULFILLMENT_ORDER_FOR_HOLD = `#graphql
  query FulfillmentOrderForHold($id: ID!) {
    fulfillmentOrder(id: $id) {
      id
      status
      fulfillmentHolds { id handle heldByRequestingApp }
      order { id cancelledAt paymentGatewayNames }
    }
  }`;

export const ORDER_FULFILLMENT_HOLDS = `#graphql
  query OrderFulfillmentHolds($id: ID!) {
    order(id: $id) {
      id
      cancelledAt
      cancellation { staffNote }
      displayFulfillmentStatus
      paymentGatewayNames
      fulfillmentOrders(first: 20) {
        nodes { id status fulfillmentHolds { id handle heldByRequestingApp } }
      }
    }
  }`;

export const FULFILLMENT_ORDER_HOLD = `#graphql
  mutation FulfillmentOrderHold($id: ID!, $handle: String!, $reasonNotes: String) {
    fulfillmentOrderHold(id: $id, fulfillmentHold: { handle: $handle, reason: OTHER, reasonNotes: $reasonNotes }) {
      fulfillmentHold { id handle }
      userErrors { field message code }
    }
  }`;

export const FULFILLMENT_ORDER_RELEASE_HOLD = `#graphql
  mutation FulfillmentOrderReleaseHold($id: ID!, $holdIds: [ID!]) {
    fulfillmentOrderReleaseHold(id: $id, holdIds: $holdIds) {
      fulfillmentOrder { id status }
      userErrors { field message code }
    }
  }`;

export const HELD_ORDER_CANCEL = `#graphql
  mutation HeldOrderCancel($orderId: ID!, $notifyCustomer: Boolean, $staffNote: String) {
    orderCancel(orderId: $orderId, reason: CUSTOMER, restock: true, notifyCustomer: $notifyCustomer, staffNote: $staffNote) {
      job { id done }
      orderCancelUserErrors { field message code }
    }
  }`;

export interface PlatformHold {
  id: string;
  handle: string | null;
  heldByRequestingApp: boolean;
}

export interface PlatformFulfillmentOrder {
  id: string;
  status: string;
  fulfillmentHolds: PlatformHold[];
}

export interface UserError {
  field: string[] | null;
  message: string;
  code: string | null;
}

/** The app's own holds among a fulfilment order's: never the merchant's or another app's. */
export function ownHolds(order: PlatformFulfillmentOrder): PlatformHold[] {
  return order.fulfillmentHolds.filter((hold) => hold.heldByRequestingApp && hold.handle === HOLD_HANDLE);
}

export async function readFulfillmentOrder(session: PlatformSession, id: string, options: GraphqlOptions = {}) {
  const data = await platformGraphql(session, FULFILLMENT_ORDER_FOR_HOLD, { id }, options);
  return data.fulfillmentOrder;
}

export async function readOrderHolds(session: PlatformSession, id: string, options: GraphqlOptions = {}) {
  const data = await platformGraphql(session, ORDER_FULFILLMENT_HOLDS, { id }, options);
  return data.order;
}

/** Places the app's hold, with `note` for the shop's staff (staff-notes.server.ts). */
export async function placeHold(
  session: PlatformSession,
  fulfillmentOrderId: string,
  note: string,
  options: GraphqlOptions = {},
  handle = HOLD_HANDLE,
) {
  const data = await platformGraphql(
    session,
    FULFILLMENT_ORDER_HOLD,
    { id: fulfillmentOrderId, handle, reasonNotes: note },
    options,
  );
  return {
    holdId: data.fulfillmentOrderHold?.fulfillmentHold?.id ?? null,
    userErrors: data.fulfillmentOrderHold?.userErrors ?? [],
  };
}

export async function releaseHolds(
  session: PlatformSession,
  fulfillmentOrderId: string,
  holdIds: string[],
  options: GraphqlOptions = {},
) {
  const data = await platformGraphql(
    session,
    FULFILLMENT_ORDER_RELEASE_HOLD,
    { id: fulfillmentOrderId, holdIds },
    options,
  );
  return data.fulfillmentOrderReleaseHold?.userErrors ?? [];
}

export async function cancelOrder(
  session: PlatformSession,
  orderId: string,
  input: { notifyCustomer: boolean; staffNote: string },
  options: GraphqlOptions = {},
) {
  const data = await platformGraphql(session, HELD_ORDER_CANCEL, { orderId, ...input }, options);
  return { jobId: data.orderCancel?.job?.id ?? null, userErrors: data.orderCancel?.orderCancelUserErrors ?? [] };
}
