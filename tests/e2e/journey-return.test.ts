import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sleep } from "../../sandbox/lib/http";
import { eventually, postJson, type Stack } from "./helpers";
import { actions, journeyHarness, startJourneyStack } from "./journey-harness";

const SHOP = "tienda-devoluciones.myshopify.com";
const RETURNED_NOTE = "Cancelado por la app: la transportadora devolvió el pedido al proveedor.";

/**
 * The journey's other endings and outages through the real simulators: a parcel that comes back ends its order as
 * cancelled, not paid (docs/decisions/298); while the platform refuses every call or the supplier's pushes are lost,
 * nothing changes at the platform, and the journey completes once each is back (docs/decisions/297).
 */
describe("the store follows a returned parcel and outages, end to end", () => {
  let stack: Stack;
  let h: ReturnType<typeof journeyHarness>;

  beforeAll(async () => {
    stack = await startJourneyStack(SHOP);
    h = journeyHarness(stack, SHOP);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("a returned parcel: fulfilment cancelled, order cancelled with the staff note, never paid, tagged", async () => {
    const order = await h.confirmedOrder();
    const walked = await h.advance(order.supplierId, "return", 20);
    expect(walked.body.walked.slice(-2)).toEqual(["EN DEVOLUCION", "DEVUELTO"]);

    const rows = await h.untilSteps(
      order.id,
      (steps) => steps.some((step) => step.step === "end" && step.status !== "owed"),
      "the order ended",
    );
    expect(rows.filter((row) => row.status !== "done")).toEqual([]);

    // The end step is done once the platform took the cancel; its job cancels the order a moment later.
    const view = await eventually(
      async () => {
        const seen = await h.view(order.name);
        return seen.order.cancelledAt ? seen : undefined;
      },
      10_000,
      "the platform's cancel job",
    );
    expect(actions(view, "fulfillment created")).toHaveLength(1);
    expect(actions(view, "fulfillment event").at(-1)?.detail.status).toBe("FAILURE");
    expect(actions(view, "fulfillment cancelled")).toHaveLength(1);
    expect(actions(view, "cancel requested")).toHaveLength(1);
    expect(actions(view, "marked as paid")).toEqual([]);
    expect(view.order.cancelledAt).toBeTruthy();
    expect(view.cancel).toMatchObject({
      reason: "CUSTOMER",
      restock: true,
      notifyCustomer: false,
      staffNote: RETURNED_NOTE,
    });
    const sequence = view.events.map((event) => event.action);
    expect(sequence.indexOf("fulfillment cancelled")).toBeLessThan(sequence.indexOf("cancel requested"));
    expect(await h.tags(order.name)).toEqual(expect.arrayContaining(["automation-shipped", "automation-returned"]));
  });

  it("the platform down: nothing changes and the steps wait; back up, they complete once", async () => {
    const order = await h.confirmedOrder();
    // Every GraphQL call answered 429 until the platform is back.
    await postJson(`${stack.platformUrl}/sim/throttle`, { requests: 100_000, status: 429 });
    await h.advance(order.supplierId, "delivered", 11);
    const failing = await h.untilSteps(
      order.id,
      (steps) => steps.some((step) => step.step === "fulfil" && step.attempts >= 1),
      "the fulfil's first try",
      { hurry: false },
    );
    expect(failing.find((step) => step.step === "fulfil")).toMatchObject({
      status: "owed",
      lastProblem: expect.any(String),
    });
    const during = await h.view(order.name);
    expect(during.events.map((event) => event.action)).toEqual(["routed"]);

    await postJson(`${stack.platformUrl}/sim/throttle`, { requests: 0 });
    const rows = await h.untilSteps(
      order.id,
      (steps) => steps.some((step) => step.step === "paid" && step.status === "done"),
      "the order marked paid after the outage",
    );
    expect(rows.filter((row) => row.status !== "done")).toEqual([]);
    const view = await h.view(order.name);
    expect(actions(view, "fulfillment created")).toHaveLength(1);
    expect(actions(view, "fulfillment event").at(-1)?.detail.status).toBe("DELIVERED");
    expect(actions(view, "marked as paid")).toHaveLength(1);
  });

  it("the supplier's pushes lost: nothing changes; its next status brings the whole journey", async () => {
    const order = await h.confirmedOrder();
    await h.pushMode({ dropAll: true });
    await h.advance(order.supplierId, "delivered", 10);
    await sleep(3_000);
    expect(await h.steps(order.id)).toEqual([]);
    expect((await h.view(order.name)).events.map((event) => event.action)).toEqual(["routed"]);

    await h.pushMode({ dropAll: false });
    await h.advance(order.supplierId, "delivered", 1);
    await h.untilSteps(
      order.id,
      (steps) => steps.some((step) => step.step === "paid" && step.status === "done"),
      "the order marked paid from the one push",
    );
    const view = await h.view(order.name);
    expect(actions(view, "fulfillment created")).toHaveLength(1);
    expect(actions(view, "fulfillment event").map((event) => event.detail.status)).toEqual(["DELIVERED"]);
    expect(actions(view, "marked as paid")).toHaveLength(1);
  });
});
