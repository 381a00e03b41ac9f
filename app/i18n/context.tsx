import { createContext, useContext, useMemo, type ReactNode } from "react";
import { DEFAULT_TIME_ZONE, formatShopDate, formatShopDateTime } from "~/lib/time-zone";
import {
  formatMoney,
  formatNumber,
  resolveLocale,
  translate,
  translatePlural,
  type Locale,
  type PluralBase,
  type MessageKey,
  type Vars,
} from "./index";

export interface I18n {
  /** The language of the strings. */
  locale: Locale;
  /** The admin's full locale tag, for Intl formatting (region-specific separators and currency symbols). */
  formatLocale: string;
  t: (key: MessageKey, vars?: Vars) => string;
  /** A message in its plural form for `count` ("1 product", "2 productos"). */
  tp: (base: PluralBase, count: number, vars?: Vars) => string;
  money: (amount: number | string | null | undefined, currency?: string | null) => string;
  /** The shop's IANA time zone: every date and time is shown in it, on the server and in the browser alike. */
  timeZone: string;
  dateTime: (iso: string | Date | null | undefined) => string;
  date: (iso: string | Date | null | undefined) => string;
  number: (value: number) => string;
}

export function createI18n(tag: string | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): I18n {
  const locale = resolveLocale(tag);
  const formatLocale = safeFormatLocale(tag, locale);
  return {
    locale,
    formatLocale,
    t: (key, vars) => translate(locale, key, vars),
    tp: (base, count, vars) => translatePlural(locale, formatLocale, base, count, vars),
    money: (amount, currency) => formatMoney(formatLocale, amount, currency),
    timeZone,
    dateTime: (iso) => formatShopDateTime(iso, timeZone, formatLocale),
    date: (iso) => formatShopDate(iso, timeZone, formatLocale),
    number: (value) => formatNumber(formatLocale, value),
  };
}

// A tag Intl does not know (or one in another language than the strings) falls back to the strings' language.
function safeFormatLocale(tag: string | null | undefined, locale: Locale) {
  if (!tag || resolveLocale(tag) !== locale) return locale;
  try {
    return Intl.getCanonicalLocales(tag.replace("_", "-"))[0] ?? locale;
  } catch {
    return locale;
  }
}

const I18nContext = createContext<I18n>(createI18n("en"));

export function I18nProvider({
  tag,
  timeZone = DEFAULT_TIME_ZONE,
  children,
}: {
  tag: string;
  timeZone?: string;
  children: ReactNode;
}) {
  const value = useMemo(() => createI18n(tag, timeZone), [tag, timeZone]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n() {
  return useContext(I18nContext);
}
