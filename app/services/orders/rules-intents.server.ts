import { z } from "zod";
import { AppError } from "../../lib/http.server";
import { parseInput } from "../../lib/input.server";
import { BLOCKED_PHONE_ACTIONS, BLOCKLIST_LIMITS } from "../../lib/phone-blocklist";
import { blocklistSuggestions } from "../screening/blocklist-suggestions.server";
import {
  blockedPhoneAction,
  blockPhone,
  listBlockedPhones,
  saveBlockedPhoneAction,
  unblockPhone,
} from "../screening/blocklist.server";
import { shopPhoneCountry } from "../screening/phone.server";
import { getOrderRules } from "../screening/rules.server";
import { getShopSettings } from "../shops/configuration.server";
import { shopTimeZone } from "../shops/time-zone.server";
import { previewOrderRules } from "./rules-preview.server";
import { orderRulesInput, saveOrderRules } from "./rules.server";

/**
 * What the order rules page posts (app/routes/app.order-rules.ts): save the rules, preview a draft on the last 30
 * days' orders, and edit the phone blocklist (docs/decisions/337). One function per intent; the route stays a
 * composition.
 */

const blockInput = z.object({
  phone: z.string().trim().min(1, "is required").max(40, "is too long"),
  reason: z.string().max(BLOCKLIST_LIMITS.reason, "is too long").optional().default(""),
});
const unblockInput = z.object({ phone: z.string().regex(/^\+\d{6,15}$/, "must be a phone in E.164") });
const actionInput = z.object({ action: z.enum(BLOCKED_PHONE_ACTIONS) });

/** The rules as the draft says, the way they are saved. */
function draftRules(fields: Record<string, string>) {
  const input = parseInput(orderRulesInput, fields);
  return {
    noPhoneAction: input.noPhoneAction,
    phoneCountry: input.phoneCountry,
    duplicateWindowMinutes: input.duplicateWindowMinutes,
    duplicateAction: input.duplicateAction,
    sendingHours: { on: input.sendingHoursOn, from: input.sendingHoursFrom, to: input.sendingHoursTo },
  };
}

/** The country of a number typed without a code, as the worker reads the shop's orders. */
async function phoneCountry(shop: string) {
  return shopPhoneCountry(await getOrderRules(shop), await getShopSettings(shop));
}

/** The card's list, its rule and the suggestions, as the page loads them. */
export async function blocklistView(shop: string) {
  const [phones, action, suggestions] = await Promise.all([
    listBlockedPhones(shop),
    blockedPhoneAction(shop),
    blocklistSuggestions(shop, await phoneCountry(shop)),
  ]);
  return { phones, action, suggestions };
}

export async function orderRulesIntent(shop: string, fields: Record<string, string>, now = new Date()) {
  switch (fields.intent ?? "order-rules-save") {
    case "order-rules-save":
      return { rules: await saveOrderRules(shop, parseInput(orderRulesInput, fields), now) };
    case "order-rules-preview":
      return { preview: await previewOrderRules(shop, draftRules(fields), await shopTimeZone(shop, now), now) };
    case "blocklist-add": {
      const { phone, reason } = parseInput(blockInput, fields);
      await blockPhone(shop, phone, reason, await phoneCountry(shop), now);
      return { blocklist: await blocklistView(shop) };
    }
    case "blocklist-remove":
      await unblockPhone(shop, parseInput(unblockInput, fields).phone);
      return { blocklist: await blocklistView(shop) };
    case "blocklist-action":
      await saveBlockedPhoneAction(shop, parseInput(actionInput, fields).action);
      return { blocklist: await blocklistView(shop) };
    default:
      throw new AppError(400, "intent: unknown intent", "invalid_input", { field: "intent" });
  }
}
