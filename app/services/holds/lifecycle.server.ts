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
 * A new answer for the order (docs/decisions/210): confirmed releases the app's holds; refused and no answer follow
 * the shop's policy. A repeated answer owes nothing new (each task is owed once per order).
 */
export async function onOrderAnswer(shop: string, orderId: string, answer: Answer): Promise<void> {
  const policy = await holdPolicyOf(shop);
  if (!policy.enabled) return;
  const action = answer === "confirmed" ? "release" : answer === "refused" ? policy.onRefused : policy.onNoAnswer;
  if (action === "keep") return;
  const reason = answer === "confirmed" ? "confirmed" : answer;
  await oweFulfilmentTask(shop, { kind: action, subject: orderId, orderId, reason });
}
