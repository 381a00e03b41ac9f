import { z } from "zod";
import prisma from "../../db.server";
import { SUPPLIER_COUNTRY_CODES } from "../../lib/countries";
import { formInteger } from "../../lib/input.server";
import { appConnection, statement } from "../../lib/statement.server";
import {
  DEFAULT_ORDER_RULES,
  DUPLICATE_ACTIONS,
  MAX_DUPLICATE_WINDOW_MINUTES,
  NO_PHONE_ACTIONS,
  type DuplicateAction,
  type NoPhoneAction,
  type OrderRules,
} from "../../lib/order-rules";
import { TIME_OF_DAY_PATTERN, type SendingHours } from "../../lib/sending-hours";
import { releaseWaitingOrders } from "./sending-hours.server";

/** What saving the rules takes, from the settings page's form. */
export const orderRulesInput = z
  .object({
    noPhoneAction: z.enum(NO_PHONE_ACTIONS, { message: `must be one of ${NO_PHONE_ACTIONS.join(", ")}` }),
    phoneCountry: z
      .string()
      .optional()
      .transform((value) => value?.trim().toUpperCase() || null)
      .pipe(
        z.enum(SUPPLIER_COUNTRY_CODES, { message: `must be one of ${SUPPLIER_COUNTRY_CODES.join(", ")}` }).nullable(),
      ),
    // An empty field is the feature off. Plain decimal digits only: `Number` would also take 0x10 and 1e3.
    duplicateWindowMinutes: formInteger(0, { min: 0, max: MAX_DUPLICATE_WINDOW_MINUTES }),
    duplicateAction: z
      .enum(DUPLICATE_ACTIONS, { message: `must be one of ${DUPLICATE_ACTIONS.join(", ")}` })
      .default("send"),
    // A checkbox: present ("on" or "true") when ticked.
    sendingHoursOn: z
      .string()
      .optional()
      .transform((value) => value === "on" || value === "true"),
    sendingHoursFrom: z
      .string()
      .optional()
      .transform((value) => value?.trim() || "08:00")
      .pipe(z.string().regex(TIME_OF_DAY_PATTERN, "must be a time of day as HH:MM")),
    sendingHoursTo: z
      .string()
      .optional()
      .transform((value) => value?.trim() || "21:00")
      .pipe(z.string().regex(TIME_OF_DAY_PATTERN, "must be a time of day as HH:MM")),
  })
  .refine((rules) => !rules.sendingHoursOn || rules.sendingHoursFrom !== rules.sendingHoursTo, {
    message: "the window must not start and end at the same time",
    path: ["sendingHoursTo"],
  });

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

export async function saveOrderRules(
  shop: string,
  rules: z.output<typeof orderRulesInput>,
  now = new Date(),
): Promise<OrderRules> {
  const before = await getOrderRules(shop);
  const data = {
    noPhoneAction: rules.noPhoneAction,
    phoneCountry: rules.phoneCountry,
    duplicateWindowMinutes: rules.duplicateWindowMinutes,
    duplicateAction: rules.duplicateAction,
    sendingHoursOn: rules.sendingHoursOn,
    sendingHoursFrom: rules.sendingHoursFrom,
    sendingHoursTo: rules.sendingHoursTo,
  };
  await prisma.orderRules.upsert({ where: { shop }, create: { shop, ...data }, update: data });
  rulesCache.delete(shop);
  const after = await getOrderRules(shop);
  // The orders waiting for the old window's opening follow the new one (or go now without a window).
  if (!sameSendingHours(before.sendingHours, after.sendingHours)) await releaseWaitingOrders(shop, now);
  return after;
}

const sameSendingHours = (a: SendingHours, b: SendingHours) =>
  a.on === b.on && (!a.on || (a.from === b.from && a.to === b.to));

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
