import { describe, expect, it } from "vitest";
import { eventually } from "./supplier-helpers";
import { FULFIL, FULFIL_ALL as CREATE, INSTALLED, platformStack, type Journey } from "./platform-journey-helpers";

/**
 * A cash-on-delivery parcel's journey on the platform simulator, over real GraphQL requests: fulfilled with tracking,
 * carrier stages as fulfilment events, paid on delivery; or given back (fulfilment cancelled, order cancelled).
 */

const { routedOrder } = platformStack();

const TRACKING = `mutation Tracking($fulfillmentId: ID!, $trackingInfoInput: FulfillmentTrackingInput!) {
  fulfillmentTrackingInfoUpdate(fulfillmentId: $fulfillmentId, trackingInfoInput: $trackingInfoInput, notifyCustomer: false) {
    fulfillment { id trackingInfo { number company url } }
    userErrors { field message }
  }
}`;
const EVENT = `mutation Stage($fulfillmentEvent: FulfillmentEventInput!) {
  fulfillmentEventCreate(fulfillmentEvent: $fulfillmentEvent) {
    fulfillmentEvent { id status happenedAt message }
    userErrors { field message }
  }
}`;
const CANCEL_FULFILMENT = `mutation Unfulfil($id: ID!) {
  fulfillmentCancel(id: $id) { fulfillment { id status displayStatus } userErrors { field message } }
}`;
const MARK_PAID = `mutation Paid($input: OrderMarkAsPaidInput!) {
  orderMarkAsPaid(input: $input) { order { id displayFinancialStatus } userErrors { field message } }
}`;
const CANCEL_ORDER = `mutation Cancel($orderId: ID!) {
  orderCancel(orderId: $orderId, reason: OTHER, restock: true, notifyCustomer: false) {
    job { id } orderCancelUserErrors { field message code }
  }
}`;
const READ = `query Journey($id: ID!) {
  order(id: $id) {
    id cancelledAt displayFulfillmentStatus displayFinancialStatus
    totalOutstandingSet { shopMoney { amount currencyCode } }
    transactions(first: 5) { kind status gateway amountSet { shopMoney { amount } } }
    fulfillmentOrders(first: 5) { nodes { id status lineItems(first: 10) { nodes { id remainingQuantity } } } }
    fulfillments(first: 5) {
      id status displayStatus deliveredAt trackingInfo { number company url }
      events(first: 10) { nodes { status happenedAt message } }
    }
  }
}`;

type Order = {
  cancelledAt: string | null;
  displayFulfillmentStatus: string;
  displayFinancialStatus: string;
  totalOutstandingSet: { shopMoney: { amount: string } };
  transactions: { kind: string; gateway: string; amountSet: { shopMoney: { amount: string } } }[];
  fulfillmentOrders: {
    nodes: { id: string; status: string; lineItems: { nodes: { id: string; remainingQuantity: number }[] } }[];
  };
  fulfillments: {
    id: string;
    status: string;
    displayStatus: string;
    deliveredAt: string | null;
    trackingInfo: { number: string }[];
    events: { nodes: { status: string; happenedAt: string }[] };
  }[];
};
const readOrder = async (journey: Journey) =>
  (await journey.gql(READ, { id: journey.orderId })).data!.order as unknown as Order;
const tracking = { number: "SERV-240031", company: "Servientrega", url: "https://rastreo.example/SERV-240031" };
const fulfil = (journey: Journey, extra: Record<string, unknown> = {}) =>
  journey.gql(CREATE, {
    fulfillment: {
      lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: journey.foId }],
      trackingInfo: tracking,
      ...extra,
    },
  });

