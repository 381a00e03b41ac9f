import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson, type Stack } from "./helpers";
import { actions, journeyHarness, startJourneyStack, type JourneyView } from "./journey-harness";

const SHOP = "tienda-entregas.myshopify.com";
const JOURNEY_ORDER = ["IN_TRANSIT", "OUT_FOR_DELIVERY", "DELIVERED"];

/** The fulfilment events the platform holds for the order, each checked to be in the journey's order. */
function eventStatuses(view: JourneyView) {
  const statuses = actions(view, "fulfillment event").map((event) => String(event.detail.status));
  const ranks = statuses.map((status) => JOURNEY_ORDER.indexOf(status));
  expect(ranks.every((rank) => rank >= 0)).toBe(true);
  expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
  expect(new Set(statuses).size).toBe(statuses.length);
  return statuses;
}

/**
 * A confirmed cash-on-delivery order followed to the buyer's door through the real simulators: the flow places the
 * supplier order, the supplier simulator walks it and pushes each status three times and out of order, and the
 * app's jobs fulfil the store order with the guide, tell the carrier's stages and mark it paid on delivery, each once
 * (docs/decisions/297).
 */
describe("the store follows a delivered parcel, end to end", () => {
  let stack: Stack;
  let h: ReturnType<typeof journeyHarness>;

  beforeAll(async () => {
    stack = await startJourneyStack(SHOP);
    h = journeyHarness(stack, SHOP);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("fulfils once with the guide, tells the stages in order and marks paid once, from triple out-of-order pushes", async () => {
    const order = await h.confirmedOrder();
    await h.pushMode({ copies: 3, reorder: true, reorderBatch: 2 });
    const walked = await h.advance(order.supplierId, "delivered", 11);
    expect(walked.body.walked.at(-1)).toBe("ENTREGADO");
    await h.pushMode({ reorder: false });

    const rows = await h.untilSteps(
      order.id,
      (steps) => steps.some((step) => step.step === "paid" && step.status === "done"),
      "the order marked paid",
    );
    expect(rows.filter((row) => row.status !== "done")).toEqual([]);
    expect(rows.map((row) => row.step)).toEqual(expect.arrayContaining(["fulfil", "event:delivered", "paid"]));

    const view = await h.view(order.name);
    const fulfilled = actions(view, "fulfillment created");
    expect(fulfilled).toHaveLength(1);
    const supplier = (await (await fetch(`${stack.supplierUrl}/sim/orders/${order.supplierId}`)).json()) as {
      order: { shipping_guide: string; shipping_company: string };
    };
    expect(fulfilled[0].detail).toMatchObject({
      notifyCustomer: false,
      trackingInfo: [{ number: supplier.order.shipping_guide, company: expect.any(String), url: null }],
    });
    expect(supplier.order.shipping_guide).toBeTruthy();
    const fulfillmentId = fulfilled[0].detail.fulfillmentId;
    expect(actions(view, "fulfillment event").every((event) => event.detail.fulfillmentId === fulfillmentId)).toBe(
      true,
    );
    expect(eventStatuses(view).at(-1)).toBe("DELIVERED");
    expect(actions(view, "marked as paid")).toHaveLength(1);
    expect(actions(view, "mark as paid refused")).toEqual([]);
    // The order of the platform's actions: fulfilled before any event, paid after delivered.
    const order_ = view.events.map((event) => event.action);
    expect(order_.indexOf("fulfillment created")).toBeLessThan(order_.indexOf("fulfillment event"));
    expect(order_.lastIndexOf("fulfillment event")).toBeLessThan(order_.indexOf("marked as paid"));
    expect(await h.tags(order.name)).toEqual(expect.arrayContaining(["automation-shipped", "automation-delivered"]));
  });

  it("tells an incident that is solved, then the delivery, and marks paid once", async () => {
    const order = await h.confirmedOrder();
    await h.pushMode({ copies: 1, reorder: false });
    const walked = await h.advance(order.supplierId, "novedad-then-solved", 15);
    expect(walked.body.walked).toEqual(expect.arrayContaining(["NOVEDAD", "NOVEDAD SOLUCIONADA", "ENTREGADO"]));

    const rows = await h.untilSteps(
      order.id,
      (steps) => steps.some((step) => step.step === "paid" && step.status === "done"),
      "the order marked paid",
    );
    expect(rows.filter((row) => row.status !== "done")).toEqual([]);
    expect(rows.filter((row) => row.step.startsWith("incident:"))).toHaveLength(1);

    const view = await h.view(order.name);
    expect(actions(view, "fulfillment created")).toHaveLength(1);
    const statuses = actions(view, "fulfillment event").map((event) => String(event.detail.status));
    expect(statuses).toEqual(["IN_TRANSIT", "ATTEMPTED_DELIVERY", "OUT_FOR_DELIVERY", "DELIVERED"]);
    expect(actions(view, "marked as paid")).toHaveLength(1);
    expect(await h.tags(order.name)).toEqual(
      expect.arrayContaining(["automation-shipped", "automation-incident", "automation-delivered"]),
    );
  });

  it("waits for the platform's routing when the label comes first, then fulfils once", async () => {
    await postJson(`${stack.platformUrl}/sim/fulfillment/routing`, { manual: true });
    const order = await h.confirmedOrder();
    await h.pushMode({ copies: 1, reorder: false });
    await h.advance(order.supplierId, "delivered", 2);
    const [fulfil] = await h.untilSteps(
      order.id,
      (steps) => steps.some((step) => step.step === "fulfil" && step.attempts >= 1),
      "the fulfil's first try",
      { hurry: false },
    );
    expect(fulfil).toMatchObject({ status: "owed", lastProblem: "the platform has not routed the order yet" });

    await postJson(`${stack.platformUrl}/sim/fulfillment/route`, { shop: SHOP, order: order.name });
    await postJson(`${stack.platformUrl}/sim/fulfillment/routing`, { manual: false });
    await h.untilSteps(
      order.id,
      (steps) => steps.some((step) => step.step === "fulfil" && step.status === "done"),
      "the fulfil after routing",
    );
    expect(actions(await h.view(order.name), "fulfillment created")).toHaveLength(1);
  });
});
