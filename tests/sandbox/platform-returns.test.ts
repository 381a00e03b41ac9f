import { describe, expect, it } from "vitest";
import { FULFIL, FULFIL_ALL, INSTALLED, platformStack, type Journey } from "./platform-journey-helpers";

/** A fulfilled parcel that came back, as returns on the platform simulator, over real GraphQL requests. */

const { routedOrder } = platformStack();

const RETURN_CREATE = `mutation Back($returnInput: ReturnInput!) {
  returnCreate(returnInput: $returnInput) {
    return { id status returnLineItems(first: 10) { nodes { id quantity } } }
    userErrors { field message code }
  }
}`;
const RETURN_PROCESS = `mutation Processed($input: ReturnProcessInput!) {
  returnProcess(input: $input) { return { id status } userErrors { field message code } }
}`;
const CANCEL_ORDER = `mutation Cancel($orderId: ID!) {
  orderCancel(orderId: $orderId, reason: OTHER, restock: true) { job { id } orderCancelUserErrors { field message code } }
}`;
const LINES = `query Lines($id: ID!) {
  order(id: $id) { returnStatus fulfillments(first: 5) { fulfillmentLineItems(first: 10) { nodes { id quantity } } } }
}`;

type ReturnAnswer = { id: string; status: string; returnLineItems: { nodes: { id: string; quantity: number }[] } };

async function fulfilledLine(journey: Journey) {
  await journey.gql(FULFIL_ALL, {
    fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: journey.foId }] },
  });
  const read = (await journey.gql(LINES, { id: journey.orderId })).data!.order as {
    fulfillments: { fulfillmentLineItems: { nodes: { id: string; quantity: number }[] } }[];
  };
  return read.fulfillments[0].fulfillmentLineItems.nodes[0];
}

describe("the platform simulator's returns", () => {
  it("opens a return for fulfilled lines, keeps the order from being cancelled meanwhile, and closes it when processed", async () => {
    const journey = await routedOrder(`${INSTALLED},${FULFIL},write_returns`);
    const line = await fulfilledLine(journey);
    const created = (
      await journey.gql(RETURN_CREATE, {
        returnInput: {
          orderId: journey.orderId,
          returnLineItems: [{ fulfillmentLineItemId: line.id, quantity: line.quantity, returnReason: "OTHER" }],
        },
      })
    ).data!.returnCreate;
    expect(created.userErrors).toEqual([]);
    const opened = created.return as ReturnAnswer;
    expect(opened.status).toBe("OPEN");
    expect((await journey.gql(LINES, { id: journey.orderId })).data!.order).toMatchObject({
      returnStatus: "IN_PROGRESS",
    });
    const refused = (await journey.gql(CANCEL_ORDER, { orderId: journey.orderId })).data!.orderCancel;
    expect(refused.orderCancelUserErrors).toHaveLength(1);

    const [returnLine] = opened.returnLineItems.nodes;
    const processed = (
      await journey.gql(RETURN_PROCESS, {
        input: { returnId: opened.id, returnLineItems: [{ id: returnLine.id, quantity: returnLine.quantity }] },
      })
    ).data!.returnProcess;
    expect(processed).toMatchObject({ return: { id: opened.id, status: "CLOSED" }, userErrors: [] });
    expect((await journey.gql(LINES, { id: journey.orderId })).data!.order).toMatchObject({ returnStatus: "RETURNED" });
    const again = (await journey.gql(RETURN_PROCESS, { input: { returnId: opened.id, returnLineItems: [] } })).data!;
    expect(again.returnProcess.userErrors).toEqual([
      { field: ["input", "returnId"], message: "Return status is invalid.", code: "INVALID_STATE" },
    ]);
    expect((await journey.actions()).map((action) => action.action)).toEqual([
      "routed",
      "fulfillment created",
      "return created",
      "cancel refused",
      "return processed",
    ]);
  });

  it("refuses a line that was not fulfilled, more than was fulfilled, and a shop without write_returns", async () => {
    const journey = await routedOrder(`${INSTALLED},${FULFIL},write_returns`);
    const line = await fulfilledLine(journey);
    const create = (returnLineItems: unknown[]) =>
      journey.gql(RETURN_CREATE, { returnInput: { orderId: journey.orderId, returnLineItems } });
    expect(
      (await create([{ fulfillmentLineItemId: "gid://shopify/FulfillmentLineItem/1", quantity: 1 }])).data!,
    ).toEqual({
      returnCreate: {
        return: null,
        userErrors: [
          {
            field: ["returnInput", "returnLineItems", "0", "fulfillmentLineItemId"],
            message: "Fulfillment Line Item was not found.",
            code: "NOT_FOUND",
          },
        ],
      },
    });
    const tooMany = (await create([{ fulfillmentLineItemId: line.id, quantity: line.quantity + 1 }])).data!;
    expect(tooMany.returnCreate.userErrors).toEqual([
      {
        field: ["returnInput", "returnLineItems", "0", "quantity"],
        message: "Return line item has an invalid quantity.",
        code: "INVALID",
      },
    ]);

    const unscoped = await routedOrder(`${INSTALLED},${FULFIL}`);
    const unscopedLine = await fulfilledLine(unscoped);
    const denied = await unscoped.gql(RETURN_CREATE, {
      returnInput: {
        orderId: unscoped.orderId,
        returnLineItems: [{ fulfillmentLineItemId: unscopedLine.id, quantity: 1 }],
      },
    });
    expect(denied.errors?.[0]).toMatchObject({ extensions: { code: "ACCESS_DENIED" } });
    expect(denied.errors?.[0].message).toContain("write_returns");
    expect((await unscoped.actions()).some((action) => action.action === "return created")).toBe(false);
  });
});
