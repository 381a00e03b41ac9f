import type { I18n } from "~/i18n/context";
import { hasMessage, type MessageKey } from "~/i18n";
import type { PluralBase } from "~/i18n";

/** A return-risk reason as stored (app/services/risk/store.server.ts): its code, points and figures. */
export interface RiskReasonView {
  code: string;
  points: number;
  values?: Record<string, string | number>;
}

/**
 * A reason in the merchant's language: "2 devoluciones con este teléfono", "Ciudad con 38 % de devoluciones". A count
 * takes the language's plural form; a code no longer known (a stored row from an older version) is shown as its code.
 */
export function riskReasonText({ t, tp }: Pick<I18n, "t" | "tp">, reason: RiskReasonView): string {
  const values = reason.values ?? {};
  const base = `risk.reason.${reason.code}`;
  if (hasMessage(`${base}.other`) && typeof values.count === "number") {
    return tp(base as PluralBase, values.count);
  }
  return hasMessage(base) ? t(base as MessageKey, values) : reason.code;
}
