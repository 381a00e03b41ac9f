import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { POLICIES } from "~/services/jobs/policies";
import { oweRiskAssessment, riskAssessmentHandler } from "~/services/risk/assessment.server";
import { readOrderRisk, saveOrderRisk } from "~/services/risk/store.server";
import { validateOperation } from "../../../sandbox/platform/schema";
import { createSession, shopDomain } from "../../helpers/factories";
import { mockPlatform, type OperationResolver } from "../../mocks/platform";
import { runDueJobs } from "../jobs/run-due";

const ORDER_ID = "gid://shopify/Order/8880001";
const SCORED_AT = new Date("2026-11-28T15:00:00Z");

const runAssessments = (now = new Date()) =>
  runDueJobs("risk-assessment", now, { handler: riskAssessmentHandler({ sleep: async () => {} }) });

async function scoredShop() {
  const shop = shopDomain();
  await createSession(shop);
  await saveOrderRisk({
    shop,
    orderId: ORDER_ID,
    orderName: "#1001",
    phone: "+573001112233",
    score: 82,
    level: "high",
    reasons: [
      { code: "phone_refused", points: 40, values: { count: 2 } },
      { code: "delivered_before", points: -10, values: { count: 1 } },
      { code: "phone_returned", points: 52, values: { count: 3 } },
    ],
    scoredAt: SCORED_AT,
  });
  return shop;
}

const created: OperationResolver = (variables) => ({
  orderRiskAssessmentCreate: {
    orderRiskAssessment: { riskLevel: (variables.input as { riskLevel: string }).riskLevel },
    userErrors: [],
  },
});

function platform(shop: string, resolvers: Record<string, OperationResolver>) {
  const calls = mockPlatform(shop, resolvers);
  return {
    calls,
    sent: () => calls.filter((call) => call.operationName === "OrderRiskAssessmentCreate"),
  };
}

