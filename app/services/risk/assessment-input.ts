import type { Locale } from "../../i18n";
import { translate } from "../../i18n";
import { reasonsByWeight, riskLevelText, riskReasonText } from "../../lib/risk-words";
import type { RiskLevel, RiskReason } from "./store.server";

/**
 * An order's score as the platform's risk assessment (orderRiskAssessmentCreate, docs/decisions/336): the level
 * maps one to one (low, medium, high to LOW, MEDIUM, HIGH; the app never says NONE or PENDING: a score exists or
 * nothing is sent); the first fact names the score, then each reason, heaviest first, as a fact whose sentiment is
 * the sign of its points. The platform takes at most 20 facts and cuts a description at 256 characters.
 */

export const MAX_FACTS = 20;
const MAX_DESCRIPTION = 256;

export type AssessmentRiskLevel = "LOW" | "MEDIUM" | "HIGH";
export type FactSentiment = "NEGATIVE" | "NEUTRAL" | "POSITIVE";

export interface AssessmentInput {
  orderId: string;
  riskLevel: AssessmentRiskLevel;
  facts: { description: string; sentiment: FactSentiment }[];
}

const LEVELS: Record<RiskLevel, AssessmentRiskLevel> = { low: "LOW", medium: "MEDIUM", high: "HIGH" };

export function sentimentOf(points: number): FactSentiment {
  if (points > 0) return "NEGATIVE";
  if (points < 0) return "POSITIVE";
  return "NEUTRAL";
}

export function assessmentInput(
  risk: { orderId: string; score: number; level: RiskLevel; reasons: RiskReason[] },
  locale: Locale,
): AssessmentInput {
  const level = riskLevelText(locale, risk.level).toLowerCase();
  const summary = {
    description: translate(locale, "risk.assessment.summary", { score: risk.score, level }),
    sentiment: sentimentOf(risk.level === "low" ? -1 : risk.level === "high" ? 1 : 0),
  };
  const reasons = reasonsByWeight(risk.reasons)
    .slice(0, MAX_FACTS - 1)
    .map((reason) => ({ description: riskReasonText(locale, reason), sentiment: sentimentOf(reason.points) }));
  return {
    orderId: risk.orderId,
    riskLevel: LEVELS[risk.level] ?? "MEDIUM",
    facts: [summary, ...reasons].map((fact) => ({ ...fact, description: fact.description.slice(0, MAX_DESCRIPTION) })),
  };
}
