import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as orderAction, loader as orderState } from "~/routes/api.orders.hold";
import { action as resendAction } from "~/routes/api.deliveries.resend";
import { HOLD_HANDLE } from "~/services/holds/platform.server";
import { FULFILMENT_RETRY_DELAYS_MS } from "~/services/holds/tasks.server";
import { applyNoAnswerTimeouts } from "~/services/holds/timeouts.server";
import { orderBuyerState } from "~/services/holds/order-hold.server";
import { refuseWrites } from "../../helpers/db";
import { createDelivery } from "../../helpers/factories";
import { adminRequest, formBody } from "../../helpers/requests";
import { platformDown } from "../../mocks/fulfilment";
import { answer, FO, heldShop, ORDER, platform, routed, run, tasks } from "./held-shop";

describe("hold when routing completes", () => {
  it("places the app's hold with its handle and note on the routed fulfilment order", async () => {
    const { shop } = await heldShop();
    const fake = platform(shop);
    await routed(shop);
    expect(await run()).toBe(1);
    expect(fake.named("FulfillmentOrderHold").map((call) => call.variables)).toEqual([
      { id: FO, handle: HOLD_HANDLE, reasonNotes: "Esperando la confirmación del comprador" },
    ]);
    expect(fake.named("FulfillmentOrderHold")[0].query).toContain("reason: OTHER");
    expect(fake.order.fulfillmentOrders[0]).toMatchObject({ status: "ON_HOLD", holds: [{ app: "ours" }] });
    expect(await tasks(shop)).toMatchObject([
      {
        kind: "hold",
        subject: FO,
        orderId: ORDER.id,
        status: "done",
        platformRef: fake.order.fulfillmentOrders[0].holds[0].id,
      },
    ]);
  });

  it("owes nothing while holds are off (the default)", async () => {
    const { shop } = await heldShop({ enabled: false });
    platform(shop);
    await routed(shop);
    expect(await tasks(shop)).toEqual([]);
  });

  it("reads a bare fulfilment order number as the platform's gid", async () => {
    const { shop } = await heldShop();
    platform(shop);
    await routed(shop, 55500011);
    expect((await tasks(shop))[0].subject).toBe(FO);
  });

  it("holds only cash-on-delivery orders, by the merchant's gateway names, unless told otherwise", async () => {
    const { shop } = await heldShop({ codGateways: ["pago contra entrega"] });
    const fake = platform(shop, { gateways: ["shopify_payments"] });
    await routed(shop);
    await run();
    expect(fake.named("FulfillmentOrderHold")).toHaveLength(0);
    expect(await tasks(shop)).toMatchObject([{ status: "stood_down", lastProblem: "not a cash-on-delivery order" }]);

    const manual = await heldShop({ codGateways: ["Pago Contra Entrega"] });
    const held = platform(manual.shop, { gateways: ["pago contra entrega "] });
    await routed(manual.shop);
    await run();
    expect(held.named("FulfillmentOrderHold")).toHaveLength(1);

    const every = await heldShop({ codOnly: false });
    const all = platform(every.shop, { gateways: ["shopify_payments"] });
    await routed(every.shop);
    await run();
    expect(all.named("FulfillmentOrderHold")).toHaveLength(1);
  });

  it("never holds an order whose buyer answered before routing completed", async () => {
    const { shop, apiKey } = await heldShop();
    const fake = platform(shop);
    await answer(apiKey, "confirmado");
    await routed(shop);
    await run();
    expect(fake.named("FulfillmentOrderHold")).toHaveLength(0);
    expect(fake.order.fulfillmentOrders[0].holds).toEqual([]);
    const hold = (await tasks(shop)).find((task) => task.kind === "hold");
    expect(hold).toMatchObject({ status: "stood_down", lastProblem: "the buyer answered before routing" });
  });

  it("a routing webhook delivered twice owes one hold", async () => {
    const { shop } = await heldShop();
    const fake = platform(shop);
    await routed(shop);
    await routed(shop);
    await run();
    await run();
    expect(fake.named("FulfillmentOrderHold")).toHaveLength(1);
    expect(await tasks(shop)).toHaveLength(1);
  });

  it("a crash between the hold and its record places no second hold", async () => {
    const { shop } = await heldShop();
    const fake = platform(shop);
    await routed(shop);
    // The hold is placed, then the record of it fails, as if the process died there.
    const allow = await refuseWrites("FulfilmentTask", "UPDATE", `NEW."status" = 'done'`, "process died");
    const t0 = new Date();
    expect(await run(t0)).toBe(1);
    await allow();
    expect(fake.named("FulfillmentOrderHold")).toHaveLength(1);
    expect(await tasks(shop)).toMatchObject([{ status: "owed" }]);
    // The job is tried again on its schedule: the handle finds the hold already there.
    expect(await run(new Date(t0.getTime() + FULFILMENT_RETRY_DELAYS_MS[0]))).toBe(1);
    expect(fake.named("FulfillmentOrderHold")).toHaveLength(1);
    expect(fake.order.fulfillmentOrders[0].holds).toHaveLength(1);
    expect(await tasks(shop)).toMatchObject([
      { status: "done", platformRef: fake.order.fulfillmentOrders[0].holds[0].id },
    ]);
  });

  it("gives up on a hold the platform refuses (the app's 10 holds), without retrying", async () => {
    const { shop } = await heldShop();
    const fake = platform(shop);
    for (let n = 0; n < 10; n++)
      fake.order.fulfillmentOrders[0].holds.push({ id: `h${n}`, handle: `other-${n}`, app: "ours" });
    await routed(shop);
    await run();
    expect(await tasks(shop)).toMatchObject([
      { status: "given_up", dueAt: null, lastProblem: expect.stringContaining("FULFILLMENT_ORDER_HOLD_LIMIT_REACHED") },
    ]);
  });

  it("tries again with backoff while the platform is down, and not while the shop is paused", async () => {
    const { shop } = await heldShop();
    const fake = platform(shop, { overrides: { FulfillmentOrderForHold: platformDown } });
    await routed(shop);
    const t0 = new Date();
    await run(t0);
    const [task] = await tasks(shop);
    expect(task).toMatchObject({ status: "owed", attempts: 1 });
    expect(task.dueAt!.getTime()).toBe(t0.getTime() + FULFILMENT_RETRY_DELAYS_MS[0]);
    expect(await run(new Date(t0.getTime() + 1_000))).toBe(0);
    await prisma.automationPause.create({ data: { shop } });
    expect(await run(new Date(t0.getTime() + 60_000))).toBe(0);
    await prisma.automationPause.delete({ where: { shop } });
    expect(await run(new Date(t0.getTime() + 60_000))).toBe(1);
    expect(fake.named("FulfillmentOrderForHold").length).toBeGreaterThan(1);
  });
});

