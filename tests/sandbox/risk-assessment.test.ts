import { describe, expect, it } from "vitest";
import { assessmentInput } from "~/services/risk/assessment-input";
import { ORDER_RISK_ASSESSMENT_CREATE, ORDER_RISK_ASSESSMENTS } from "~/services/risk/assessment.server";
import { execute } from "../../sandbox/platform/graphql";
import { newShopState } from "../../sandbox/platform/state";

const score = (orderId: string, reasons = 3) => ({
  orderId,
  score: 64,
  level: "medium" as const,
  reasons: Array.from({ length: reasons }, (_, i) => ({ code: "phone_returns", points: 10 + i, values: { count: i } })),
});

describe("the platform simulator's order risk assessment", () => {
  it("takes the app's mutation, checked against the schema, and shows it on the order's risk", () => {
    const shop = newShopState("risk.myshopify.com", "read_orders,write_orders");
    const order = shop.orders[0];
    const id = `gid://shopify/Order/${order.id}`;
    const result = execute(shop, ORDER_RISK_ASSESSMENT_CREATE, { input: assessmentInput(score(id), "en") });
    expect(result.errors).toEqual([]);
    expect(result.data).toEqual({
      orderRiskAssessmentCreate: expect.objectContaining({ userErrors: [] }),
    });
    const read = execute(shop, ORDER_RISK_ASSESSMENTS, { id });
    const { assessments, recommendation } = (read.data as { order: { risk: Record<string, unknown> } }).order.risk;
    expect(recommendation).toBe("INVESTIGATE");
    expect(assessments).toEqual([
      expect.objectContaining({
        riskLevel: "MEDIUM",
        facts: expect.arrayContaining([
          { description: "Return risk 64/100 (medium), from this shop's own order history", sentiment: "NEUTRAL" },
        ]),
      }),
    ]);
  });

  it("refuses an input the schema refuses, a level it does not know, and runs nothing", () => {
    const shop = newShopState("risk.myshopify.com", "read_orders,write_orders");
    const id = `gid://shopify/Order/${shop.orders[0].id}`;
    const result = execute(shop, ORDER_RISK_ASSESSMENT_CREATE, {
      input: { orderId: id, riskLevel: "VERY_HIGH", facts: [{ description: "x" }] },
    });
    expect(result.data).toBeUndefined();
    expect(result.errors.length).toBeGreaterThan(0);
    expect(shop.orders[0].riskAssessments).toBeUndefined();
  });

  it("denies the mutation without write_orders, and refuses an order that is gone", () => {
    const readOnly = newShopState("risk.myshopify.com", "read_orders");
    const id = `gid://shopify/Order/${readOnly.orders[0].id}`;
    const denied = execute(readOnly, ORDER_RISK_ASSESSMENT_CREATE, { input: assessmentInput(score(id), "es") });
    expect(denied.errors).toEqual([expect.objectContaining({ extensions: { code: "ACCESS_DENIED" } })]);
    const shop = newShopState("risk.myshopify.com", "write_orders");
    const gone = execute(shop, ORDER_RISK_ASSESSMENT_CREATE, {
      input: assessmentInput(score("gid://shopify/Order/1"), "es"),
    });
    expect(gone.data).toEqual({
      orderRiskAssessmentCreate: {
        orderRiskAssessment: null,
        userErrors: [expect.objectContaining({ code: "NOT_FOUND" })],
      },
    });
  });

  it("never sends more than the platform's 20 facts", () => {
    const input = assessmentInput(score("gid://shopify/Order/1", 40), "es");
    expect(input.facts).toHaveLength(20);
  });
});
