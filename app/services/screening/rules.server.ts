import {
  DEFAULT_ORDER_RULES,
  DUPLICATE_ACTIONS,
  NO_PHONE_ACTIONS,
  type DuplicateAction,
  type NoPhoneAction,
  type OrderRules,
} from "../../lib/order-rules";
import { appConnection, statement } from "../../lib/statement.server";

/** A shop's order rules as the engine gives them: SQLite's booleans as 0/1, counts maybe as bigint. */
interface RulesRow {
  noPhoneAction: string;
  phoneCountry: string | null;
  duplicateWindowMinutes: number | bigint;
  duplicateAction: string;
  sendingHoursOn: boolean | number | bigint;
  sendingHoursFrom: string;
  sendingHoursTo: string;
}

/** A shop's order rules: plain SQL, as the order path's other reads (docs/decisions/120, 160). */
const orderRules = statement<{ shop: string }>`
    SELECT "noPhoneAction", "phoneCountry", "duplicateWindowMinutes", "duplicateAction", "sendingHoursOn",
      "sendingHoursFrom", "sendingHoursTo"
    FROM "OrderRules" WHERE "shop" = ${"shop"}`;

/** The shop's rules, or the defaults when it never saved any. On the order path: the worker reads them per order. */
export async function getOrderRules(shop: string): Promise<OrderRules> {
  const row = (await appConnection().query<RulesRow, { shop: string }>(orderRules, { shop }))[0];
  if (!row) return DEFAULT_ORDER_RULES;
  const action = row.noPhoneAction as NoPhoneAction;
  const duplicateAction = row.duplicateAction as DuplicateAction;
  return {
    noPhoneAction: NO_PHONE_ACTIONS.includes(action) ? action : DEFAULT_ORDER_RULES.noPhoneAction,
    phoneCountry: row.phoneCountry,
    duplicateWindowMinutes: Number(row.duplicateWindowMinutes),
    duplicateAction: DUPLICATE_ACTIONS.includes(duplicateAction) ? duplicateAction : "send",
    // SQLite returns the boolean as 0 or 1.
    sendingHours: { on: Boolean(Number(row.sendingHoursOn)), from: row.sendingHoursFrom, to: row.sendingHoursTo },
  };
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

/** Forgets the shop's copy (saving its rules), or every copy (tests start each case with an empty database). */
export function forgetOrderRules(shop?: string) {
  if (shop === undefined) rulesCache.clear();
  else rulesCache.delete(shop);
}
