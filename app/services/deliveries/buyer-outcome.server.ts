import type { DeliverySummary } from "../../lib/api-types";
import type { BuyerOutcome } from "../../lib/buyer-outcome";
import { deliveryAnswers } from "../answers/delivery-answers.server";
import { orderHoldStates } from "../holds/hold-state.server";
import { convertedOrders } from "./converted-orders.server";

/**
 * The deliveries with what became of their buyers and what the app did to their orders (the log's page, or the one
 * delivery of its page).
 */
export async function withBuyerOutcomes<T extends DeliverySummary>(
  shop: string,
  deliveries: T[],
): Promise<(T & BuyerOutcome)[]> {
  const [converted, answers, actions] = await Promise.all([
    convertedOrders(shop, deliveries),
    deliveryAnswers(shop, deliveries),
    orderHoldStates(
      shop,
      deliveries.flatMap((delivery) =>
        delivery.topic === "orders/create" && delivery.orderId ? [delivery.orderId] : [],
      ),
    ),
  ]);
  return deliveries.map((delivery) => ({
    ...delivery,
    convertedTo: converted.get(delivery.id) ?? null,
    answer: answers.get(delivery.id) ?? null,
    appAction: (delivery.topic === "orders/create" && delivery.orderId && actions.get(delivery.orderId)) || null,
  }));
}
