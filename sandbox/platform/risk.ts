import { argument, type Resolver } from "./graphql";
import { requireScopes } from "./scopes";
import type { SimOrder } from "./seed";

/**
 * The order's risk assessments as the platform keeps them: `orderRiskAssessmentCreate` (write_orders) adds one to
 * the order's risk panel, refused for an order that is gone (NOT_FOUND), fulfilled (ORDER_ALREADY_FULFILLED) or with
 * more than 20 facts (TOO_MANY_FACTS); each description is cut at 256 characters as the platform does. The input's
 * shape is checked before, against the published schema, like every operation (./schema.ts).
 */

export type SimRiskAssessment = NonNullable<SimOrder["riskAssessments"]>[number];

/** The app that provided an assessment; the simulator serves one app. */
const APP = { id: "gid://shopify/App/1", title: "Order automation connector" };

/** The order's `risk` field (OrderRiskSummary): its assessments, and the recommendation the highest level makes. */
export function orderRisk(order: SimOrder) {
  const assessments = order.riskAssessments ?? [];
  const levels = assessments.map((assessment) => assessment.riskLevel);
  const recommendation = levels.includes("HIGH") ? "CANCEL" : levels.includes("MEDIUM") ? "INVESTIGATE" : "ACCEPT";
  return { assessments, recommendation };
}

export const riskResolvers: Record<string, Resolver> = {
  orderRiskAssessmentCreate: (shop, field, variables, context) => {
    requireScopes(shop, field.name, ["write_orders"]);
    const input = (argument(field, "orderRiskAssessmentInput", variables) ?? {}) as {
      orderId?: string;
      riskLevel?: string;
      facts?: { description: string; sentiment: string }[];
    };
    const order = shop.orders.find((candidate) => `gid://shopify/Order/${candidate.id}` === input.orderId);
    const refuse = (code: string, message: string, path: string[]) => ({
      orderRiskAssessment: null,
      userErrors: [{ field: ["orderRiskAssessmentInput", ...path], message, code }],
    });
    if (!order) return refuse("NOT_FOUND", "Order does not exist", ["orderId"]);
    if (order.fulfillmentStatus === "fulfilled")
      return refuse("ORDER_ALREADY_FULFILLED", "Order is already fulfilled", ["orderId"]);
    const facts = input.facts ?? [];
    if (facts.length > 20) return refuse("TOO_MANY_FACTS", "Too many facts", ["facts"]);
    const assessment: SimRiskAssessment = {
      riskLevel: String(input.riskLevel),
      facts: facts.map((fact) => ({ description: fact.description.slice(0, 256), sentiment: fact.sentiment })),
      provider: APP,
      createdAt: new Date().toISOString(),
    };
    (order.riskAssessments ??= []).push(assessment);
    context.emit(`orderRiskAssessmentCreate ${assessment.riskLevel} on ${order.name} (${facts.length} facts)`);
    return { orderRiskAssessment: assessment, userErrors: [] };
  },
};
