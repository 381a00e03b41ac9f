import { hasMessage, translate, type Locale, type MessageKey } from "../i18n";

/**
 * The score's words, in one place for every page, the export and the platform's risk panel: a level and each
 * reason's stable code worded in the merchant's language. A code this app has no words for yet is still shown,
 * by its code, never dropped.
 */

export interface RiskReasonWords {
  code: string;
  points: number;
  values?: Record<string, string | number>;
}

export function riskLevelText(locale: Locale, level: string): string {
  const key = `risk.level.${level}`;
  return hasMessage(key) ? translate(locale, key) : level;
}

export function riskReasonText(locale: Locale, reason: RiskReasonWords): string {
  const key = `risk.reason.${reason.code}`;
  const values = { count: "", ...reason.values, code: reason.code, points: reason.points };
  return hasMessage(key)
    ? translate(locale, key as MessageKey, values)
    : translate(locale, "risk.reason.other", values);
}

/** "+20 points" or "-10 points": what the reason added to the score. */
export function riskPointsText(locale: Locale, points: number): string {
  return translate(locale, points >= 0 ? "risk.points.up" : "risk.points.down", { points });
}

/** The reasons that weigh most first (ties by code, so every page lists them in one order). */
export function reasonsByWeight<T extends RiskReasonWords>(reasons: T[]): T[] {
  return [...reasons].sort((a, b) => Math.abs(b.points) - Math.abs(a.points) || a.code.localeCompare(b.code));
}