describe("release on a confirmed answer", () => {
  it("releases only the app's own holds: the merchant's and another app's stay", async () => {
    const { shop, apiKey } = await heldShop();
    const fake = platform(shop);
    await routed(shop);
    await run();
    const ours = fake.order.fulfillmentOrders[0].holds[0].id;
    const merchant = fake.merchant.hold();
    const other = fake.merchant.otherApp();
    await answer(apiKey, "confirmado");
    await run();
    expect(fake.named("FulfillmentOrderReleaseHold").map((call) => call.variables)).toEqual([
      { id: FO, holdIds: [ours] },
    ]);
    expect(fake.order.fulfillmentOrders[0].holds).toEqual([merchant, other]);
    expect((await tasks(shop)).find((task) => task.kind === "release")).toMatchObject({
      status: "done",
      reason: "confirmed",
      platformRef: ours,
    });
  });

  it("duplicate callbacks release once", async () => {
    const { shop, apiKey } = await heldShop();
    const fake = platform(shop);
    await routed(shop);
    await run();
    await answer(apiKey, "confirmado");
    await answer(apiKey, "confirmado");
    await run();
    await answer(apiKey, "confirmado");
    await run();
    expect(fake.named("FulfillmentOrderReleaseHold")).toHaveLength(1);
    expect((await tasks(shop)).filter((task) => task.kind === "release")).toHaveLength(1);
  });

  it("stands down when the merchant released the hold by hand", async () => {
    const { shop, apiKey } = await heldShop();
    const fake = platform(shop);
    await routed(shop);
    await run();
    fake.merchant.releaseAll();
    await answer(apiKey, "confirmado");
    await run();
    expect(fake.named("FulfillmentOrderReleaseHold")).toHaveLength(0);
    expect((await tasks(shop)).find((task) => task.kind === "release")).toMatchObject({
      status: "stood_down",
      lastProblem: "the merchant released the order first",
    });
  });
});

