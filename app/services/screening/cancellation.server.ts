import type { Delivery } from "@prisma/client";
import type { DeliveryError } from "../../lib/delivery-errors";
import type { Logger } from "../../logger.server";
import { getOfflineSession, platformGraphql, type GraphqlOptions } from "../platform/graphql.server";

/**
 * Whether an order was cancelled before its trigger went out (docs/decisions/222). The stored body says so when
 * the order came cancelled (a recovered order can); an order that waited (a paused shop, retries, a delay) is
 * asked about at the platform on its first attempt, one small query, since the merchant may have cancelled it
 * meanwhile. An order sent within moments of its webhook is not asked: nobody cancels that fast, and the order
 * path stays one call.
 */
export const ORDER_CANCELLED_AT = `#graphql
  query OrderCancelledAt($id: ID!) {
    order(id: $id) { id cancelledAt }
  }`;

/** Why a cancelled order's delivery was not sent, whoever found it cancelled: the worker before sending, or the webhook. */
export const ORDER_CANCELLED: DeliveryError = { code: "order_cancelled" };

/** How long a delivery waits before its order is looked up again at the platform before sending. */
export const CANCEL_CHECK_AFTER_MS = 60_000;

export async function cancelledBeforeSending(
  delivery: Pick<Delivery, "shop" | "orderId" | "createdAt" | "attempts">,
  /** The order as stored, out of its wrapper (the caller has it already). */
  order: Record<string, unknown>,
  context: { now: Date; graphql: GraphqlOptions; log: () => Logger },
): Promise<boolean> {
  if (order.cancelled_at || order.cancelledAt) return true;
  // Asked once, on the attempt that follows the wait; a retry's backoff is the automation platform's doing.
  const waited = context.now.getTime() - delivery.createdAt.getTime() >= CANCEL_CHECK_AFTER_MS;
  if (!delivery.orderId || delivery.attempts !== 1 || !waited) return false;
  try {
    const session = await getOfflineSession(delivery.shop);
    if (!session) return false;
    const data = await platformGraphql(
      session,
      ORDER_CANCELLED_AT,
      { id: delivery.orderId },
      // One try: the trigger is not held back by the platform's bad moment.
      { ...context.graphql, maxAttempts: 1 },
    );
    return Boolean(data.order?.cancelledAt);
  } catch (error) {
    // The check is a courtesy: a platform that cannot answer now does not hold the order back.
    context
      .log()
      .warn({ err: error instanceof Error ? error.message : String(error) }, "cancellation check failed; sending");
    return false;
  }
}
