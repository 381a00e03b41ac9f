import type { Delivery } from "@prisma/client";
import type { DeliveryError } from "../../lib/delivery-errors";
import { BLOCKED_PHONE_TAG } from "../../lib/phone-blocklist";
import { blockedPhoneAction, blockedPhoneReason } from "./blocklist.server";
import { flagOrder } from "./flags.server";
import type { Logger } from "../../logger.server";

/**
 * The blocklist's check on the order path (docs/decisions/337): an order from a phone the merchant blocked is
 * flagged like the other checks' finds and, as the shop's rule says, held for the team (tagged, "send anyway"
 * sends it) or not sent. A replay the merchant asked for is sent. True when the order is not to be sent.
 */
export async function blockedPhoneCheck(
  delivery: Delivery,
  e164: string | null,
  context: {
    actions: { skip(reason: DeliveryError): Promise<boolean>; oweTag(tag: string): Promise<void> };
    log: () => Logger;
  },
): Promise<boolean> {
  const reason = await blockedPhoneReason(delivery.shop, e164);
  if (reason === null) return false;
  await flagOrder(delivery, "blocked_phone", reason || null);
  if (delivery.replays > 0) return false;
  const action = await blockedPhoneAction(delivery.shop);
  const code: DeliveryError = { code: action === "hold" ? "held_blocked_phone" : "blocked_phone" };
  if (!(await context.actions.skip(code))) return true;
  context.log().info({ reason: code.code }, "order from a blocked phone not sent by the shop's rule");
  if (action === "hold") await context.actions.oweTag(BLOCKED_PHONE_TAG);
  return true;
}
