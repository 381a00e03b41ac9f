import { ownHolds, releaseHolds } from "../../holds/platform.server";
import { createFulfillment, readJourneyOrder, type JourneyOrder } from "./platform.server";
import { trackingOf } from "./tracking";
import { JOURNEY_TAGS, refused, StepProblem, tagOrder, type StepContext, type StepOutcome } from "./types";

/** Fulfilment orders the app may fulfil: open, in progress, or held only by the app's own hold. */
const FULFILLABLE = new Set(["OPEN", "IN_PROGRESS", "ON_HOLD"]);

/** The app's own fulfilment of this parcel: the one carrying its guide (a cancelled one is not). */
export function ownFulfillment(order: JourneyOrder, guide: string | null) {
  if (!guide) return null;
  return (
    order.fulfillments.find(
      (fulfillment) =>
        fulfillment.status !== "CANCELLED" && fulfillment.trackingInfo.some((info) => info.number === guide),
    ) ?? null
  );
}

/** Any live fulfilment that is not the app's: the merchant (or another app) fulfilled the order. */
export function othersFulfillment(order: JourneyOrder, guide: string | null) {
  const own = ownFulfillment(order, guide);
  return order.fulfillments.find((fulfillment) => fulfillment.status !== "CANCELLED" && fulfillment !== own) ?? null;
}

/**
 * The parcel shipped: the order's fulfilment orders fulfilled with its tracking, the app's own hold released first.
 * Read first: an earlier try's fulfilment (found by its guide) is not made twice; an order the merchant fulfilled
 * or cancelled is left alone, and why is recorded.
 */
export async function fulfilStep(context: StepContext): Promise<StepOutcome> {
  const { session, graphql } = context;
  const order = await readJourneyOrder(session, context.row.orderId, graphql);
  if (!order) return { status: "stood_down", note: "the order no longer exists" };
  const tracking = trackingOf(context.parcel.guide, context.parcel.carrier);
  const earlier = ownFulfillment(order, tracking.number);
  if (earlier) {
    await tagOrder(context, JOURNEY_TAGS.shipped);
    return { status: "done", platformRef: earlier.id };
  }
  if (order.cancelledAt) return { status: "stood_down", note: "the order was cancelled" };
  if (othersFulfillment(order, tracking.number)) {
    return { status: "stood_down", note: "the merchant fulfilled the order" };
  }
  // The platform makes an order's fulfilment orders a moment after the order (its routing); a guide can come before
  // that. None at all is "not yet", never "nothing left to fulfil": try again on the step's schedule.
  if (!order.fulfillmentOrders.nodes.length) {
    throw new StepProblem("the platform has not made the order's fulfilment orders yet", true);
  }
  const live = order.fulfillmentOrders.nodes.filter((fulfillmentOrder) => FULFILLABLE.has(fulfillmentOrder.status));
  for (const fulfillmentOrder of live) {
    const holdIds = ownHolds(fulfillmentOrder).map((hold) => hold.id);
    if (holdIds.length !== fulfillmentOrder.fulfillmentHolds.length) {
      return { status: "stood_down", note: "the order is held by the merchant or another app" };
    }
    if (!holdIds.length) continue;
    const errors = await releaseHolds(session, fulfillmentOrder.id, holdIds, graphql);
    if (errors.length) throw new StepProblem(refused(errors).message, true);
  }
  if (!live.length) return { status: "stood_down", note: "the order has nothing left to fulfil" };
  const made = await createFulfillment(
    session,
    {
      fulfillmentOrderIds: live.map((fulfillmentOrder) => fulfillmentOrder.id),
      notifyCustomer: context.settings.notifyBuyerOnShipment,
      tracking,
    },
    graphql,
  );
  if (made.userErrors.length || !made.id) throw refused(made.userErrors);
  await tagOrder(context, JOURNEY_TAGS.shipped);
  return { status: "done", platformRef: made.id };
}
