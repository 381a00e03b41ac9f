import type { RiskReasonWords } from "./risk-words";

/** The log's filter by return risk, highest first (docs/decisions/334's levels). */
export const RISK_LEVELS = ["high", "medium", "low"] as const;
export type RiskLevelFilter = (typeof RISK_LEVELS)[number];

export const isRiskLevel = (value: unknown): value is RiskLevelFilter =>
  typeof value === "string" && (RISK_LEVELS as readonly string[]).includes(value);

/** An order's score as a log row shows it. */
export interface RiskSummary {
  score: number;
  level: string;
  reasons: RiskReasonWords[];
}
