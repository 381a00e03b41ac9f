import { z } from "zod";
import type { Answer } from "../../lib/answer-rules";
import { oweFulfilmentTask } from "./tasks.server";
import { holdPolicyOf } from "./settings.server";

/**
 * When the app holds, releases and cancels (docs/decisions/211): each step only owes a durable task
 * (./tasks.server.ts), so a webhook or a callback answers at once and nothing owed is lost.
 */

const routingComplete = z.object({
  fulfillment_order: z.object({ id: z.union([z.string().min(1), z.number()]) }),
});

/** A fulfilment order id as the webhook gives it (the gid, or the bare number of older payloads). */
function fulfillmentOrderGid(id: string | number) {
  const text = String(id);
  return text.startsWith("gid://")
    ? text.replace("gid://platform/", "gid://shopify/")
    : `gid://shopify/FulfillmentOrder/${text}`;
}

/**
 * fulfillment_orders/order_routing_complete: the order's fulfilment orders exist now, so the hold can be placed. The
 * task itself decides whether one is wanted (the answer may come meanwhile). Nothing is owed while holds are off.
 */
export async function onRoutingComplete(shop: string, payload: unknown): Promise<boolean> {
  const { fulfillment_order: fulfillmentOrder } = routingComplete.parse(payload);
  if (!(await holdPolicyOf(shop)).enabled) return false;
  return oweFulfilmentTask(shop, { kind: "hold", subject: fulfillmentOrderGid(fulfillmentOrder.id), reason: "routed" });
}

/**
 * A new answer from the flow's callback (docs/decisions/210): confirmed releases the app's holds; refused follows
 * the shop's policy. The flow's no answer is recorded only (docs/decisions/305): the buyer may still answer, and the
 * no-answer policy waits for the shop's hours (onNoAnswerTimeout). A repeated answer owes nothing new (each task is
 * owed once per order).
 */
export async function onOrderAnswer(shop: string, orderId: string, answer: Answer): Promise<void> {
  if (answer === "no_answer") return;
  const policy = await holdPolicyOf(shop);
  if (!policy.enabled) return;
  const action = answer === "confirmed" ? "release" : policy.onRefused;
  if (action === "keep") return;
  await oweFulfilmentTask(shop, { kind: action, subject: orderId, orderId, reason: answer });
}

/** The shop's hours passed with no answer from the buyer: the no-answer policy (keep, release or cancel). */
export async function onNoAnswerTimeout(shop: string, orderId: string): Promise<void> {
  const policy = await holdPolicyOf(shop);
  if (!policy.enabled || policy.onNoAnswer === "keep") return;
  await oweFulfilmentTask(shop, { kind: policy.onNoAnswer, subject: orderId, orderId, reason: "no_answer" });
}
