import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { parseInput } from "~/lib/input.server";
import { riskRuleInput, saveRiskRule } from "~/services/risk/rules.server";
import { readOrderRisk } from "~/services/risk/store.server";
import { createAutomatedShop, createDelivery } from "../../helpers/factories";
import { triggerHandler, type TriggerCall } from "../../mocks/automation";
import { server } from "../../mocks/server";
import { runDueJobs } from "../jobs/run-due";
import { ANA, anaHistory, NOW, pass } from "./ana";

const { anaWithReturns, anaOrder } = anaHistory(700000);

async function shopWithRule(fields: Record<string, string>) {
  const shop = await createAutomatedShop();
  await saveRiskRule(shop, parseInput(riskRuleInput, { enabled: "on", threshold: "70", ...fields }));
  return shop;
}

async function sendOne(shop: string, order = anaOrder()) {
  const delivery = await createDelivery(shop, { order, createdAt: NOW, nextAttemptAt: NOW });
  const calls: TriggerCall[] = [];
  server.use(triggerHandler(calls));
  await pass();
  const after = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
  const tags = await prisma.orderTagTask.findMany({ where: { deliveryId: delivery.id }, select: { tag: true } });
  const holds = await prisma.fulfilmentTask.findMany({ where: { shop, orderId: delivery.orderId } });
  return { delivery: after, calls, tags: tags.map((t) => t.tag), holds };
}

describe("the shop's rule for risky orders", () => {
  it("scores every order and does nothing more while the rule is off", async () => {
    const shop = await createAutomatedShop();
    await anaWithReturns(shop);
    const { delivery, calls, tags, holds } = await sendOne(shop);
    expect(calls.map((call) => call.flowId)).toEqual(["f_101"]);
    expect(tags).toEqual([]);
    expect(holds).toEqual([]);
    // Scored by its job, after the send (docs/decisions/344; tests/services/risk/score-later.test.ts).
    expect(await runDueJobs("risk-score", NOW)).toBe(1);
    expect(await readOrderRisk(shop, delivery.orderId!)).toMatchObject({ score: 73, level: "high", phone: ANA });
  });

  it("only tags a risky order with the prefix and its level", async () => {
    const shop = await shopWithRule({ action: "tag", tagPrefix: "riesgo" });
    await anaWithReturns(shop);
    const { calls, tags, holds } = await sendOne(shop);
    expect(calls.map((call) => call.flowId)).toEqual(["f_101"]);
    expect(tags).toEqual(["riesgo-high"]);
    expect(holds).toEqual([]);
  });

  it("holds a risky order for the team without the flow, and a replay sends it", async () => {
    const shop = await shopWithRule({ action: "no_flow" });
    await anaWithReturns(shop);
    const { delivery, calls, tags } = await sendOne(shop);
    expect(calls).toEqual([]);
    expect(delivery).toMatchObject({ status: "skipped", lastErrorCode: "held_high_risk" });
    expect(JSON.parse(delivery.lastErrorParams!)).toEqual({ score: 73 });
    expect(tags).toEqual(["return-risk-high"]);
    await prisma.delivery.update({
      where: { id: delivery.id },
      data: { status: "queued", replays: 1, nextAttemptAt: NOW },
    });
    const replay: TriggerCall[] = [];
    server.use(triggerHandler(replay));
    await pass();
    expect(replay.map((call) => call.flowId)).toEqual(["f_101"]);
  });

  it("sends a risky order to the shop's other flow instead", async () => {
    const shop = await shopWithRule({ action: "other_flow", flowId: "f_303" });
    await anaWithReturns(shop);
    const { delivery, calls } = await sendOne(shop);
    expect(calls.map((call) => call.flowId)).toEqual(["f_303"]);
    expect(delivery).toMatchObject({ status: "delivered", flowId: "f_303" });
  });

  it("owes the order's risk hold with holds off, and sends the flow as usual", async () => {
    const shop = await shopWithRule({ action: "hold" });
    await anaWithReturns(shop);
    const { delivery, calls, holds } = await sendOne(shop);
    expect(calls.map((call) => call.flowId)).toEqual(["f_101"]);
    expect(holds).toMatchObject([{ kind: "hold", reason: "risk", subject: delivery.orderId, status: "owed" }]);
  });

  it("leaves an order under the threshold alone", async () => {
    const shop = await shopWithRule({ action: "no_flow" });
    await anaWithReturns(shop);
    const { calls, tags, holds } = await sendOne(shop, anaOrder("3157654321"));
    expect(calls.map((call) => call.flowId)).toEqual(["f_101"]);
    expect(tags).toEqual([]);
    expect(holds).toEqual([]);
  });

  it("refuses another flow without a flow named", () => {
    expect(() => parseInput(riskRuleInput, { enabled: "on", action: "other_flow" })).toThrow(/flowId/);
  });
});
