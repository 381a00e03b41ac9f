import type { BuyerOutcome } from "../../lib/buyer-outcome";
import { orderAnswersOf } from "./record.server";
import { answerRulesOf } from "./rules.server";

/**
 * The buyer's answer for each delivery's order (docs/decisions/210): the recorded one and when; for an order sent to
 * the flow with none yet, `waiting` since it was sent while the shop has answer rules; without them no answer is
 * ever recorded, so the order is not waiting for one: `no_rules`, which the pages say with where to set them
 * (docs/decisions/329). Test orders and carts wait for nothing.
 */
export async function deliveryAnswers(
  shop: string,
  deliveries: {
    id: string;
    topic: string;
    orderId: string | null;
    status: string;
    deliveredAt: string | null;
    test: boolean;
  }[],
): Promise<Map<string, NonNullable<BuyerOutcome["answer"]>>> {
  const orders = deliveries.filter((d) => d.orderId && d.topic === "orders/create" && !d.test);
  const found = new Map<string, NonNullable<BuyerOutcome["answer"]>>();
  if (orders.length === 0) return found;
  const [rules, byOrder] = await Promise.all([
    answerRulesOf(shop),
    orderAnswersOf(
      shop,
      orders.map((d) => d.orderId as string),
    ),
  ]);
  for (const delivery of orders) {
    const row = byOrder.get(delivery.orderId as string);
    if (row) {
      found.set(delivery.id, {
        answer: row.answer as NonNullable<BuyerOutcome["answer"]>["answer"],
        at: row.answeredAt.toISOString(),
      });
    } else if (delivery.status === "delivered" && delivery.deliveredAt) {
      found.set(delivery.id, { answer: rules.length > 0 ? "waiting" : "no_rules", at: delivery.deliveredAt });
    }
  }
  return found;
}
