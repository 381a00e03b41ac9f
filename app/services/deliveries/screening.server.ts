import type { Delivery } from "@prisma/client";
import prisma from "../../db.server";
import type { DeliveryError } from "../../lib/delivery-errors";
import { NO_PHONE_TAG, type OrderRules } from "../../lib/order-rules";
import type { Logger } from "../../logger.server";
import { addOrderTags } from "../automation/order-tags.server";
import { getOfflineSession, type GraphqlOptions } from "../platform/graphql.server";
import { cancelledBeforeSending } from "../orders/cancellation.server";
import { cachedOrderRules } from "../orders/rules.server";
import type { ShopSettings } from "../shops/configuration.server";
import { addAppliedTags } from "./outbox.server";
import { buyerPhone, type NormalisedPhone, type PhoneType } from "./phone.server";
import { skipDelivery } from "./queue.server";

/**
 * The shop's order rules, applied in the worker just before an order's trigger (docs/decisions/220): off the
 * webhook's acknowledgement, on the payload the worker builds anyway. The fields added to the payload are new
 * ones beside the spec's (which stay as they are).
 */
export interface PhoneFields {
  /** The buyer's phone in E.164 (+573001234567), or null when none could be read. */
  phoneE164: string | null;
  /** Whether the number is a valid one for its country. */
  phoneValid: boolean;
  /** mobile, fixed_line, fixed_line_or_mobile (the library cannot tell), other; null when not valid. */
  phoneType: PhoneType | null;
}

export function phoneFields(phone: NormalisedPhone): PhoneFields {
  return { phoneE164: phone.e164, phoneValid: phone.valid, phoneType: phone.type };
}

/** The country a number typed without its code belongs to when the order names none: the rule's, else the supplier's. */
export function shopPhoneCountry(rules: OrderRules, settings: Pick<ShopSettings, "supplierCountry"> | null) {
  return rules.phoneCountry ?? settings?.supplierCountry ?? null;
}

export interface ScreenContext {
  settings: ShopSettings | null;
  now: Date;
  graphql: GraphqlOptions;
  log: () => Logger;
}

export type Screened<P> = { send: true; payload: P & PhoneFields } | { send: false };

/**
 * The order's payload with the phone fields, or, when the shop's rule says so for a buyer without a usable
 * mobile, the delivery held (tagged for the team) or skipped instead: recorded with its reason, never dropped
 * silently. A replay the merchant asked for (replays > 0) is sent whatever the rule: that is what "send anyway" is.
 */
export async function screenOrder<P extends object>(
  delivery: Delivery,
  payload: P,
  context: ScreenContext,
): Promise<Screened<P>> {
  const body = JSON.parse(delivery.payload ?? "{}") as Record<string, unknown>;
  if (await cancelledBeforeSending(delivery, body, context)) {
    if (await skipDelivery(delivery, { code: "order_cancelled" }, context.now)) {
      context.log().info("order cancelled before its trigger; not sent");
    }
    return { send: false };
  }
  const rules = await cachedOrderRules(delivery.shop);
  const phone = buyerPhone(body, shopPhoneCountry(rules, context.settings));
  if (!phone.usableMobile) await flagOrder(delivery, "no_phone", phone.problem);
  const action = delivery.replays > 0 || phone.usableMobile ? "send" : rules.noPhoneAction;
  if (action === "send") return { send: true, payload: { ...payload, ...phoneFields(phone) } };

  const reason: DeliveryError = { code: action === "hold" ? "held_no_mobile" : "no_mobile" };
  if (!(await skipDelivery(delivery, reason, context.now))) return { send: false };
  context.log().info({ reason: reason.code, problem: phone.problem }, "order not sent by the shop's phone rule");
  if (action === "hold") await tagHeldOrder(delivery, context);
  return { send: false };
}

/** One row per order and kind: a replay of the same order does not count it twice. */
async function flagOrder(delivery: Pick<Delivery, "id" | "shop">, kind: string, reason: string | null) {
  await prisma.orderFlag.upsert({
    where: { deliveryId_kind: { deliveryId: delivery.id, kind } },
    create: { shop: delivery.shop, deliveryId: delivery.id, kind, reason },
    update: { reason },
  });
}

/**
 * The held order's tag, so the merchant's team finds it in the admin. A failure is logged and left: the delivery
 * already says it is held, and the page offers to send it.
 */
async function tagHeldOrder(delivery: Delivery, context: ScreenContext) {
  if (!delivery.orderId) return;
  try {
    const session = await getOfflineSession(delivery.shop);
    if (!session) return context.log().warn("no offline session to tag the held order with");
    if (await addOrderTags(session, delivery.orderId, [NO_PHONE_TAG], context.graphql)) {
      await addAppliedTags(delivery.id, [NO_PHONE_TAG]);
    } else {
      context.log().warn("the held order is gone from the platform; not tagged");
    }
  } catch (error) {
    context
      .log()
      .error({ err: error instanceof Error ? error.message : String(error) }, "could not tag the held order");
  }
}