describe("refused and no answer", () => {
  it("keeps the hold on a refusal by default", async () => {
    const { shop, apiKey } = await heldShop();
    const fake = platform(shop);
    await routed(shop);
    await run();
    await answer(apiKey, "cancelado");
    await run();
    expect(fake.named("HeldOrderCancel")).toHaveLength(0);
    expect(fake.order.fulfillmentOrders[0].holds).toHaveLength(1);
  });

  it("cancels a refused order with restock, the buyer not notified, and a staff note", async () => {
    const { shop, apiKey } = await heldShop({ onRefused: "cancel" });
    const fake = platform(shop);
    await routed(shop);
    await run();
    await answer(apiKey, "cancelado");
    await run();
    const [cancel] = fake.named("HeldOrderCancel");
    expect(cancel.variables).toEqual({
      orderId: ORDER.id,
      notifyCustomer: false,
      staffNote: "Cancelado por la app: el comprador rechazó el pedido.",
    });
    expect(cancel.query).toContain("restock: true");
    expect(cancel.query).toContain("reason: CUSTOMER");
    expect(fake.order.cancelledAt).not.toBeNull();
    expect((await tasks(shop)).find((task) => task.kind === "cancel")).toMatchObject({
      status: "done",
      platformRef: "gid://shopify/Job/5550001",
    });
  });

  it("shows a cancel the platform refuses and does not retry it", async () => {
    const { shop, apiKey } = await heldShop({ onRefused: "cancel" });
    const fake = platform(shop);
    fake.order.cancelRefusal = { code: "INVALID", message: "Cannot cancel an order with outstanding fulfillments" };
    await answer(apiKey, "cancelado");
    const t0 = new Date();
    await run(t0);
    await run(new Date(t0.getTime() + 7 * 3_600_000));
    expect(fake.named("HeldOrderCancel")).toHaveLength(1);
    expect((await tasks(shop)).find((task) => task.kind === "cancel")).toMatchObject({
      status: "given_up",
      lastProblem: "INVALID: Cannot cancel an order with outstanding fulfillments",
    });
  });

  it("stands down from a cancel when the merchant fulfilled the order", async () => {
    const { shop, apiKey } = await heldShop({ onRefused: "cancel" });
    const fake = platform(shop);
    fake.merchant.fulfil();
    await answer(apiKey, "cancelado");
    await run();
    expect(fake.named("HeldOrderCancel")).toHaveLength(0);
    expect((await tasks(shop)).find((task) => task.kind === "cancel")).toMatchObject({ status: "stood_down" });
  });

  for (const [policy, expected] of [
    ["keep", { release: 0, cancel: 0 }],
    ["release", { release: 1, cancel: 0 }],
    ["cancel", { release: 0, cancel: 1 }],
  ] as const) {
    it(`no answer in the shop's hours: ${policy}`, async () => {
      const { shop } = await heldShop({ noAnswerHours: 24, onNoAnswer: policy });
      const fake = platform(shop);
      await routed(shop);
      await run();
      const heldAt = (await tasks(shop))[0].createdAt;
      expect(await applyNoAnswerTimeouts(new Date(heldAt.getTime() + 23 * 3_600_000))).toBe(0);
      const late = new Date(heldAt.getTime() + 24 * 3_600_000 + 1_000);
      expect(await applyNoAnswerTimeouts(late)).toBe(1);
      expect(await applyNoAnswerTimeouts(late)).toBe(0);
      await run(late);
      expect(await prisma.orderAnswer.findFirst({ where: { shop } })).toMatchObject({
        answer: "no_answer",
        source: "timeout",
      });
      expect(fake.named("FulfillmentOrderReleaseHold")).toHaveLength(expected.release);
      expect(fake.named("HeldOrderCancel")).toHaveLength(expected.cancel);
      if (policy === "cancel") {
        expect(fake.named("HeldOrderCancel")[0].variables.staffNote).toBe(
          "Cancelado por la app: el comprador no confirmó el pedido a tiempo.",
        );
      }
      expect(fake.order.fulfillmentOrders[0].holds).toHaveLength(policy === "keep" ? 1 : 0);
    });
  }

  for (const policy of ["release", "cancel"] as const) {
    it(`a flow's no-answer callback is recorded and the hold waits for the hours (${policy} not applied at once)`, async () => {
      const { shop, apiKey } = await heldShop({ noAnswerHours: 24, onNoAnswer: policy });
      const fake = platform(shop);
      await routed(shop);
      await run();
      const heldAt = (await tasks(shop))[0].createdAt;
      await answer(apiKey, "sin-respuesta");
      await run();
      expect(await prisma.orderAnswer.findFirst({ where: { shop } })).toMatchObject({
        answer: "no_answer",
        source: "callback",
      });
      expect(fake.named("FulfillmentOrderReleaseHold")).toHaveLength(0);
      expect(fake.named("HeldOrderCancel")).toHaveLength(0);
      expect(fake.order.fulfillmentOrders[0].holds).toHaveLength(1);
      expect(await applyNoAnswerTimeouts(new Date(heldAt.getTime() + 23 * 3_600_000))).toBe(0);
      // The hours pass with no other answer: the policy applies then, once.
      const late = new Date(heldAt.getTime() + 24 * 3_600_000 + 1_000);
      expect(await applyNoAnswerTimeouts(late)).toBe(1);
      expect(await applyNoAnswerTimeouts(late)).toBe(0);
      await run(late);
      expect(await prisma.orderAnswer.findFirst({ where: { shop } })).toMatchObject({
        answer: "no_answer",
        source: "timeout",
      });
      expect(fake.named("FulfillmentOrderReleaseHold")).toHaveLength(policy === "release" ? 1 : 0);
      expect(fake.named("HeldOrderCancel")).toHaveLength(policy === "cancel" ? 1 : 0);
    });
  }

  it("a buyer who answers after the flow's no-answer callback is heard, and the timeout never cancels them", async () => {
    const { shop, apiKey } = await heldShop({ noAnswerHours: 1, onNoAnswer: "cancel" });
    const fake = platform(shop);
    await routed(shop);
    await run();
    await answer(apiKey, "sin-respuesta");
    await run();
    await answer(apiKey, "confirmado");
    await run();
    expect(fake.named("FulfillmentOrderReleaseHold")).toHaveLength(1);
    expect(await applyNoAnswerTimeouts(new Date(Date.now() + 2 * 3_600_000))).toBe(0);
    await run(new Date(Date.now() + 2 * 3_600_000));
    expect(fake.named("HeldOrderCancel")).toHaveLength(0);
  });

  it("with no hours set, a flow's no-answer callback leaves the hold as it is", async () => {
    const { shop, apiKey } = await heldShop({ noAnswerHours: null, onNoAnswer: "cancel" });
    const fake = platform(shop);
    await routed(shop);
    await run();
    await answer(apiKey, "sin-respuesta");
    await run();
    expect(await tasks(shop)).toMatchObject([{ kind: "hold", status: "done" }]);
    expect(fake.order.fulfillmentOrders[0].holds).toHaveLength(1);
  });

  it("an answer that came in time is never overwritten by the timeout", async () => {
    const { shop, apiKey } = await heldShop({ noAnswerHours: 1, onNoAnswer: "cancel" });
    const fake = platform(shop);
    await routed(shop);
    await run();
    await answer(apiKey, "confirmado");
    expect(await applyNoAnswerTimeouts(new Date(Date.now() + 2 * 3_600_000))).toBe(0);
    expect(await prisma.orderAnswer.findFirst({ where: { shop } })).toMatchObject({ answer: "confirmed" });
    await run();
    expect(fake.named("HeldOrderCancel")).toHaveLength(0);
  });
});

