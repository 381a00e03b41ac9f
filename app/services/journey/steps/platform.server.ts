import { platformGraphql, type GraphqlOptions, type PlatformSession } from "../../platform/graphql.server";

/**
 * The platform's operations the journey's steps use (Admin API 2026-10), one named document each. Every step reads
 * the order (or the fulfilment) before it writes, so a try after a crash finds what an earlier try did.
 */

export const JOURNEY_ORDER = `#graphql
  query JourneyOrder($id: ID!) {
    order(id: $id) {
      id
      cancelledAt
      cancellation { staffNote }
      displayFulfillmentStatus
      displayFinancialStatus
      totalOutstandingSet { shopMoney { amount } }
      fulfillments(first: 20) { id status trackingInfo(first: 5) { number } }
      fulfillmentOrders(first: 20) {
        nodes {
          id
          status
          assignedLocation { location { id } }
          fulfillmentHolds { id handle heldByRequestingApp }
        }
      }
      lineItems(first: 100) { nodes { quantity variant { id inventoryItem { id } } } }
    }
  }`;

export const JOURNEY_FULFILLMENT_EVENTS = `#graphql
  query JourneyFulfillmentEvents($id: ID!) {
    fulfillment(id: $id) {
      id
      status
      events(first: 100) { nodes { status happenedAt } }
    }
  }`;

export const JOURNEY_FULFILLMENT_CREATE = `#graphql
  mutation JourneyFulfillmentCreate($fulfillment: FulfillmentInput!) {
    fulfillmentCreate(fulfillment: $fulfillment) {
      fulfillment { id status }
      userErrors { field message }
    }
  }`;

export const JOURNEY_FULFILLMENT_EVENT_CREATE = `#graphql
  mutation JourneyFulfillmentEventCreate($fulfillmentEvent: FulfillmentEventInput!) {
    fulfillmentEventCreate(fulfillmentEvent: $fulfillmentEvent) {
      fulfillmentEvent { id status happenedAt }
      userErrors { field message }
    }
  }`;

export const JOURNEY_ORDER_MARK_AS_PAID = `#graphql
  mutation JourneyOrderMarkAsPaid($input: OrderMarkAsPaidInput!) {
    orderMarkAsPaid(input: $input) {
      order { id displayFinancialStatus }
      userErrors { field message }
    }
  }`;

export const JOURNEY_FULFILLMENT_CANCEL = `#graphql
  mutation JourneyFulfillmentCancel($id: ID!) {
    fulfillmentCancel(id: $id) {
      fulfillment { id status }
      userErrors { field message }
    }
  }`;

export const JOURNEY_ORDER_CANCEL = `#graphql
  mutation JourneyOrderCancel($orderId: ID!, $reason: OrderCancelReason!, $restock: Boolean!, $staffNote: String) {
    orderCancel(orderId: $orderId, reason: $reason, restock: $restock, notifyCustomer: false, staffNote: $staffNote) {
      job { id done }
      orderCancelUserErrors { field message code }
    }
  }`;

export const JOURNEY_RESTOCK = `#graphql
  mutation JourneyRestock($input: InventoryAdjustQuantitiesInput!, $idempotencyKey: String!) {
    inventoryAdjustQuantities(input: $input) @idempotent(key: $idempotencyKey) {
      inventoryAdjustmentGroup { id }
      userErrors { field message code }
    }
  }`;

export interface StepUserError {
  field?: string[] | null;
  message: string;
}

export const readJourneyOrder = async (session: PlatformSession, id: string, graphql: GraphqlOptions) =>
  (await platformGraphql(session, JOURNEY_ORDER, { id }, graphql)).order;

export type JourneyOrder = NonNullable<Awaited<ReturnType<typeof readJourneyOrder>>>;

export const readFulfillmentEvents = async (session: PlatformSession, id: string, graphql: GraphqlOptions) =>
  (await platformGraphql(session, JOURNEY_FULFILLMENT_EVENTS, { id }, graphql)).fulfillment;

export async function createFulfillment(
  session: PlatformSession,
  input: {
    fulfillmentOrderIds: string[];
    notifyCustomer: boolean;
    tracking: { number: string | null; company: string | null; url: string | null };
  },
  graphql: GraphqlOptions,
) {
  const { number, company, url } = input.tracking;
  const data = await platformGraphql(
    session,
    JOURNEY_FULFILLMENT_CREATE,
    {
      fulfillment: {
        lineItemsByFulfillmentOrder: input.fulfillmentOrderIds.map((fulfillmentOrderId) => ({ fulfillmentOrderId })),
        notifyCustomer: input.notifyCustomer,
        trackingInfo: { ...(number ? { number } : {}), ...(company ? { company } : {}), ...(url ? { url } : {}) },
      },
    },
    graphql,
  );
  return { id: data.fulfillmentCreate?.fulfillment?.id ?? null, userErrors: data.fulfillmentCreate?.userErrors ?? [] };
}

export async function createFulfillmentEvent(
  session: PlatformSession,
  input: { fulfillmentId: string; status: string; happenedAt: Date },
  graphql: GraphqlOptions,
) {
  const data = await platformGraphql(
    session,
    JOURNEY_FULFILLMENT_EVENT_CREATE,
    {
      fulfillmentEvent: {
        fulfillmentId: input.fulfillmentId,
        status: input.status as "IN_TRANSIT",
        happenedAt: input.happenedAt.toISOString(),
      },
    },
    graphql,
  );
  return {
    id: data.fulfillmentEventCreate?.fulfillmentEvent?.id ?? null,
    userErrors: data.fulfillmentEventCreate?.userErrors ?? [],
  };
}

export async function markOrderPaid(session: PlatformSession, orderId: string, graphql: GraphqlOptions) {
  const data = await platformGraphql(session, JOURNEY_ORDER_MARK_AS_PAID, { input: { id: orderId } }, graphql);
  return data.orderMarkAsPaid?.userErrors ?? [];
}

export async function cancelFulfillment(session: PlatformSession, id: string, graphql: GraphqlOptions) {
  const data = await platformGraphql(session, JOURNEY_FULFILLMENT_CANCEL, { id }, graphql);
  return data.fulfillmentCancel?.userErrors ?? [];
}

export async function cancelJourneyOrder(
  session: PlatformSession,
  input: { orderId: string; reason: "CUSTOMER" | "DECLINED" | "OTHER"; restock: boolean; staffNote: string },
  graphql: GraphqlOptions,
) {
  const data = await platformGraphql(session, JOURNEY_ORDER_CANCEL, input, graphql);
  return { jobId: data.orderCancel?.job?.id ?? null, userErrors: data.orderCancel?.orderCancelUserErrors ?? [] };
}

/** Puts quantities back as available at a location; the key makes a retry of the same restock count once. */
export async function restockItems(
  session: PlatformSession,
  input: { locationId: string; items: { inventoryItemId: string; quantity: number }[]; idempotencyKey: string },
  graphql: GraphqlOptions,
) {
  const data = await platformGraphql(
    session,
    JOURNEY_RESTOCK,
    {
      input: {
        name: "available",
        reason: "restock",
        changes: input.items.map((item) => ({
          delta: item.quantity,
          inventoryItemId: item.inventoryItemId,
          locationId: input.locationId,
          // Compare-and-swap is off: the delta is the order's own quantity, whatever else moved meanwhile.
          changeFromQuantity: null,
        })),
      },
      idempotencyKey: input.idempotencyKey,
    },
    graphql,
  );
  return data.inventoryAdjustQuantities?.userErrors ?? [];
}
