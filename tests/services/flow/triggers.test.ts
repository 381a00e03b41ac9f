import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { recordNoAnswer, recordOrderAnswer } from "~/services/answers/record.server";
import { saveAnswerRules } from "~/services/answers/rules.server";
import { fireFlowTrigger, flowTriggerHandler } from "~/services/flow/send-trigger.server";
import { createSession, shopDomain } from "../../helpers/factories";
import { simulatedFlowPlatform } from "../../mocks/flow-platform";
import { runDueJobs } from "../jobs/run-due";
import { applyDue, followedShop, GUIDE, push, SUPPLIER_ORDER } from "../journey/follow-helpers";

const noSleep = { sleep: async () => {} };
const sendDue = (now = new Date()) => runDueJobs("flow-trigger", now, { handler: flowTriggerHandler(noSleep) });
const rows = (shop: string) => prisma.flowTriggerEvent.findMany({ where: { shop }, orderBy: { createdAt: "asc" } });
const ORDER = { id: "gid://shopify/Order/7770001", name: "#1001" };

async function answeringShop() {
  const shop = shopDomain();
  await createSession(shop);
  await saveAnswerRules(shop, [
    { answer: "confirmed", tag: "confirmado" },
    { answer: "refused", tag: "cancelado" },
  ]);
  return shop;
}

describe("the buyer's answer as Flow triggers", () => {
  it("fires buyer-confirmed once for a repeated callback, with the order and what the flow reported", async () => {
    const shop = await answeringShop();
    const { state } = simulatedFlowPlatform(shop, [7770001]);
    const at = new Date("2026-11-28T15:00:00Z");
    for (let i = 0; i < 3; i++)
      await recordOrderAnswer(shop, ORDER, null, { tags: ["confirmado"], status: "done" }, at);
    await sendDue();
    await sendDue();
    expect(state.flowTriggers).toEqual([
      {
        handle: "buyer-confirmed",
        payload: { order_id: 7770001, Answer: "confirmed", "Answered at": at.toISOString(), "Flow status": "done" },
        receivedAt: expect.any(String),
      },
    ]);
    expect(await rows(shop)).toMatchObject([{ status: "sent", attempts: 1 }]);
  });

  it("fires the other answer's trigger when the buyer changes their mind, and no-answer on the timeout", async () => {
    const shop = await answeringShop();
    const { state } = simulatedFlowPlatform(shop, [7770001, 7770002]);
    await recordOrderAnswer(shop, ORDER, null, { tags: ["confirmado"] });
    await recordOrderAnswer(shop, ORDER, null, { tags: ["cancelado"] });
    await recordNoAnswer(shop, { id: "gid://shopify/Order/7770002", waitingSince: new Date() });
    await recordNoAnswer(shop, { id: "gid://shopify/Order/7770002", waitingSince: new Date() });
    await sendDue();
    expect(state.flowTriggers.map((trigger) => [trigger.handle, trigger.payload.order_id])).toEqual([
      ["buyer-confirmed", 7770001],
      ["buyer-refused", 7770001],
      ["buyer-no-answer", 7770002],
    ]);
  });

  it("tries again after a platform failure and sends the trigger once", async () => {
    const shop = await answeringShop();
    const { state, control } = simulatedFlowPlatform(shop, [7770001], { failNext: 1 });
    const now = new Date("2026-11-28T15:00:00Z");
    await recordOrderAnswer(shop, ORDER, null, { tags: ["cancelado"] }, now);
    await sendDue(now);
    expect(state.flowTriggers).toHaveLength(0);
    expect(await rows(shop)).toMatchObject([{ status: "owed", attempts: 1, lastProblem: expect.any(String) }]);
    // Not before the schedule's first wait (30 s), then once.
    expect(await sendDue(new Date(now.getTime() + 10_000))).toBe(0);
    await sendDue(new Date(now.getTime() + 31_000));
    await sendDue(new Date(now.getTime() + 3_600_000));
    expect(state.flowTriggers.map((trigger) => trigger.handle)).toEqual(["buyer-refused"]);
    expect(control.calls).toBe(2);
    expect(await rows(shop)).toMatchObject([{ status: "sent", attempts: 2, lastProblem: null }]);
  });
});

