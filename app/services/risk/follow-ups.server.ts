import { reasonsByWeight, riskReasonText } from "../../lib/risk-words";
import { fireFlowTrigger } from "../flow/send-trigger.server";
import { shopLanguage } from "../shops/language.server";
import { oweRiskAssessment } from "./assessment.server";
import type { ScoredOrderRisk } from "./store.server";

/**
 * What a saved score owes outside the app, as jobs: the admin's risk panel gets every score (the merchant filters
 * orders by it, docs/decisions/336), and a high one the platform's Flow trigger "high-risk", once per order
 * (docs/decisions/338), with the score and its reasons in the shop's language, the heaviest first, one a line. The
 * delivery worker calls it (its screening's `riskScored` action), so the checks never import the job mechanism.
 */
export async function oweScoreFollowUps(risk: ScoredOrderRisk): Promise<void> {
  await oweRiskAssessment(risk.shop, risk.orderId, risk.scoredAt);
  if (risk.level !== "high") return;
  const locale = await shopLanguage(risk.shop);
  const reasons = reasonsByWeight(risk.reasons).map((reason) => riskReasonText(locale, reason));
  await fireFlowTrigger(risk.shop, "high-risk", {
    orderId: risk.orderId,
    fields: { "Risk score": risk.score, Reasons: reasons.join("\n") },
    now: risk.scoredAt,
  });
}
