import { describe, expect, it } from "vitest";
import { fulfillmentOrdersOf, placeHold, routeOrder } from "../../sandbox/platform/fulfillment";
import { execute } from "../../sandbox/platform/graphql";
import { createOrder, newShopState } from "../../sandbox/platform/state";
import { sleep } from "../../sandbox/lib/http";
import {
  FULFILLMENT_ORDER_FOR_HOLD,
  FULFILLMENT_ORDER_HOLD,
  FULFILLMENT_ORDER_RELEASE_HOLD,
  HELD_ORDER_CANCEL,
  ORDER_FULFILLMENT_HOLDS,
} from "~/services/holds/platform.server";

/** The app's own documents, run against the simulator as the app sends them. */
function routedShop() {
  const shop = newShopState("holds.myshopify.com", "write_merchant_managed_fulfillment_orders");
  const order = createOrder(shop);
  const fulfillmentOrder = routeOrder(shop, order)!;
  const foId = `gid://shopify/FulfillmentOrder/${fulfillmentOrder.id}`;
  const orderId = `gid://shopify/Order/${order.id}`;
  return { shop, order, fulfillmentOrder, foId, orderId };
}

type Data = Record<string, Record<string, unknown> & { userErrors?: { code: string | null; message: string }[] }>;
const run = (shop: ReturnType<typeof routedShop>["shop"], query: string, variables: Record<string, unknown>) =>
  execute(shop, query, variables).data as Data;

describe("the platform simulator's fulfilment holds", () => {
  it("routes an order once into one open fulfilment order", () => {
    const { shop, order, fulfillmentOrder } = routedShop();
    expect(fulfillmentOrder.status).toBe("OPEN");
    expect(routeOrder(shop, order)).toBeNull();
    expect(fulfillmentOrdersOf(shop, order.id)).toHaveLength(1);
  });

  it("places a hold with the app's handle, refuses the same handle twice and an eleventh hold of the app", () => {
    const { shop, foId, fulfillmentOrder } = routedShop();
    const hold = (handle: string) =>
      run(shop, FULFILLMENT_ORDER_HOLD, { id: foId, handle, reasonNotes: "Esperando" }).fulfillmentOrderHold;
    const first = hold("buyer-confirmation");
    expect(first.userErrors).toEqual([]);
    expect(first.fulfillmentHold).toMatchObject({ handle: "buyer-confirmation", reasonNotes: "Esperando" });
    expect(fulfillmentOrder.status).toBe("ON_HOLD");
    expect(hold("buyer-confirmation").userErrors![0].code).toBe("DUPLICATE_FULFILLMENT_HOLD_HANDLE");
    for (let index = 2; index <= 10; index++) expect(hold(`hold-${index}`).userErrors).toEqual([]);
    expect(hold("hold-11").userErrors![0].code).toBe("FULFILLMENT_ORDER_HOLD_LIMIT_REACHED");
    // Another app's holds count against that app, not this one.
    expect(placeHold(shop, fulfillmentOrder, "other-app", { handle: "buyer-confirmation" }).userErrors).toEqual([]);
    expect(fulfillmentOrder.holds).toHaveLength(11);
  });

  it("tells the app which holds are its own, and releases only the holds named", () => {
    const { shop, foId, orderId, fulfillmentOrder } = routedShop();
    const ours = run(shop, FULFILLMENT_ORDER_HOLD, { id: foId, handle: "buyer-confirmation" }).fulfillmentOrderHold
      .fulfillmentHold as { id: string };
    placeHold(shop, fulfillmentOrder, "other-app", { handle: "fraud" });
    const read = run(shop, FULFILLMENT_ORDER_FOR_HOLD, { id: foId }).fulfillmentOrder as {
      fulfillmentHolds: { handle: string; heldByRequestingApp: boolean }[];
      order: { id: string; paymentGatewayNames: string[] };
    };
    expect(read.fulfillmentHolds.map((hold) => [hold.handle, hold.heldByRequestingApp])).toEqual([
      ["buyer-confirmation", true],
      ["fraud", false],
    ]);
    expect(read.order).toMatchObject({ id: orderId, paymentGatewayNames: ["Cash on Delivery (COD)"] });

    const otherId = `gid://shopify/FulfillmentHold/${fulfillmentOrder.holds[1].id}`;
    const refused = run(shop, FULFILLMENT_ORDER_RELEASE_HOLD, { id: foId, holdIds: [otherId] });
    expect(refused.fulfillmentOrderReleaseHold.userErrors![0].code).toBe("INVALID_ACCESS");
    const released = run(shop, FULFILLMENT_ORDER_RELEASE_HOLD, { id: foId, holdIds: [ours.id] });
    expect(released.fulfillmentOrderReleaseHold.userErrors).toEqual([]);
    expect(fulfillmentOrder.holds.map((hold) => hold.handle)).toEqual(["fraud"]);
    expect(fulfillmentOrder.status).toBe("ON_HOLD");
    const order = run(shop, ORDER_FULFILLMENT_HOLDS, { id: orderId }).order as {
      fulfillmentOrders: { nodes: { status: string; fulfillmentHolds: unknown[] }[] };
    };
    expect(order.fulfillmentOrders.nodes).toEqual([
      expect.objectContaining({ status: "ON_HOLD", fulfillmentHolds: [expect.objectContaining({ handle: "fraud" })] }),
    ]);
  });

  it("cancels in a job with restock, and refuses an order already cancelled or accepted for fulfilment", async () => {
    const { shop, order, orderId, fulfillmentOrder } = routedShop();
    const [item] = order.lineItems;
    const variant = shop.products.flatMap((product) => product.variants).find((v) => v.id === item.variantId)!;
    const stock = variant.inventoryQuantity;
    const cancel = () =>
      run(shop, HELD_ORDER_CANCEL, { orderId, notifyCustomer: false, staffNote: "rechazado" }).orderCancel as {
        job: { id: string; done: boolean } | null;
        orderCancelUserErrors: { code: string; message: string }[];
      };
    const first = cancel();
    expect(first.orderCancelUserErrors).toEqual([]);
    expect(first.job).toMatchObject({ done: false });
    // The job: still open when it answers, cancelled a moment later.
    expect(order.cancelledAt ?? null).toBeNull();
    await sleep(250);
    expect(order.cancelledAt).toBeTruthy();
    expect(fulfillmentOrder.status).toBe("CLOSED");
    expect(variant.inventoryQuantity).toBe(
      stock + order.lineItems.filter((i) => i.variantId === variant.id).reduce((sum, i) => sum + i.quantity, 0),
    );
    expect(cancel().orderCancelUserErrors[0].message).toBe("Cannot cancel an order that has already been canceled");
    // The cancel carries its staff note back: how the app tells its own cancel from the merchant's.
    expect(run(shop, ORDER_FULFILLMENT_HOLDS, { id: orderId }).order).toMatchObject({
      cancellation: { staffNote: "rechazado" },
    });

    const other = routedShop();
    other.fulfillmentOrder.status = "IN_PROGRESS";
    const refused = run(other.shop, HELD_ORDER_CANCEL, { orderId: other.orderId, notifyCustomer: false, staffNote: "" })
      .orderCancel as { orderCancelUserErrors: { message: string }[] };
    expect(refused.orderCancelUserErrors[0].message).toContain("outstanding fulfillments");
  });
});