describe("a trigger whose answer is lost (decision 338: at least once)", () => {
  it("is sent again, and the platform, which has no idempotency for it, takes it twice", async () => {
    const shop = await answeringShop();
    const { state, control } = simulatedFlowPlatform(shop, [7770001], { loseNext: 1 });
    const now = new Date("2026-11-28T15:00:00Z");
    await recordOrderAnswer(shop, ORDER, null, { tags: ["confirmado"] }, now);
    await sendDue(now);
    // The platform took it; the app, which cannot read a trigger back, only saw a 502.
    expect(state.flowTriggers).toHaveLength(1);
    expect(await rows(shop)).toMatchObject([{ status: "owed", attempts: 1, lastProblem: expect.any(String) }]);
    await sendDue(new Date(now.getTime() + 31_000));
    await sendDue(new Date(now.getTime() + 3_600_000));
    expect(control.calls).toBe(2);
    expect(state.flowTriggers.map((trigger) => trigger.handle)).toEqual(["buyer-confirmed", "buyer-confirmed"]);
    expect(state.flowTriggers[1].payload).toEqual(state.flowTriggers[0].payload);
    expect(await rows(shop)).toMatchObject([{ status: "sent", attempts: 2, lastProblem: null }]);
  });
});

describe("the parcel's journey as Flow triggers", () => {
  it("fires shipped, each incident and delivered once, however often the supplier pushes", async () => {
    const { shop, token } = await followedShop();
    const { state } = simulatedFlowPlatform(shop, [5550001]);
    for (const [status, hours] of [
      ["GUIA GENERADA", 1],
      ["DESPACHADA", 2],
      ["EN TRANSITO", 3],
      ["NOVEDAD", 4],
      ["EN REPARTO", 5],
      ["ENTREGADO", 6],
    ] as const) {
      for (let i = 0; i < 3; i++) await push(token, status, hours);
      await applyDue();
      await sendDue();
    }
    expect(state.flowTriggers.map((trigger) => trigger.handle)).toEqual([
      "parcel-shipped",
      "parcel-incident",
      "parcel-delivered",
    ]);
    expect(state.flowTriggers[0].payload).toEqual({
      order_id: 5550001,
      Stage: "in_transit",
      "Carrier status": "DESPACHADA",
      Carrier: "COORDINADORA",
      Guide: GUIDE,
      "Supplier order": SUPPLIER_ORDER,
      "Happened at": expect.stringMatching(/^2026-11-24T/),
    });
  });

  it("fires returned when the parcel comes back", async () => {
    const { shop, token } = await followedShop();
    const { state } = simulatedFlowPlatform(shop, [5550001]);
    for (const [status, hours] of [
      ["DESPACHADA", 1],
      ["DEVOLUCION", 2],
      ["DEVUELTO", 3],
    ] as const) {
      await push(token, status, hours);
      await applyDue();
    }
    await sendDue();
    expect(state.flowTriggers.map((trigger) => [trigger.handle, trigger.payload.Stage])).toEqual([
      ["parcel-shipped", "in_transit"],
      ["parcel-returned", "returned"],
    ]);
  });
});

describe("the high-risk trigger, fired by the risk score", () => {
  it("is sent once per order, with the score and the reasons", async () => {
    const shop = shopDomain();
    await createSession(shop);
    const { state } = simulatedFlowPlatform(shop, [8880001]);
    const order = { orderId: "gid://shopify/Order/8880001", fields: { "Risk score": 87.5, Reasons: "3 refused" } };
    expect(await fireFlowTrigger(shop, "high-risk", order)).toBe(true);
    expect(await fireFlowTrigger(shop, "high-risk", order)).toBe(false);
    await sendDue();
    expect(state.flowTriggers).toMatchObject([
      { handle: "high-risk", payload: { order_id: 8880001, "Risk score": 87.5, Reasons: "3 refused" } },
    ]);
  });

  it("gives up, without retrying, a trigger the platform refuses (an order it does not have)", async () => {
    const shop = shopDomain();
    await createSession(shop);
    const { state, control } = simulatedFlowPlatform(shop, []);
    await fireFlowTrigger(shop, "high-risk", { orderId: "gid://shopify/Order/404", fields: { "Risk score": 90 } });
    await sendDue();
    await sendDue(new Date(Date.now() + 86_400_000));
    expect(state.flowTriggers).toEqual([]);
    expect(control.calls).toBe(1);
    expect(await rows(shop)).toMatchObject([{ status: "given_up", lastProblem: "Order not found" }]);
  });
});
