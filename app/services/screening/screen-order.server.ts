import type { Delivery } from "@prisma/client";
import type { DeliveryError } from "../../lib/delivery-errors";
import { DUPLICATE_TAG, NO_PHONE_TAG } from "../../lib/order-rules";
import type { Logger } from "../../logger.server";
import type { GraphqlOptions } from "../platform/graphql.server";
import type { OrderToScore } from "../risk/score.server";
import type { ScoredOrderRisk } from "../risk/store.server";
import { LOOP_TEST_TAG } from "../platform/test-orders.server";
import type { ShopSettings } from "../shops/configuration.server";
import { cancelledBeforeSending, ORDER_CANCELLED } from "./cancellation.server";
import { earlierDuplicate, orderFingerprint, type FingerprintItem } from "./duplicates.server";
import { blockedPhoneCheck } from "./blocked-phone.server";
import { flagOrder } from "./flags.server";
import { buyerPhone, shopPhoneCountry, type PhoneType } from "./phone.server";
import { recordRisk, screenRisk } from "./risk-rule.server";
import { cachedOrderRules, getOrderRules } from "./rules.server";
import { waitsForSendingHours } from "./sending-hours.server";

/**
 * The shop's order rules, applied in the worker just before an order's trigger (docs/decisions/220): off the
 * webhook's acknowledgement, on the payload the worker builds anyway. The fields added to the payload are new
 * ones beside the spec's (which stay as they are). The worker (deliveries/) calls this and hands in what the checks
 * may do to its delivery (ScreenActions); nothing here imports deliveries/ (docs/decisions/287).
 */
export interface PhoneFields {
  /** The buyer's phone in E.164 (+573001234567), or null when none could be read. */
  phoneE164: string | null;
  /** Whether the number is a valid one for its country. */
  phoneValid: boolean;
  /** mobile, fixed_line, fixed_line_or_mobile (the library cannot tell), other; null when not valid. */
  phoneType: PhoneType | null;
}

/** What the checks may do to the delivery they screen: the worker's own writes, bound to its claim and clock. */
export interface ScreenActions {
  /** Not sent, with the reason; false when the claim was lost meanwhile. */
  skip(reason: DeliveryError): Promise<boolean>;
  /** Back in the queue until `dueAt`, with why it waits; false when the claim was lost meanwhile. */
  defer(reason: DeliveryError, dueAt: Date): Promise<boolean>;
  /** A tag the order is owed: tried now, and again later while the platform fails. */
  oweTag(tag: string): Promise<void>;
  /** The app's fulfilment hold for a risky order (docs/decisions/335), owed whatever the shop's hold switch. */
  oweRiskHold(orderId: string): Promise<void>;
  /** What a saved score owes outside the app: the admin's risk panel, and the Flow trigger for a high one. */
  riskScored(risk: ScoredOrderRisk): Promise<void>;
  /** The order's score owed to a job after the send, when no rule needs it before (docs/decisions/344). */
  scoreLater(order: OrderToScore, now: Date): Promise<void>;
}

export interface ScreenContext {
  settings: ShopSettings | null;
  now: Date;
  graphql: GraphqlOptions;
  log: () => Logger;
  actions: ScreenActions;
}

/** Beside the phone fields, on a likely duplicate (docs/decisions/223): the earlier order's name. */
export interface DuplicateFields {
  possibleDuplicate?: true;
  possibleDuplicateOf?: string;
}

/** `flowId`: the flow the shop's rule for risky orders sends the order to instead of the new-order flow. */
export type Screened<P> =
  { send: true; payload: P & PhoneFields & DuplicateFields; flowId?: string | null } | { send: false };

/**
 * The order's payload with the phone fields, or, when the shop's rule says so for a buyer without a usable
 * mobile, the delivery held (tagged for the team) or skipped instead: recorded with its reason, never dropped
 * silently. A replay the merchant asked for (replays > 0) is sent whatever the rule: that is what "send anyway" is.
 * The loop test's order has no buyer and is sent at once whatever the rules (docs/decisions/306).
 */
