import { z } from "zod";
import prisma from "../../db.server";
import { SUPPLIER_COUNTRY_CODES } from "../../lib/countries";
import { formInteger } from "../../lib/input.server";
import {
  DUPLICATE_ACTIONS,
  MAX_DUPLICATE_WINDOW_MINUTES,
  NO_PHONE_ACTIONS,
  type OrderRules,
} from "../../lib/order-rules";
import { TIME_OF_DAY_PATTERN, type SendingHours } from "../../lib/sending-hours";
import { wakeWorkers } from "../deliveries/wake.server";
import { forgetOrderRules, getOrderRules } from "../screening/rules.server";

/*
 * Saving the shop's order rules from the settings page, and what a change of the sending hours does to the orders
 * already waiting. The checks read the rules (app/services/screening/rules.server.ts).
 */

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
  forgetOrderRules(shop);
  const after = await getOrderRules(shop);
  // The orders waiting for the old window's opening follow the new one (or go now without a window).
  if (!sameSendingHours(before.sendingHours, after.sendingHours)) await releaseWaitingOrders(shop, now);
  return after;
}

const sameSendingHours = (a: SendingHours, b: SendingHours) =>
  a.on === b.on && (!a.on || (a.from === b.from && a.to === b.to));

/**
 * The merchant turned the sending hours off or changed them: the orders already waiting for the old opening are due
 * now, each at its receipt time so they are claimed in the order received, and no longer say when the old window
 * opens. The worker then sends them, or puts each back to wait for the new opening with its place in the night's
 * queue (waitsForSendingHours). One statement for the shop's waiting orders, however many. Returns how many.
 */
export async function releaseWaitingOrders(shop: string, now = new Date()): Promise<number> {
  const released = await prisma.$executeRaw`
    UPDATE "Delivery"
    SET "nextAttemptAt" = "createdAt", "lastError" = NULL, "lastErrorCode" = NULL, "lastErrorParams" = NULL,
      "updatedAt" = ${now}
    WHERE "shop" = ${shop} AND "topic" = 'orders/create' AND "status" = 'queued'
      AND "lastErrorCode" = 'waiting_for_window'`;
  if (released) wakeWorkers();
  return released;
}
