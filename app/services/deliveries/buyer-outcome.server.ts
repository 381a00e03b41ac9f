import type { DeliverySummary } from "../../lib/api-types";
import type { BuyerOutcome } from "../../lib/buyer-outcome";
import { deliveryAnswers } from "../answers/delivery-answers.server";
import { convertedOrders } from "./converted-orders.server";

/** The deliveries with what became of their buyers (the log's page, or the one delivery of its page). */
export async function withBuyerOutcomes<T extends DeliverySummary>(
  shop: string,
  deliveries: T[],
): Promise<(T & BuyerOutcome)[]> {
  const [converted, answers] = await Promise.all([
    convertedOrders(shop, deliveries),
    deliveryAnswers(shop, deliveries),
  ]);
  return deliveries.map((delivery) => ({
    ...delivery,
    convertedTo: converted.get(delivery.id) ?? null,
    answer: answers.get(delivery.id) ?? null,
  }));
}