export async function screenOrder<P extends object>(
  delivery: Delivery,
  payload: P,
  context: ScreenContext,
): Promise<Screened<P>> {
  // This file's own reading first: after the first check the pass only calls out, in order, and never comes back
  // here on the way to the trigger (docs/architecture.md, "The worker's walk").
  const body = JSON.parse(delivery.payload ?? "{}") as Record<string, unknown>;
  const order = storedOrder(body);
  const loopTest = isLoopTestOrder(delivery, body);
  // The window first: a night's wait asks the platform nothing; the cancellation check runs when the order goes out.
  const rules = await cachedOrderRules(delivery.shop);
  const currentHours = async () => (await getOrderRules(delivery.shop)).sendingHours;
  const waitContext = { ...context, currentHours, defer: context.actions.defer };
  if (!loopTest && (await waitsForSendingHours(delivery, rules.sendingHours, waitContext))) {
    context.log().info("order waits for the shop's sending hours");
    return { send: false };
  }
  if (await cancelledBeforeSending(delivery, order, context)) {
    if (await context.actions.skip(ORDER_CANCELLED)) {
      context.log().info("order cancelled before its trigger; not sent");
    }
    return { send: false };
  }
  const country = shopPhoneCountry(rules, context.settings);
  const phone = buyerPhone(body, country);
  const phoneFields: PhoneFields = { phoneE164: phone.e164, phoneValid: phone.valid, phoneType: phone.type };
  if (loopTest) return { send: true, payload: { ...payload, ...phoneFields } };
  if (await blockedPhoneCheck(delivery, phone.e164, context)) return { send: false };
  if (!phone.usableMobile) await flagOrder(delivery, "no_phone", phone.problem);
  const noPhoneAction = delivery.replays > 0 || phone.usableMobile ? "send" : rules.noPhoneAction;
  const phoneFacts = { e164: phone.e164, problem: phone.problem };
  if (noPhoneAction !== "send") {
    // Scored all the same (the history of the next orders), later, with no rule of its own: the phone rule stopped it.
    await recordRisk(delivery, payload, phoneFacts, context);
    const reason: DeliveryError = { code: noPhoneAction === "hold" ? "held_no_mobile" : "no_mobile" };
    if (!(await context.actions.skip(reason))) return { send: false };
    context.log().info({ reason: reason.code, problem: phone.problem }, "order not sent by the shop's phone rule");
    if (noPhoneAction === "hold") await context.actions.oweTag(NO_PHONE_TAG);
    return { send: false };
  }

  // The name of an earlier order this one likely repeats, when the shop checks for duplicates.
  const lineItems = (payload as { lineItems?: FingerprintItem[] }).lineItems ?? [];
  const duplicateOf =
    rules.duplicateWindowMinutes && phone.e164
      ? await earlierDuplicate(delivery, orderFingerprint(phone.e164, lineItems), rules.duplicateWindowMinutes, country)
      : null;
  if (duplicateOf) {
    await flagOrder(delivery, "possible_duplicate", duplicateOf);
    await context.actions.oweTag(DUPLICATE_TAG);
    if (rules.duplicateAction === "hold" && delivery.replays === 0) {
      if (await context.actions.skip({ code: "held_possible_duplicate" })) {
        context.log().info({ duplicateOf }, "likely duplicate held by the shop's rule");
      }
      return { send: false };
    }
  }
  // The last check (docs/decisions/335): the return-risk score, and the shop's rule for risky orders.
  const risk = await screenRisk(delivery, payload, { phone: phoneFacts, duplicateOf }, context);
  if (!risk.send) return { send: false };
  const marks: DuplicateFields = duplicateOf ? { possibleDuplicate: true, possibleDuplicateOf: duplicateOf } : {};
  return { send: true, payload: { ...payload, ...phoneFields, ...marks }, flowId: risk.flowId };
}

/** The order inside a stored body: the spec's `{ order: {...} }` or the bare REST body. */
function storedOrder(body: Record<string, unknown>): Record<string, unknown> {
  const inner = body.order;
  return inner && typeof inner === "object" && !Array.isArray(inner) ? (inner as Record<string, unknown>) : body;
}

/**
 * Whether an orders/create body is a loop test's order: a test order carrying the test's tag. It has no buyer, so the
 * merchant's order rules (sending hours, no mobile, duplicates) are not for it (docs/decisions/306). Read here, the
 * checks' one caller, rather than in loop-test/ (which places and removes the test's orders): a walk into another
 * module for one tag comparison (docs/architecture.md, "The worker's walk").
 */
function isLoopTestOrder(delivery: { test: boolean }, body: Record<string, unknown>): boolean {
  if (!delivery.test) return false;
  const tags = typeof body.tags === "string" ? body.tags.split(",") : Array.isArray(body.tags) ? body.tags : [];
  return tags.some((tag) => String(tag).trim() === LOOP_TEST_TAG);
}
