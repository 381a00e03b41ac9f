import { hasMessage, translate, translatePlural, type Locale, type MessageKey, type PluralBase } from "../i18n";

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

/**
 * "2 devoluciones con este teléfono", "Ciudad con 38 % de devoluciones": a count takes the language's plural form; a
 * code this app has no words for (a row from an older version) is worded as "other signal (code)".
 */
export function riskReasonText(locale: Locale, reason: RiskReasonWords): string {
  const base = `risk.reason.${reason.code}`;
  const values: Record<string, string | number> = { ...reason.values, code: reason.code, points: reason.points };
  const { count, ...others } = values;
  if (hasMessage(`${base}.other`) && typeof count === "number") {
    return translatePlural(locale, locale, base as PluralBase, count, others);
  }
  return hasMessage(base)
    ? translate(locale, base as MessageKey, values)
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
