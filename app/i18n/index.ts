import { en, type MessageKey, type Messages } from "./en";
import { es } from "./es";

export type { MessageKey } from "./en";

export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

const catalogues: Record<Locale, Messages> = { en, es };

/**
 * The language for an admin locale tag ("es", "es-CO", "en-US", "pt-BR"): its primary subtag when
 * the app speaks it, English otherwise.
 */
export function resolveLocale(tag: string | null | undefined): Locale {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(primary ?? "") ? (primary as Locale) : DEFAULT_LOCALE;
}

export type Vars = Record<string, string | number>;

export function translate(locale: Locale, key: MessageKey, vars: Vars = {}): string {
  const template = catalogues[locale][key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** The keys that come in plural forms: `<base>.one` and `<base>.other` (Spanish and English need no more). */
export type PluralBase = {
  [K in MessageKey]: K extends `${infer Base}.other` ? (`${Base}.one` extends MessageKey ? Base : never) : never;
}[MessageKey];

/** The plural form of `base` for `count` by the language's rules (Intl.PluralRules), `{count}` formatted. */
export function translatePlural(
  locale: Locale,
  formatLocale: string,
  base: PluralBase,
  count: number,
  vars: Vars = {},
) {
  const category = new Intl.PluralRules(locale).select(count);
  const key = (category === "one" ? `${base}.one` : `${base}.other`) as MessageKey;
  const formatted = formatNumber(formatLocale, count);
  return translate(locale, key, { count: formatted, total: formatted, ...vars });
}

/** Whether a dynamic key (a status or topic from the API) has a translation. */
export function hasMessage(key: string): key is MessageKey {
  return key in en;
}

// The admin's locale tag keeps the region (es-CO formats "$ 1.234,50"); the language alone picks the strings.
export function formatMoney(locale: string, amount: number | string | null | undefined, currency?: string | null) {
  if (amount === null || amount === undefined || amount === "") return "—";
  const value = typeof amount === "number" ? amount : Number(amount);
  if (!Number.isFinite(value)) return String(amount);
  if (!currency) return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(value);
}

export function formatNumber(locale: string, value: number) {
  return new Intl.NumberFormat(locale).format(value);
}