describe("the order page: the buyer's answer, the hold, and the merchant's own buttons", () => {
  const state = async (shop: string) => {
    const response = await orderState({
      request: await adminRequest(`/api/orders/hold?orderId=${encodeURIComponent(ORDER.id)}`, shop),
      params: {},
      context: {},
    });
    return { status: response.status, body: await response.json() };
  };
  const act = async (shop: string, action: string, orderId = ORDER.id) => {
    const response = await orderAction({
      request: await adminRequest("/api/orders/hold", shop, formBody({ orderId, action })),
      params: {},
      context: {},
    });
    return { status: response.status, body: await response.json() };
  };

  it("shows the hold and its time, then the answer and the release", async () => {
    const { shop, apiKey } = await heldShop();
    platform(shop);
    expect((await state(shop)).body).toEqual({
      success: true,
      answer: null,
      hold: { state: "none", since: null, problem: null, pending: null },
    });
    await routed(shop);
    await run();
    const held = (await state(shop)).body;
    expect(held.hold).toMatchObject({ state: "held", problem: null });
    expect(Date.parse(held.hold.since)).not.toBeNaN();
    await answer(apiKey, "confirmado");
    expect((await state(shop)).body.hold).toMatchObject({ state: "held", pending: "release" });
    await run();
    const released = (await state(shop)).body;
    expect(released.answer).toMatchObject({ answer: "confirmed", source: "callback" });
    expect(released.hold).toMatchObject({ state: "released", pending: null });
  });

  it("Liberar ahora releases the app's hold before any answer", async () => {
    const { shop } = await heldShop();
    const fake = platform(shop);
    await routed(shop);
    await run();
    expect((await act(shop, "release")).body.hold).toMatchObject({ pending: "release" });
    await run();
    expect(fake.order.fulfillmentOrders[0].holds).toEqual([]);
    expect((await state(shop)).body.hold.state).toBe("released");
  });

  it("Cancelar pedido cancels with the merchant's note; a refusal is shown", async () => {
    const { shop } = await heldShop();
    const fake = platform(shop);
    fake.order.cancelRefusal = { code: "INVALID", message: "Cannot cancel an order with outstanding fulfillments" };
    await act(shop, "cancel");
    await run();
    expect((await state(shop)).body.hold).toMatchObject({
      state: "cancel_refused",
      problem: "INVALID: Cannot cancel an order with outstanding fulfillments",
    });
    // Asked again once the merchant sorted it out: owed again, and done.
    fake.order.cancelRefusal = null;
    await act(shop, "cancel");
    await run();
    expect(fake.named("HeldOrderCancel").at(-1)?.variables.staffNote).toBe(
      "Cancelado desde la app de automatización de pedidos.",
    );
    expect((await state(shop)).body.hold.state).toBe("cancelled");
  });

  it("refuses an unknown action, a bad order id, and a shop whose holds are off", async () => {
    const { shop } = await heldShop();
    expect(await act(shop, "delete")).toMatchObject({
      status: 400,
      body: { success: false, code: "invalid_input", error: "action: must be release or cancel" },
    });
    expect(await act(shop, "release", "not-an-order")).toMatchObject({ status: 400, body: { code: "invalid_input" } });
    const off = await heldShop({ enabled: false });
    expect(await act(off.shop, "cancel")).toMatchObject({ status: 409, body: { code: "holds_off" } });
    expect(await prisma.fulfilmentTask.count({ where: { shop: off.shop } })).toBe(0);
  });

  it("answers 404 to an order the app has no record of, as send again does, and owes nothing", async () => {
    const { shop } = await heldShop();
    const unknown = "gid://shopify/Order/9990001";
    for (const action of ["release", "cancel"]) {
      expect(await act(shop, action, unknown)).toEqual({
        status: 404,
        body: { success: false, code: "not_found", error: "The app has no record of this order" },
      });
    }
    const resend = await resendAction({
      request: await adminRequest("/api/deliveries/resend", shop, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ orderId: unknown }),
      }),
      params: {},
      context: {},
    });
    expect({ status: resend.status, body: await resend.json() }).toEqual({
      status: 404,
      body: { success: false, code: "not_found", error: "The app has no record of this order" },
    });
    // Another shop's order is not this shop's record either.
    const elsewhere = "gid://shopify/Order/9990002";
    const other = await heldShop();
    await createDelivery(other.shop, {
      status: "delivered",
      orderId: elsewhere,
      orderName: "#2002",
      resourceId: `${other.shop}-9990002`,
      deliveredAt: new Date(),
    });
    expect((await act(shop, "cancel", elsewhere)).status).toBe(404);
    expect(await prisma.fulfilmentTask.count({ where: { shop: { in: [shop, other.shop] } } })).toBe(0);
  });

  it("never shows another shop's order", async () => {
    const { shop } = await heldShop();
    platform(shop);
    await routed(shop);
    await run();
    const other = await heldShop();
    expect((await state(other.shop)).body.hold.state).toBe("none");
  });
});

