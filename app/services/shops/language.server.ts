import prisma from "../../db.server";
import { resolveLocale, type Locale } from "../../i18n";
import { appConnection, statement } from "../../lib/statement.server";

/**
 * The shop's language on the server (docs/decisions/290): the one the merchant last used the app's admin in, as
 * one the app speaks. Spanish until the merchant first opens the app: the language of the shops it serves, and of
 * the app's notes before they followed the merchant.
 */
export const LANGUAGE_BEFORE_FIRST_VISIT: Locale = "es";

/** Keeps the admin's language tag ("es-CO", "en-US") the merchant opened the app in; written only when it changes. */
export async function rememberShopLanguage(shop: string, tag: string | null | undefined, now = new Date()) {
  // A document request without the admin's `locale` says nothing about the merchant's language.
  if (!tag?.trim()) return;
  const locale = resolveLocale(tag);
  const stored = await prisma.shopLanguage.findUnique({ where: { shop } });
  if (stored?.locale === locale) return;
  await prisma.shopLanguage.upsert({
    where: { shop },
    create: { shop, locale, seenAt: now },
    update: { locale, seenAt: now },
  });
}

const storedLanguage = statement<{ shop: string }>`SELECT "locale" FROM "ShopLanguage" WHERE "shop" = ${"shop"}`;

/** Read by work done for every order (the risk panel's words, Flow's reasons): on the app's connection. */
export async function shopLanguage(shop: string): Promise<Locale> {
  const [stored] = await appConnection().query<{ locale: string }, { shop: string }>(storedLanguage, { shop });
  return stored ? resolveLocale(stored.locale) : LANGUAGE_BEFORE_FIRST_VISIT;
}