describe("the platform simulator: a parcel's journey into the store", () => {
  it("fulfils the open fulfilment order once with tracking: it closes, the order reads FULFILLED, a second is refused", async () => {
    const journey = await routedOrder();
    const created = (await fulfil(journey, { notifyCustomer: true })).data!.fulfillmentCreate;
    expect(created.userErrors).toEqual([]);
    expect(created.fulfillment).toMatchObject({
      status: "SUCCESS",
      displayStatus: "FULFILLED",
      trackingInfo: [tracking],
    });
    const order = await readOrder(journey);
    expect(order.displayFulfillmentStatus).toBe("FULFILLED");
    expect(order.fulfillmentOrders.nodes.map((node) => node.status)).toEqual(["CLOSED"]);
    expect(order.fulfillments.map((fulfillment) => fulfillment.trackingInfo)).toEqual([[tracking]]);

    const again = (await fulfil(journey)).data!.fulfillmentCreate;
    expect(again).toEqual({
      fulfillment: null,
      userErrors: [
        {
          field: ["fulfillment"],
          message: `Fulfillment order ${journey.fulfillmentOrder.id} has an unfulfillable status= closed.`,
        },
      ],
    });
    const fulfilled = (await journey.actions()).filter((action) => action.action === "fulfillment created");
    expect(fulfilled).toHaveLength(1);
    expect(fulfilled[0].detail).toMatchObject({ trackingInfo: [tracking], notifyCustomer: true });
  });

  it("refuses an on-hold fulfilment order, a cancelled order's, an unknown one and quantities it does not hold", async () => {
    const held = await routedOrder();
    held.fulfillmentOrder.holds.push({
      id: 1,
      handle: "h",
      reason: "OTHER",
      reasonNotes: null,
      owner: "app",
      createdAt: "",
    });
    held.fulfillmentOrder.status = "ON_HOLD";
    expect((await fulfil(held)).data!.fulfillmentCreate.userErrors).toEqual([
      {
        field: ["fulfillment"],
        message: `Fulfillment order ${held.fulfillmentOrder.id} has an unfulfillable status= on_hold.`,
      },
    ]);

    const cancelled = await routedOrder();
    expect(
      (await cancelled.gql(CANCEL_ORDER, { orderId: cancelled.orderId })).data!.orderCancel.orderCancelUserErrors,
    ).toEqual([]);
    await eventually(() => expect(cancelled.order.cancelledAt).toBeTruthy());
    expect((await fulfil(cancelled)).data!.fulfillmentCreate.userErrors![0].message).toMatch(/status= closed\.$/);

    const other = await routedOrder();
    const unknown = await other.gql(CREATE, {
      fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: "gid://shopify/FulfillmentOrder/1" }] },
    });
    expect(unknown.data!.fulfillmentCreate.userErrors![0].message).toBe("Fulfillment order does not exist.");
    const [line] = (await readOrder(other)).fulfillmentOrders.nodes[0].lineItems.nodes;
    const withLines = (quantity: number) =>
      other.gql(CREATE, {
        fulfillment: {
          lineItemsByFulfillmentOrder: [
            { fulfillmentOrderId: other.foId, fulfillmentOrderLineItems: [{ id: line.id, quantity }] },
          ],
        },
      });
    expect((await withLines(line.remainingQuantity + 1)).data!.fulfillmentCreate.userErrors![0].message).toBe(
      "Invalid fulfillment order line item quantity requested.",
    );
    expect((await withLines(0)).data!.fulfillmentCreate.userErrors![0]).toEqual({
      field: ["fulfillment", "lineItemsByFulfillmentOrder", "0", "fulfillmentOrderLineItems", "0", "quantity"],
      message: "Quantity must be greater than 0",
    });
    expect((await other.actions()).some((action) => action.action === "fulfillment created")).toBe(false);
  });

  it("follows the carrier: tracking replaced, stages as events in order, displayStatus following to DELIVERED", async () => {
    const journey = await routedOrder();
    const { id } = (await fulfil(journey)).data!.fulfillmentCreate.fulfillment as { id: string };
    const updated = { number: "SERV-240032", company: "Servientrega", url: "https://rastreo.example/SERV-240032" };
    const replaced = (await journey.gql(TRACKING, { fulfillmentId: id, trackingInfoInput: updated })).data!;
    expect(replaced.fulfillmentTrackingInfoUpdate).toMatchObject({
      fulfillment: { trackingInfo: [updated] },
      userErrors: [],
    });
    const stages = [
      ["IN_TRANSIT", "2026-11-20T15:00:00.000Z"],
      ["OUT_FOR_DELIVERY", "2026-11-21T13:00:00.000Z"],
      ["DELIVERED", "2026-11-21T18:30:00.000Z"],
    ];
    for (const [status, happenedAt] of stages) {
      const stage = await journey.gql(EVENT, {
        fulfillmentEvent: { fulfillmentId: id, status, happenedAt, message: "Servientrega" },
      });
      expect(stage.data!.fulfillmentEventCreate).toMatchObject({
        fulfillmentEvent: { status, happenedAt },
        userErrors: [],
      });
    }
    const [fulfillment] = (await readOrder(journey)).fulfillments;
    expect(fulfillment).toMatchObject({ displayStatus: "DELIVERED", deliveredAt: "2026-11-21T18:30:00.000Z" });
    expect(fulfillment.events.nodes.map((event) => [event.status, event.happenedAt])).toEqual(stages);
    // The fulfilment read by its id (QueryRoot.fulfillment), as the journey reads its events before adding one.
    const byId = await journey.gql(
      `query Events($id: ID!) { fulfillment(id: $id) { id status events(first: 10) { nodes { status happenedAt } } } }`,
      { id },
    );
    expect(byId.data!.fulfillment).toMatchObject({
      id,
      status: "SUCCESS",
      events: { nodes: stages.map(([status, happenedAt]) => ({ status, happenedAt })) },
    });
    expect(
      (
        await journey.gql(`query Events($id: ID!) { fulfillment(id: $id) { id } }`, {
          id: "gid://shopify/Fulfillment/1",
        })
      ).data,
    ).toEqual({ fulfillment: null });
    expect((await journey.actions()).map((action) => action.action)).toEqual([
      "routed",
      "fulfillment created",
      "tracking updated",
      "fulfillment event",
      "fulfillment event",
      "fulfillment event",
    ]);

    const missing = "gid://shopify/Fulfillment/1";
    expect(
      (await journey.gql(EVENT, { fulfillmentEvent: { fulfillmentId: missing, status: "DELIVERED" } })).data!,
    ).toEqual({
      fulfillmentEventCreate: {
        fulfillmentEvent: null,
        userErrors: [{ field: ["fulfillmentEvent", "fulfillmentId"], message: "Fulfillment does not exist." }],
      },
    });
    expect((await journey.gql(TRACKING, { fulfillmentId: missing, trackingInfoInput: updated })).data!).toEqual({
      fulfillmentTrackingInfoUpdate: {
        fulfillment: null,
        userErrors: [{ field: ["fulfillmentId"], message: "Fulfillment does not exist." }],
      },
    });
    // A stage the published schema does not know is refused before anything runs.
    const unknownStage = await journey.gql(EVENT, { fulfillmentEvent: { fulfillmentId: id, status: "RETURNED" } });
    expect(unknownStage.errors?.map((error) => error.extensions.code)).toEqual(["INVALID_VARIABLE"]);
  });

  it("reads one fulfilment by id with its events, as the app does before telling a stage", async () => {
    // The app's JourneyFulfillmentEvents query (app/services/journey/steps/platform.server.ts), a root field the
    // simulator did not answer: every stage after the fulfilment failed in the sandbox with "doesn't exist".
    const FULFILLMENT = `query JourneyFulfillmentEvents($id: ID!) {
      fulfillment(id: $id) { id status events(first: 100) { nodes { status happenedAt } } }
    }`;
    const journey = await routedOrder();
    const { id } = (await fulfil(journey)).data!.fulfillmentCreate.fulfillment as { id: string };
    const happenedAt = "2026-11-20T15:00:00.000Z";
    await journey.gql(EVENT, { fulfillmentEvent: { fulfillmentId: id, status: "IN_TRANSIT", happenedAt } });
    const read = await journey.gql(FULFILLMENT, { id });
    expect(read.errors).toBeUndefined();
    expect(read.data).toMatchObject({
      fulfillment: { id, status: "SUCCESS", events: { nodes: [{ status: "IN_TRANSIT", happenedAt }] } },
    });
    expect((await journey.gql(FULFILLMENT, { id: "gid://shopify/Fulfillment/1" })).data).toEqual({ fulfillment: null });
  });

  it("marks a cash-on-delivery order as paid once: PENDING to PAID, nothing outstanding, then refused", async () => {
    const journey = await routedOrder();
    const before = await readOrder(journey);
    expect(before).toMatchObject({ displayFinancialStatus: "PENDING", transactions: [] });
    expect(Number(before.totalOutstandingSet.shopMoney.amount)).toBe(Number(journey.order.totalPrice));
    const paid = (await journey.gql(MARK_PAID, { input: { id: journey.orderId } })).data!.orderMarkAsPaid;
    expect(paid).toMatchObject({ order: { displayFinancialStatus: "PAID" }, userErrors: [] });
    const after = await readOrder(journey);
    expect(after.totalOutstandingSet.shopMoney.amount).toBe("0.0");
    expect(after.transactions).toEqual([expect.objectContaining({ kind: "SALE", gateway: "Cash on Delivery (COD)" })]);
    expect(Number(after.transactions[0].amountSet.shopMoney.amount)).toBe(Number(journey.order.totalPrice));
    const again = (await journey.gql(MARK_PAID, { input: { id: journey.orderId } })).data!.orderMarkAsPaid;
    expect(again.userErrors).toEqual([{ field: ["id"], message: "Order cannot be marked as paid." }]);
    expect((await journey.actions()).filter((action) => action.action === "marked as paid")).toHaveLength(1);
  });

  it("gives a returned parcel back: the order's cancel refused while fulfilled, the fulfilment cancelled, then the order", async () => {
    const journey = await routedOrder();
    const { id } = (await fulfil(journey)).data!.fulfillmentCreate.fulfillment as { id: string };
    const refused = (await journey.gql(CANCEL_ORDER, { orderId: journey.orderId })).data!.orderCancel;
    expect(refused.orderCancelUserErrors).toEqual([
      { field: ["orderId"], message: "Cannot cancel an order that has outstanding fulfillments", code: "INVALID" },
    ]);
    const unfulfilled = (await journey.gql(CANCEL_FULFILMENT, { id })).data!.fulfillmentCancel;
    expect(unfulfilled).toMatchObject({
      fulfillment: { status: "CANCELLED", displayStatus: "CANCELED" },
      userErrors: [],
    });
    // A second cancel answers the cancelled fulfilment again, as the platform does.
    expect((await journey.gql(CANCEL_FULFILMENT, { id })).data!.fulfillmentCancel.userErrors).toEqual([]);
    const given = await readOrder(journey);
    expect(given.displayFulfillmentStatus).toBe("UNFULFILLED");
    expect(given.fulfillmentOrders.nodes.map((node) => node.status)).toEqual(["CLOSED", "OPEN"]);

    expect(
      (await journey.gql(CANCEL_ORDER, { orderId: journey.orderId })).data!.orderCancel.orderCancelUserErrors,
    ).toEqual([]);
    await eventually(() => expect(journey.order.cancelledAt).toBeTruthy());
    const paid = (await journey.gql(MARK_PAID, { input: { id: journey.orderId } })).data!.orderMarkAsPaid;
    expect(paid.userErrors).toEqual([{ field: ["id"], message: "Order cannot be marked as paid." }]);
    expect((await journey.actions()).map((action) => action.action)).toEqual([
      "routed",
      "fulfillment created",
      "cancel refused",
      "fulfillment cancelled",
      "cancel requested",
      "cancelled",
      "mark as paid refused",
    ]);
    expect(
      (await journey.gql(CANCEL_FULFILMENT, { id: "gid://shopify/Fulfillment/1" })).data!.fulfillmentCancel,
    ).toEqual({
      fulfillment: null,
      userErrors: [{ field: ["id"], message: "Fulfillment not found." }],
    });
  });

  it("refuses fulfilling without the fulfilment-order scope and marking as paid without write_orders", async () => {
    const journey = await routedOrder(INSTALLED);
    const denied = await fulfil(journey);
    expect(denied.data).toEqual({ fulfillmentCreate: null });
    expect(denied.errors?.[0]).toMatchObject({ extensions: { code: "ACCESS_DENIED" } });
    expect(denied.errors?.[0].message).toContain(FULFIL);
    expect(journey.fulfillmentOrder.status).toBe("OPEN");

    const readOnly = await routedOrder(`read_orders,${FULFIL}`);
    const unpaid = await readOnly.gql(MARK_PAID, { input: { id: readOnly.orderId } });
    expect(unpaid.errors?.[0]).toMatchObject({ extensions: { code: "ACCESS_DENIED" } });
    expect(unpaid.errors?.[0].message).toContain("write_orders");
    expect(readOnly.order.financialStatus).toBe("pending");
  });

  it("refuses what the published schema refuses (an unknown field) and the @idempotent directive it does not document here", async () => {
    const journey = await routedOrder();
    const unknownField = await journey.gql(CREATE.replace("displayStatus", "displayStatus shippedBy"), {
      fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: journey.foId }] },
    });
    expect(unknownField.data).toBeUndefined();
    expect(unknownField.errors?.map((error) => error.extensions.code)).toEqual(["undefinedField"]);
    const keyed = await journey.gql(
      `mutation Keyed($fulfillment: FulfillmentInput!, $key: String!) {
        fulfillmentCreate(fulfillment: $fulfillment) @idempotent(key: $key) { fulfillment { id } userErrors { field message } }
      }`,
      { fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: journey.foId }] }, key: "k-1" },
    );
    expect(keyed.errors?.[0]).toMatchObject({ extensions: { code: "BAD_REQUEST" } });
    expect(journey.fulfillmentOrder.status).toBe("OPEN");
    expect((await journey.actions()).map((action) => action.action)).toEqual(["routed"]);
  });
});
