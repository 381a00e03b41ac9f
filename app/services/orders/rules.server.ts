import { z } from "zod";
import prisma from "../../db.server";
import { SUPPLIER_COUNTRY_CODES } from "../../lib/countries";
import { hotSql } from "../../lib/hot-sql.server";
import { DEFAULT_ORDER_RULES, NO_PHONE_ACTIONS, type NoPhoneAction, type OrderRules } from "../../lib/order-rules";

/** What saving the rules takes, from the settings page's form. */
export const orderRulesInput = z.object({
  noPhoneAction: z.enum(NO_PHONE_ACTIONS, { message: `must be one of ${NO_PHONE_ACTIONS.join(", ")}` }),
  phoneCountry: z
    .string()
    .optional()
    .transform((value) => value?.trim().toUpperCase() || null)
    .pipe(
      z.enum(SUPPLIER_COUNTRY_CODES, { message: `must be one of ${SUPPLIER_COUNTRY_CODES.join(", ")}` }).nullable(),
    ),
});

type RulesRow = { noPhoneAction: string; phoneCountry: string | null };

/** The shop's rules, or the defaults when it never saved any. Plain SQL: the worker reads it once per claim. */
export async function getOrderRules(shop: string): Promise<OrderRules> {
  const rows = await hotSql().query<RulesRow>`
    SELECT "noPhoneAction", "phoneCountry" FROM "OrderRules" WHERE "shop" = ${shop}`;
  if (!rows.length) return DEFAULT_ORDER_RULES;
  const action = rows[0].noPhoneAction as NoPhoneAction;
  return {
    noPhoneAction: NO_PHONE_ACTIONS.includes(action) ? action : DEFAULT_ORDER_RULES.noPhoneAction,
    phoneCountry: rows[0].phoneCountry,
  };
}

export async function saveOrderRules(shop: string, rules: z.output<typeof orderRulesInput>): Promise<OrderRules> {
  const data = { noPhoneAction: rules.noPhoneAction, phoneCountry: rules.phoneCountry };
  await prisma.orderRules.upsert({ where: { shop }, create: { shop, ...data }, update: data });
  rulesCache.delete(shop);
  return getOrderRules(shop);
}

// The worker reads the rules per order; a short-lived copy per shop spares the database a read per order. Saving
// clears it in this process; other processes see a change within RULES_TTL_MS.
const RULES_TTL_MS = 5_000;
const rulesCache = new Map<string, { rules: Promise<OrderRules>; until: number }>();

export function cachedOrderRules(shop: string): Promise<OrderRules> {
  const cached = rulesCache.get(shop);
  if (cached && cached.until > Date.now()) return cached.rules;
  const rules = getOrderRules(shop);
  rulesCache.set(shop, { rules, until: Date.now() + RULES_TTL_MS });
  // A failed read is not kept.
  rules.catch(() => rulesCache.delete(shop));
  return rules;
}

/** Tests start each case with an empty database: nothing read before may stand. */
export function forgetOrderRules() {
  rulesCache.clear();
}