describe("a change whose answer was lost: sent once, read before it is sent again", () => {
  const later = () => new Date(Date.now() + FULFILMENT_RETRY_DELAYS_MS[0] + 1_000);
  const holdState = async (shop: string) => (await orderBuyerState(shop, ORDER.id)).hold.state;

  it("a cancel the platform made but answered 502 is recorded as the app's cancel, sent once", async () => {
    const { shop, apiKey } = await heldShop({ onRefused: "cancel" });
    const fake = platform(shop, { loseAnswers: ["HeldOrderCancel"] });
    await routed(shop);
    await run();
    await answer(apiKey, "cancelado");
    await run();
    expect(fake.named("HeldOrderCancel")).toHaveLength(1);
    expect(fake.order.cancelledAt).not.toBeNull();
    expect((await tasks(shop)).find((task) => task.kind === "cancel")).toMatchObject({ status: "owed" });
    await run(later());
    expect(fake.named("HeldOrderCancel")).toHaveLength(1);
    expect((await tasks(shop)).find((task) => task.kind === "cancel")).toMatchObject({
      status: "done",
      lastProblem: null,
    });
    expect(await holdState(shop)).toBe("cancelled");
  });

  it("a release the platform made but answered 502 is recorded as released, sent once", async () => {
    const { shop, apiKey } = await heldShop();
    const fake = platform(shop, { loseAnswers: ["FulfillmentOrderReleaseHold"] });
    await routed(shop);
    await run();
    const holdId = fake.order.fulfillmentOrders[0].holds[0].id;
    await answer(apiKey, "confirmado");
    await run();
    expect(fake.order.fulfillmentOrders[0].holds).toEqual([]);
    await run(later());
    expect(fake.named("FulfillmentOrderReleaseHold")).toHaveLength(1);
    expect((await tasks(shop)).find((task) => task.kind === "release")).toMatchObject({
      status: "done",
      platformRef: holdId,
    });
    expect(await holdState(shop)).toBe("released");
  });

  it("a release whose record failed after the platform released is the app's release, not the merchant's", async () => {
    const { shop, apiKey } = await heldShop();
    const fake = platform(shop);
    await routed(shop);
    await run();
    const holdId = fake.order.fulfillmentOrders[0].holds[0].id;
    await answer(apiKey, "confirmado");
    // The platform releases, then the record of it fails, as if the process died there (kill -9).
    const allow = await refuseWrites("FulfilmentTask", "UPDATE", `NEW."status" = 'done'`, "process died");
    await run();
    await allow();
    expect(fake.order.fulfillmentOrders[0].holds).toEqual([]);
    await run(later());
    expect(fake.named("FulfillmentOrderReleaseHold")).toHaveLength(1);
    expect((await tasks(shop)).find((task) => task.kind === "release")).toMatchObject({
      status: "done",
      platformRef: holdId,
      lastProblem: null,
    });
    expect(await holdState(shop)).toBe("released");
  });

  it("a hold the platform placed but answered 502 is found by its handle, placed once", async () => {
    const { shop } = await heldShop();
    const fake = platform(shop, { loseAnswers: ["FulfillmentOrderHold"] });
    await routed(shop);
    await run();
    await run(later());
    expect(fake.named("FulfillmentOrderHold")).toHaveLength(1);
    expect((await tasks(shop))[0]).toMatchObject({
      status: "done",
      platformRef: fake.order.fulfillmentOrders[0].holds[0].id,
    });
  });

  it("an order the merchant cancelled by hand reads stood down, not held", async () => {
    const { shop, apiKey } = await heldShop({ onRefused: "cancel" });
    const fake = platform(shop);
    await routed(shop);
    await run();
    fake.merchant.cancel("Cliente llamó para cancelar");
    await answer(apiKey, "cancelado");
    await run();
    expect(fake.named("HeldOrderCancel")).toHaveLength(0);
    expect((await tasks(shop)).find((task) => task.kind === "cancel")).toMatchObject({
      status: "stood_down",
      lastProblem: "the order was already cancelled",
    });
    expect(await holdState(shop)).toBe("stood_down");
  });
});
