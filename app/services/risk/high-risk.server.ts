import { riskReasonText, reasonsByWeight } from "../../lib/risk-words";
import { fireFlowTrigger } from "../flow/send-trigger.server";
import { shopLanguage } from "../shops/language.server";
import type { ScoredOrderRisk } from "./store.server";

/**
 * The one place an order scored high-risk is announced, after its score is saved and before the shop's risk rule
 * acts on it (the rule is the screening's: app/services/screening/screen-order.server.ts): the platform's Flow
 * trigger "high-risk", once per order (docs/decisions/338), with the score and its reasons in the shop's language,
 * the heaviest first, one a line.
 */
export async function onHighRiskOrder(risk: ScoredOrderRisk): Promise<void> {
  const locale = await shopLanguage(risk.shop);
  const reasons = reasonsByWeight(risk.reasons).map((reason) => riskReasonText(locale, reason));
  await fireFlowTrigger(risk.shop, "high-risk", {
    orderId: risk.orderId,
    fields: { "Risk score": risk.score, Reasons: reasons.join("\n") },
    now: risk.scoredAt,
  });
}
