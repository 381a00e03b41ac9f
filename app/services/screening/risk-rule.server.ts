import type { Delivery } from "@prisma/client";
import { riskTag, type RiskRule } from "../../lib/risk-rules";
import { cachedRiskRule } from "../risk/rules.server";
import { scoreOrder, type OrderToScore } from "../risk/score.server";
import type { ScoredOrderRisk } from "../risk/store.server";
import type { DeliveryError } from "../../lib/delivery-errors";
import type { Logger } from "../../logger.server";

/**
 * The order's return-risk score and the shop's rule for risky orders (docs/decisions/334, 335), the last of the
 * order's checks: the score is recorded for every order the checks reach; the rule acts on one scoring at or above
 * the merchant's threshold. Every action tags the order; then: tag (nothing more), hold (the app's own fulfilment
 * hold, whatever the shop's hold switch; the flow is sent as usual), no_flow (held for the team like the other
 * checks' holds: "send anyway" sends it), other_flow (the shop's flow for risky orders instead).
 */

/** What the rule may do to the delivery: the screening's actions (ScreenActions), bound to the worker's claim. */
interface RiskContext {
  now: Date;
  log: () => Logger;
  actions: {
    skip(reason: DeliveryError): Promise<boolean>;
    oweTag(tag: string): Promise<void>;
    oweRiskHold(orderId: string): Promise<void>;
    riskScored(risk: ScoredOrderRisk): Promise<void>;
    scoreLater(order: OrderToScore, now: Date): Promise<void>;
  };
}

/** `risk` is null for an order without an id to score it by, and for one whose score is owed to a job. */
export type RiskOutcome = { send: false } | { send: true; flowId: string | null; risk: ScoredOrderRisk | null };

interface PayloadFacts {
  orderId?: string;
  shippingAddress?: { address1: string | null; city: string | null } | null;
  lineItems?: { productId?: string | null }[];
}

/** What of the order the score reads, from the payload the worker built. */
function orderToScore(
  delivery: Pick<Delivery, "shop" | "orderName">,
  payload: object,
  phone: Phone,
  duplicateOf: string | null,
): OrderToScore | null {
  const facts = payload as PayloadFacts;
  if (!facts.orderId) return null;
  return {
    shop: delivery.shop,
    orderId: facts.orderId,
    orderName: delivery.orderName,
    phoneE164: phone.e164,
    phoneProblem: phone.problem,
    address: facts.shippingAddress ?? null,
    productId: facts.lineItems?.find((item) => item.productId)?.productId ?? null,
    duplicateOf,
  };
}

type Phone = { e164: string | null; problem: string | null };

/**
 * Owes the score of an order the phone rule stopped: its score is the history of the next orders, and the risk rule
 * does not act on an order that is not sent anyway, so nothing waits for it (docs/decisions/344).
 */
export async function recordRisk(
  delivery: Pick<Delivery, "shop" | "orderName">,
  payload: object,
  phone: Phone,
  context: Pick<RiskContext, "now" | "actions">,
) {
  const order = orderToScore(delivery, payload, phone, null);
  if (order) await context.actions.scoreLater(order, context.now);
}

/**
 * Scores the order, then applies the shop's rule to it. A replay the merchant asked for is never held again. With
 * the rule off nothing before the trigger reads the score: it is owed to a job that runs after the send
 * (docs/decisions/344), so the order's trigger waits for no history read.
 */
export async function screenRisk(
  delivery: Pick<Delivery, "shop" | "orderName" | "replays">,
  payload: object,
  checks: { phone: Phone; duplicateOf: string | null },
  context: RiskContext,
): Promise<RiskOutcome> {
  const order = orderToScore(delivery, payload, checks.phone, checks.duplicateOf);
  if (!order) return { send: true, flowId: null, risk: null };
  const rule = await cachedRiskRule(delivery.shop);
  if (!rule.enabled) {
    await context.actions.scoreLater(order, context.now);
    return { send: true, flowId: null, risk: null };
  }
  const risk = await scoreOrder(order, context.now);
  await context.actions.riskScored(risk);
  if (risk.score < rule.threshold) return { send: true, flowId: null, risk };
  await context.actions.oweTag(riskTag(rule, risk.level));
  return act(rule, delivery, risk, context);
}

async function act(
  rule: RiskRule,
  delivery: Pick<Delivery, "replays">,
  risk: ScoredOrderRisk,
  context: RiskContext,
): Promise<RiskOutcome> {
  if (rule.action === "hold") await context.actions.oweRiskHold(risk.orderId);
  if (rule.action === "no_flow" && delivery.replays === 0) {
    if (await context.actions.skip({ code: "held_high_risk", params: { score: risk.score } })) {
      context.log().info({ score: risk.score }, "risky order held by the shop's rule");
    }
    return { send: false };
  }
  const flowId = rule.action === "other_flow" ? rule.flowId : null;
  return { send: true, flowId, risk };
}
