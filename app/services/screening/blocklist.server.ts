import prisma from "../../db.server";
import { AppError } from "../../lib/http.server";
import {
  BLOCKED_PHONE_ACTIONS,
  BLOCKLIST_LIMITS,
  DEFAULT_BLOCKED_PHONE_ACTION,
  type BlockedPhoneAction,
  type BlockedPhoneEntry,
} from "../../lib/phone-blocklist";
import type { CustomerDataHolder, CustomerRef } from "../shops/customer-data.server";
import { normalisePhone } from "./phone.server";
import { appConnection, statement } from "../../lib/statement.server";

/**
 * The phones the merchant blocked (docs/decisions/337): kept in E.164 as phone.server.ts normalises them, so the
 * worker's check compares the number it already read from the order. Buyer data: listed in a data request, erased
 * with customers/redact and the shop's data.
 */

export async function listBlockedPhones(shop: string): Promise<BlockedPhoneEntry[]> {
  const rows = await prisma.blockedPhone.findMany({ where: { shop }, orderBy: { createdAt: "desc" } });
  return rows.map((row) => ({ phone: row.phone, reason: row.reason, createdAt: row.createdAt.toISOString() }));
}

/** Adds (or re-words) a blocked phone typed by the merchant, read as the shop's orders are read. */
export async function blockPhone(shop: string, raw: string, reason: string, country: string | null, now = new Date()) {
  const phone = normalisePhone(raw, [country]);
  if (!phone.e164) throw AppError.forField("phone", "is not a valid number", { code: "invalid_phone" });
  const count = await prisma.blockedPhone.count({ where: { shop } });
  const known = await prisma.blockedPhone.findUnique({ where: { shop_phone: { shop, phone: phone.e164 } } });
  if (!known && count >= BLOCKLIST_LIMITS.phones) {
    throw new AppError(400, "The blocklist is full", "blocklist_full", { limit: BLOCKLIST_LIMITS.phones });
  }
  const text = reason.trim().slice(0, BLOCKLIST_LIMITS.reason);
  await prisma.blockedPhone.upsert({
    where: { shop_phone: { shop, phone: phone.e164 } },
    create: { shop, phone: phone.e164, reason: text, createdAt: now },
    update: { reason: text },
  });
  return phone.e164;
}

export async function unblockPhone(shop: string, phone: string) {
  const { count } = await prisma.blockedPhone.deleteMany({ where: { shop, phone } });
  return count;
}

const blockedReason = statement<{ shop: string; phone: string }>`
  SELECT "reason" FROM "BlockedPhone" WHERE "shop" = ${"shop"} AND "phone" = ${"phone"}`;

/** The order path's check: the merchant's reason when the order's phone (E.164) is blocked, else null. */
export async function blockedPhoneReason(shop: string, e164: string | null): Promise<string | null> {
  if (!e164) return null;
  const [row] = await appConnection().query<{ reason: string }, { shop: string; phone: string }>(blockedReason, {
    shop,
    phone: e164,
  });
  return row ? row.reason : null;
}

export async function blockedPhoneAction(shop: string): Promise<BlockedPhoneAction> {
  const row = await prisma.blockedPhoneRule.findUnique({ where: { shop } });
  const action = row?.action as BlockedPhoneAction | undefined;
  return action && BLOCKED_PHONE_ACTIONS.includes(action) ? action : DEFAULT_BLOCKED_PHONE_ACTION;
}

export async function saveBlockedPhoneAction(shop: string, action: BlockedPhoneAction) {
  await prisma.blockedPhoneRule.upsert({ where: { shop }, create: { shop, action }, update: { action } });
}

/** The customer's phone as the blocklist keeps it (a privacy request sends it as the platform stored it). */
function customerPhone(customer: CustomerRef) {
  return normalisePhone(customer.phone, []).e164;
}

/** The blocklist as a holder of customer data (app/services/shops/privacy.server.ts). */
export const blockedPhones: CustomerDataHolder = {
  name: "blockedPhones",
  async describe(shop, customer) {
    const phone = customerPhone(customer);
    return phone ? prisma.blockedPhone.count({ where: { shop, phone } }) : 0;
  },
  async redact(shop, customer) {
    const phone = customerPhone(customer);
    return phone ? (await prisma.blockedPhone.deleteMany({ where: { shop, phone } })).count : 0;
  },
};
