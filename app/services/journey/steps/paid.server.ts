import { markOrderPaid, readJourneyOrder } from "./platform.server";
import { refused, type StepContext, type StepOutcome } from "./types";

/**
 * Delivered: the carrier collected the cash, so an order with a balance is marked paid (unless the shop turned it
 * off). Read first: an order with nothing outstanding (an earlier try's payment whose record was lost, or the
 * merchant's) is not paid twice.
 */
export async function paidStep(context: StepContext): Promise<StepOutcome> {
  if (!context.settings.markPaidOnDelivery) return { status: "stood_down", note: "marking paid on delivery is off" };
  if (!context.fulfillmentId) return { status: "stood_down", note: "the app made no fulfilment for this order" };
  const order = await readJourneyOrder(context.session, context.row.orderId, context.graphql);
  if (!order) return { status: "stood_down", note: "the order no longer exists" };
  if (order.cancelledAt) return { status: "stood_down", note: "the order was cancelled" };
  if (Number(order.totalOutstandingSet.shopMoney.amount) <= 0) {
    return { status: "done", note: "nothing outstanding" };
  }
  const errors = await markOrderPaid(context.session, order.id, context.graphql);
  if (errors.length) throw refused(errors);
  return { status: "done" };
}
