import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { parseInput } from "~/lib/input.server";
import { POLICIES } from "~/services/jobs/policies";
import { JobProblem, type JobHandler } from "~/services/jobs/types";
import { orderRulesInput, saveOrderRules } from "~/services/orders/rules.server";
import { riskAssessmentHandler } from "~/services/risk/assessment.server";
import { riskScoreHandler } from "~/services/risk/score-later.server";
import { readOrderRisk } from "~/services/risk/store.server";
import { createAutomatedShop, createDelivery } from "../../helpers/factories";
import { triggerHandler, type TriggerCall } from "../../mocks/automation";
import { mockPlatform } from "../../mocks/platform";
import { server } from "../../mocks/server";
import { runDueJobs } from "../jobs/run-due";
import { ANA, anaHistory, NOW, pass } from "./ana";

const { anaWithReturns, anaOrder } = anaHistory(760000);

async function sendOne(shop: string, order = anaOrder()) {
  const delivery = await createDelivery(shop, { order, createdAt: NOW, nextAttemptAt: NOW });
  const calls: TriggerCall[] = [];
  server.use(triggerHandler(calls));
  await pass();
  return { delivery: await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } }), calls };
}

/** The job's real handler, then a crash on its first try: the work was done and the try is taken again. */
function diesAfterItsFirstTry(): JobHandler {
  const handler = riskScoreHandler();
  let tries = 0;
  return async (job) => {
    await handler(job);
    if (++tries === 1) throw new JobProblem("the process died after the work", true);
  };
}

describe("a score no rule needs before the send (docs/decisions/344)", () => {
  it("sends the order without its score, then scores it and owes its follow-ups once, a repeated try included", async () => {
    const shop = await createAutomatedShop();
    await anaWithReturns(shop);
    const { delivery, calls } = await sendOne(shop);
    expect(calls.map((call) => call.flowId)).toEqual(["f_101"]);
    expect(delivery.status).toBe("delivered");
    expect(await readOrderRisk(shop, delivery.orderId!)).toBeNull();
    expect(await prisma.flowTriggerEvent.count({ where: { shop } })).toBe(0);

    const job = diesAfterItsFirstTry();
    expect(await runDueJobs("risk-score", NOW, { handler: job })).toBe(1);
    expect(await readOrderRisk(shop, delivery.orderId!)).toMatchObject({
      score: 73,
      level: "high",
      phone: ANA,
      scoredAt: NOW,
      orderName: delivery.orderName,
    });
    const again = new Date(NOW.getTime() + POLICIES["risk-score"].retryDelaysMs[0]);
    expect(await runDueJobs("risk-score", again, { handler: job })).toBe(1);
    expect(await runDueJobs("risk-score", again)).toBe(0);
    expect(await readOrderRisk(shop, delivery.orderId!)).toMatchObject({ score: 73, scoredAt: NOW });

    const platform = mockPlatform(shop, {
      OrderRiskAssessmentCreate: (variables) => ({
        orderRiskAssessmentCreate: {
          orderRiskAssessment: { riskLevel: (variables.input as { riskLevel: string }).riskLevel },
          userErrors: [],
        },
      }),
    });
    expect(
      await runDueJobs("risk-assessment", again, { handler: riskAssessmentHandler({ sleep: async () => {} }) }),
    ).toBe(1);
    const assessments = platform.filter((call) => call.operationName === "OrderRiskAssessmentCreate");
    expect(assessments.map((call) => (call.variables.input as { riskLevel: string }).riskLevel)).toEqual(["HIGH"]);
    const triggers = await prisma.flowTriggerEvent.findMany({ where: { shop } });
    expect(triggers.map((row) => [row.handle, row.orderId])).toEqual([["high-risk", delivery.orderId]]);
  });

  it("scores an order the phone rule stopped after it, with the phone's reason", async () => {
    const shop = await createAutomatedShop();
    await saveOrderRules(shop, parseInput(orderRulesInput, { noPhoneAction: "skip" }));
    const { delivery, calls } = await sendOne(shop, anaOrder(null));
    expect(calls).toEqual([]);
    expect(delivery).toMatchObject({ status: "skipped", lastErrorCode: "no_mobile" });
    expect(await readOrderRisk(shop, delivery.orderId!)).toBeNull();
    expect(await runDueJobs("risk-score", NOW)).toBe(1);
    const risk = await readOrderRisk(shop, delivery.orderId!);
    expect(risk?.reasons.map((reason) => reason.code)).toContain("phone_missing");
  });
});
