import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, postJson, query, startLoopStack, type Stack } from "./helpers";
import { ageRows, holdsHarness, type FulfillmentView } from "./holds-harness";

const SHOP = "tienda-retenida.myshopify.com";

/**
 * Every path of the hold until the buyer answers, through the built app and the real simulators: the platform
 * routes each order a second after it, the app holds it, and the buyer's answer comes from the automation
 * simulator's flow callback (POST /sim/answer) when each test says so.
 */
describe("the order is held until the buyer answers, end to end", () => {
  let stack: Stack;
  let h: ReturnType<typeof holdsHarness>;

  beforeAll(async () => {
    stack = await startLoopStack(SHOP);
    h = holdsHarness(stack, SHOP);
    // The buyer answers only when a test says so.
    await postJson(`${stack.automationUrl}/sim/mode`, { callback: { delayMs: 50, status: "none" } });
    await h.saveRules([
      { answer: "confirmed", status: "confirmed" },
      { answer: "refused", status: "refused" },
      { answer: "refused", tag: "cancelado" },
    ]);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("holds the routed order with its handle and note, and releases only its hold on a confirmed answer", async () => {
    await h.savePolicy({ onRefused: "keep" });
    const order = await h.newOrder();
    const held = await h.held(order.name);
    expect(held.fulfillmentOrders).toHaveLength(1);
    expect(held.fulfillmentOrders[0].status).toBe("ON_HOLD");
    const [hold] = held.fulfillmentOrders[0].holds;
    expect(hold).toMatchObject({
      handle: "buyer-confirmation",
      reason: "OTHER",
      reasonNotes: "Esperando la confirmación del comprador",
      heldByRequestingApp: true,
    });
    expect((await h.buyerState(order.id)).hold.state).toBe("held");

    await h.answer(order.name, { status: "confirmed" });
    const released = await h.until(order.name, (view) => view.fulfillmentOrders[0].status === "OPEN", "the release");
    expect(released.fulfillmentOrders[0].holds).toEqual([]);
    expect(released.events.map((event) => event.action)).toEqual(["routed", "hold", "release"]);
    expect(released.events[2].detail).toEqual({ owner: "app", holdIds: [hold.id] });
    const state = await eventually(async () => {
      const current = await h.buyerState(order.id);
      return current.hold.state === "released" ? current : undefined;
    });
    expect(state.answer).toMatchObject({ answer: "confirmed", source: "callback" });
  });

  it("cancels a refused order with restock, the buyer not notified, and a staff note saying why", async () => {
    await h.savePolicy({ onRefused: "cancel" });
    const order = await h.newOrder();
    await h.held(order.name);
    const stockBefore = await h.stockOf(order.lineItems);

    await h.answer(order.name, { status: "refused" });
    const cancelled = await h.until(order.name, (view) => Boolean(view.order.cancelledAt), "the cancel");
    expect(cancelled.cancel).toMatchObject({ reason: "CUSTOMER", restock: true, notifyCustomer: false });
    expect(cancelled.cancel!.staffNote).toContain("el comprador rechazó el pedido");
    expect(cancelled.fulfillmentOrders[0]).toMatchObject({ status: "CLOSED", holds: [] });
    const stockAfter = await h.stockOf(order.lineItems);
    for (const item of order.lineItems) {
      expect(stockAfter[item.variantId]).toBe(stockBefore[item.variantId] + item.quantity);
    }
    expect((await h.buyerState(order.id)).hold.state).toBe("cancelled");
  });

  it("a cancel the platform made but whose answer was lost (502) ends cancelled by the app, one orderCancel made", async () => {
    await h.savePolicy({ onRefused: "cancel" });
    const order = await h.newOrder();
    await h.held(order.name);
    await postJson(`${stack.platformUrl}/sim/fulfillment/lose-answer`, { field: "orderCancel", count: 1 });

    await h.answer(order.name, { status: "refused" });
    await h.until(order.name, (view) => Boolean(view.order.cancelledAt), "the cancel");
    const [owed] = await eventually(
      async () => {
        const rows = (await h.tasks(order.id)).filter((task) => task.kind === "cancel" && Number(task.attempts) === 1);
        return rows.length ? rows : undefined;
      },
      30_000,
      "the cancel's first try, its answer lost",
    );
    expect(owed).toMatchObject({ status: "owed", lastProblem: expect.stringContaining("did not answer") });
    // Its retry is due 30 s later: its job made due now.
    await h.retryNow();
    const [cancel] = await eventually(
      async () => {
        await h.nudge();
        const rows = (await h.tasks(order.id)).filter((task) => task.kind === "cancel" && task.status !== "owed");
        return rows.length ? rows : undefined;
      },
      30_000,
      "the cancel's second try",
    );
    expect({ ...cancel, attempts: Number(cancel.attempts) }).toMatchObject({
      status: "done",
      attempts: 2,
      lastProblem: null,
    });
    const view = await h.fulfillment(order.name);
    expect(view.events.filter((event) => event.action === "cancel requested")).toHaveLength(1);
    expect(view.events.filter((event) => event.action === "cancel refused")).toEqual([]);
    expect((await h.buyerState(order.id)).hold.state).toBe("cancelled");
  });

  it.each([
    ["keep", "keeps holding"],
    ["release", "releases"],
    ["cancel", "cancels"],
  ] as const)("after the no-answer hours with policy %s, %s the order", async (onNoAnswer, _what) => {
    await h.savePolicy({ onRefused: "keep", noAnswerHours: 1, onNoAnswer });
    const order = await h.newOrder();
    await h.held(order.name);
    // The hour passes: the hold was placed two hours ago as the app's clock reads its record.
    await ageRows(stack, "FulfilmentTask", "createdAt", { shop: SHOP, orderId: order.id, kind: "hold" }, 2 * 3_600_000);
    const [answer] = await eventually(
      async () => {
        await h.nudge();
        const rows = await query<{ answer: string; source: string }>(
          stack,
          `SELECT "answer", "source" FROM "OrderAnswer" WHERE "shop" = ? AND "orderId" = ?`,
          [SHOP, order.id],
        );
        return rows.length ? rows : undefined;
      },
      30_000,
      "the no-answer timeout",
    );
    expect(answer).toEqual({ answer: "no_answer", source: "timeout" });

    if (onNoAnswer === "keep") {
      const view = await h.fulfillment(order.name);
      expect(view.fulfillmentOrders[0].status).toBe("ON_HOLD");
      expect((await h.tasks(order.id)).map((task) => task.kind)).toEqual(["hold"]);
    } else if (onNoAnswer === "release") {
      const view = await h.until(order.name, (v) => v.fulfillmentOrders[0].status === "OPEN", "the release");
      expect(view.order.cancelledAt).toBeNull();
      // The platform releases before the worker records the release done: wait for the record.
      const release = await eventually(
        async () => (await h.tasks(order.id)).find((task) => task.kind === "release" && task.status === "done"),
        30_000,
        "the release recorded",
      );
      expect(release).toMatchObject({ status: "done", reason: "no_answer" });
    } else {
      const view = await h.until(order.name, (v) => Boolean(v.order.cancelledAt), "the cancel");
      expect(view.cancel).toMatchObject({ restock: true, notifyCustomer: false });
      expect(view.cancel!.staffNote).toContain("no confirmó el pedido a tiempo");
    }
    await h.savePolicy({ onRefused: "keep" });
  });

  it("never holds an order whose buyer answered before routing completed", async () => {
    await h.savePolicy({ onRefused: "keep" });
    await postJson(`${stack.platformUrl}/sim/fulfillment/routing`, { manual: true });
    try {
      const order = await h.newOrder();
      await h.answer(order.name, { status: "confirmed" });
      await eventually(async () => {
        const rows = await query(stack, `SELECT 1 FROM "OrderAnswer" WHERE "shop" = ? AND "orderId" = ?`, [
          SHOP,
          order.id,
        ]);
        return rows.length > 0;
      });
      const routed = await postJson<{ deliveries: { status: number }[] }>(
        `${stack.platformUrl}/sim/fulfillment/route`,
        { shop: SHOP, order: order.name },
      );
      expect(routed.body.deliveries.map((delivery) => delivery.status)).toEqual([200]);
      const hold = await eventually(
        async () => {
          await h.nudge();
          const task = (await h.taskRows()).find((row) => row.kind === "hold" && row.orderId === order.id);
          return task && task.status !== "owed" ? task : undefined;
        },
        30_000,
        "the hold task's decision",
      );
      expect(hold).toMatchObject({ status: "stood_down", lastProblem: "the buyer answered before routing" });
      const view = await h.fulfillment(order.name);
      expect(view.fulfillmentOrders[0]).toMatchObject({ status: "OPEN", holds: [] });
      expect(view.events.map((event) => event.action)).toEqual(["routed"]);
    } finally {
      await postJson(`${stack.platformUrl}/sim/fulfillment/routing`, { manual: false });
    }
  });

  it("stands down when the merchant released the order by hand first", async () => {
    await h.savePolicy({ onRefused: "keep" });
    const order = await h.newOrder();
    await h.held(order.name);
    await postJson(`${stack.platformUrl}/sim/fulfillment/release`, { shop: SHOP, order: order.name });
    await h.answer(order.name, { status: "confirmed" });
    const release = await eventually(
      async () => {
        await h.nudge();
        const task = (await h.tasks(order.id)).find((row) => row.kind === "release");
        return task && task.status !== "owed" ? task : undefined;
      },
      30_000,
      "the release task's decision",
    );
    expect(release).toMatchObject({ status: "stood_down", lastProblem: "the merchant released the order first" });
    const view = await h.fulfillment(order.name);
    expect(view.events.filter((event) => event.action === "release").map((event) => event.detail.owner)).toEqual([
      "merchant",
    ]);
    expect((await h.buyerState(order.id)).hold.state).toBe("stood_down");
  });

  it("stands down when the merchant cancelled the order by hand before the buyer refused", async () => {
    await h.savePolicy({ onRefused: "cancel" });
    const order = await h.newOrder();
    await h.held(order.name);
    const cancelled = await postJson<FulfillmentView>(`${stack.platformUrl}/sim/fulfillment/cancel`, {
      shop: SHOP,
      order: order.name,
    });
    expect(cancelled.body.order.cancelledAt).toBeTruthy();
    await h.answer(order.name, { status: "refused" });
    const cancel = await eventually(
      async () => {
        await h.nudge();
        const task = (await h.tasks(order.id)).find((row) => row.kind === "cancel");
        return task && task.status !== "owed" ? task : undefined;
      },
      30_000,
      "the cancel task's decision",
    );
    expect(cancel).toMatchObject({ status: "stood_down", lastProblem: "the order was already cancelled" });
    const view = await h.fulfillment(order.name);
    expect(view.events.map((event) => event.action)).toEqual(["routed", "hold", "cancelled"]);
    expect(view.cancel).toBeNull();
  });

  it("leaves another app's hold on the order when it releases its own", async () => {
    await h.savePolicy({ onRefused: "keep" });
    const order = await h.newOrder();
    const held = await h.held(order.name);
    const ours = held.fulfillmentOrders[0].holds[0].id;
    const other = await postJson<FulfillmentView>(`${stack.platformUrl}/sim/fulfillment/hold`, {
      shop: SHOP,
      order: order.name,
      owner: "other-app",
      handle: "verificacion-fraude",
    });
    expect(other.status).toBe(200);
    await h.answer(order.name, { status: "confirmed" });
    const view = await h.until(
      order.name,
      (current) => current.events.some((event) => event.action === "release"),
      "the app's release",
    );
    expect(view.fulfillmentOrders[0].status).toBe("ON_HOLD");
    expect(view.fulfillmentOrders[0].holds).toEqual([
      expect.objectContaining({ handle: "verificacion-fraude", owner: "other-app", heldByRequestingApp: false }),
    ]);
    expect(view.events.find((event) => event.action === "release")!.detail).toEqual({ owner: "app", holdIds: [ours] });
  });

  it("acts once on a callback the flow sends three times at once", async () => {
    await h.savePolicy({ onRefused: "cancel" });
    const order = await h.newOrder();
    await h.held(order.name);
    const sent = await postJson<{ callbacks: { httpStatus: number }[] }>(`${stack.automationUrl}/sim/answer`, {
      orderName: order.name,
      tags: ["cancelado"],
      copies: 3,
    });
    expect(sent.body.callbacks.map((callback) => callback.httpStatus)).toEqual([200, 200, 200]);
    await h.until(order.name, (view) => Boolean(view.order.cancelledAt), "the cancel");
    // A few more runs of the tasks: nothing more is owed or done.
    await h.settle();
    const view = await h.fulfillment(order.name);
    expect(view.events.filter((event) => event.action === "cancel requested")).toHaveLength(1);
    expect((await h.tasks(order.id)).map((task) => [task.kind, task.status])).toEqual([
      ["hold", "done"],
      ["cancel", "done"],
    ]);
  });

  it("shows a cancel the platform refuses, and does not try it again", async () => {
    await h.savePolicy({ onRefused: "cancel" });
    const order = await h.newOrder();
    await h.held(order.name);
    // The merchant released the order and the fulfilment service accepted it: the platform will refuse a cancel.
    await postJson(`${stack.platformUrl}/sim/fulfillment/release`, { shop: SHOP, order: order.name });
    expect(
      (await postJson(`${stack.platformUrl}/sim/fulfillment/accept`, { shop: SHOP, order: order.name })).status,
    ).toBe(200);
    await h.answer(order.name, { status: "refused" });
    const cancel = await eventually(
      async () => {
        await h.nudge();
        const task = (await h.tasks(order.id)).find((row) => row.kind === "cancel");
        return task && task.status !== "owed" ? task : undefined;
      },
      30_000,
      "the cancel task's end",
    );
    expect(cancel.status).toBe("given_up");
    expect(cancel.lastProblem).toContain("outstanding fulfillments");
    const state = await h.buyerState(order.id);
    expect(state.hold).toMatchObject({ state: "cancel_refused" });
    expect(state.hold.problem).toContain("outstanding fulfillments");

    await h.settle();
    const after = (await h.tasks(order.id)).find((row) => row.kind === "cancel")!;
    expect([after.status, Number(after.attempts)]).toEqual(["given_up", 1]);
    const view = await h.fulfillment(order.name);
    expect(view.order.cancelledAt).toBeNull();
    expect(view.events.filter((event) => event.action === "cancel refused")).toHaveLength(1);
  });
});
