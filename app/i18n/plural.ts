import type { Locale, MessageKey } from "./index";

/** Keys that come as a plural pair: `<base>.one` and `<base>.other`. */
export type PluralBase = {
  [K in MessageKey]: K extends `${infer Base}.one` ? (`${Base}.other` extends MessageKey ? Base : never) : never;
}[MessageKey];

/**
 * The key of `base`'s plural form for `count` (Intl.PluralRules: English and Spanish have "one" and "other";
 * a language with more forms falls back to "other").
 */
export function pluralKey(locale: Locale, base: PluralBase, count: number): MessageKey {
  const form = new Intl.PluralRules(locale).select(count);
  return (form === "one" ? `${base}.one` : `${base}.other`) as MessageKey;
}