describe("the order's risk assessment on the platform", () => {
  it("sends the score once, valid against the schema, whatever repeats the owing and the job", async () => {
    const shop = await scoredShop();
    const { sent } = platform(shop, { OrderRiskAssessmentCreate: created });
    await oweRiskAssessment(shop, ORDER_ID);
    await oweRiskAssessment(shop, ORDER_ID);
    expect(await runAssessments()).toBe(1);
    await oweRiskAssessment(shop, ORDER_ID);
    await runAssessments();
    expect(sent()).toHaveLength(1);
    expect(validateOperation(sent()[0].query, sent()[0].variables)).toEqual([]);
    const input = sent()[0].variables.input as {
      riskLevel: string;
      facts: { description: string; sentiment: string }[];
    };
    expect(input).toMatchObject({ orderId: ORDER_ID, riskLevel: "HIGH" });
    // Spanish until the merchant first opens the app; the heaviest reason first, the lowering one last.
    expect(input.facts).toEqual([
      { description: expect.stringContaining("82/100"), sentiment: "NEGATIVE" },
      { description: "3 devoluciones con este teléfono", sentiment: "NEGATIVE" },
      { description: "2 pedidos rechazados por el comprador con este teléfono", sentiment: "NEGATIVE" },
      { description: "1 paquete entregado antes a este comprador", sentiment: "POSITIVE" },
    ]);
    expect((await readOrderRisk(shop, ORDER_ID))?.assessmentSentAt).toBeInstanceOf(Date);
  });

  it("tries again on the kind's schedule after a platform error, reading the order before it sends again", async () => {
    const shop = await scoredShop();
    const { sent, calls } = platform(shop, {
      OrderRiskAssessmentCreate: (_variables, call) =>
        call === 1
          ? new HttpResponse("upstream", { status: 500 })
          : { orderRiskAssessmentCreate: { orderRiskAssessment: { riskLevel: "HIGH" }, userErrors: [] } },
      OrderRiskAssessments: () => ({ order: { id: ORDER_ID, risk: { assessments: [] } } }),
    });
    const now = new Date();
    await oweRiskAssessment(shop, ORDER_ID, now);
    await runAssessments(now);
    expect(sent()).toHaveLength(1);
    expect((await readOrderRisk(shop, ORDER_ID))?.assessmentSentAt).toBeNull();
    // Not before the first retry delay.
    await runAssessments(new Date(now.getTime() + POLICIES["risk-assessment"].retryDelaysMs[0] - 1));
    expect(sent()).toHaveLength(1);
    await runAssessments(new Date(now.getTime() + POLICIES["risk-assessment"].retryDelaysMs[0]));
    expect(calls.map((call) => call.operationName)).toEqual([
      "OrderRiskAssessmentCreate",
      "OrderRiskAssessments",
      "OrderRiskAssessmentCreate",
    ]);
    expect((await readOrderRisk(shop, ORDER_ID))?.assessmentSentAt).toBeInstanceOf(Date);
  });

  it("counts an assessment the platform took unanswered as sent, and sends no second one", async () => {
    const shop = await scoredShop();
    const { sent } = platform(shop, {
      OrderRiskAssessmentCreate: () => new HttpResponse("upstream", { status: 502 }),
      OrderRiskAssessments: () => ({
        order: {
          id: ORDER_ID,
          risk: {
            assessments: [
              {
                riskLevel: "HIGH",
                provider: { id: "gid://shopify/App/1" },
                facts: [
                  { description: "Riesgo de devolución 82/100 (alto), según el historial de pedidos de esta tienda" },
                ],
              },
            ],
          },
        },
      }),
    });
    const now = new Date();
    await oweRiskAssessment(shop, ORDER_ID, now);
    await runAssessments(now);
    await runAssessments(new Date(now.getTime() + 60 * 60_000));
    expect(sent()).toHaveLength(1);
    expect((await readOrderRisk(shop, ORDER_ID))?.assessmentSentAt).toBeInstanceOf(Date);
  });

  it("records a refusal (the order gone) and never tries it again", async () => {
    const shop = await scoredShop();
    const { sent } = platform(shop, {
      OrderRiskAssessmentCreate: () => ({
        orderRiskAssessmentCreate: {
          orderRiskAssessment: null,
          userErrors: [
            { field: ["orderRiskAssessmentInput", "orderId"], message: "Order does not exist", code: "NOT_FOUND" },
          ],
        },
      }),
    });
    await oweRiskAssessment(shop, ORDER_ID);
    expect(await runAssessments()).toBe(1);
    // Given up at once: nothing due even a day later.
    expect(await runAssessments(new Date(Date.now() + 24 * 3_600_000))).toBe(0);
    await oweRiskAssessment(shop, ORDER_ID);
    await runAssessments(new Date(Date.now() + 48 * 3_600_000));
    expect(sent()).toHaveLength(1);
    expect(await prisma.orderRiskAssessmentRefusal.findMany({ where: { shop } })).toEqual([
      expect.objectContaining({ orderId: ORDER_ID, code: "NOT_FOUND" }),
    ]);
    expect((await readOrderRisk(shop, ORDER_ID))?.assessmentSentAt).toBeNull();
  });

  it("records the missing scope as a refusal, not a retry", async () => {
    const shop = await scoredShop();
    const { sent } = platform(shop, {
      OrderRiskAssessmentCreate: () =>
        HttpResponse.json({
          errors: [
            {
              message:
                "Access denied for orderRiskAssessmentCreate field. Required access: `write_orders` access scope.",
              extensions: { code: "ACCESS_DENIED" },
            },
          ],
        }),
    });
    await oweRiskAssessment(shop, ORDER_ID);
    await runAssessments();
    await runAssessments(new Date(Date.now() + 48 * 3_600_000));
    expect(sent()).toHaveLength(1);
    expect(await prisma.orderRiskAssessmentRefusal.findMany({ where: { shop } })).toEqual([
      expect.objectContaining({ code: "ACCESS_DENIED" }),
    ]);
  });

  it("owes a new score of the order its own assessment", async () => {
    const shop = await scoredShop();
    const { sent } = platform(shop, { OrderRiskAssessmentCreate: created });
    await oweRiskAssessment(shop, ORDER_ID);
    await runAssessments();
    const risk = (await readOrderRisk(shop, ORDER_ID))!;
    await saveOrderRisk({ ...risk, score: 20, level: "low", reasons: [], scoredAt: new Date(Date.now() + 1000) });
    await oweRiskAssessment(shop, ORDER_ID);
    await runAssessments(new Date(Date.now() + 2000));
    expect(sent().map((call) => (call.variables.input as { riskLevel: string }).riskLevel)).toEqual(["HIGH", "LOW"]);
  });
});
