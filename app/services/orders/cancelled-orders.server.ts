import prisma from "../../db.server";
import { lastErrorColumns } from "../../lib/delivery-errors";
import { HELD_CODES } from "../../lib/order-rules";
import { extractEventKeys } from "../deliveries/event-keys.server";
import { cancelCheckouts } from "../deliveries/outbox.server";
import { ORDER_CANCELLED } from "../screening/cancellation.server";

/**
 * The platform's orders/cancelled webhook: an order cancelled before its trigger went out is not sent, and its
 * delivery says so at once (docs/decisions/263) instead of when the worker would next look at it. Only deliveries
 * not yet on their way are changed: queued (a paused shop, the sending hours, a wait before sending) or
 * retrying, and those held by the shop's rules (releasing one would send a cancelled order). One in flight is
 * left to the worker, whose own check before sending still applies. The abandoned-cart trigger still waiting for
 * the order's checkout (its order's webhook not yet handled) is cancelled too: that buyer did not abandon a cart.
 * Returns how many deliveries were skipped.
 */
export async function skipCancelledOrder(shop: string, payload: unknown, now = new Date()): Promise<number> {
  // The keys the order's own delivery was stored under, read the same way.
  const { resourceId, checkoutToken, cartToken } = extractEventKeys("orders/cancelled", payload);
  if (!resourceId) return 0;
  const checkouts = await cancelCheckouts(shop, { checkoutToken, cartToken }, ORDER_CANCELLED, now);
  const { count } = await prisma.delivery.updateMany({
    where: {
      shop,
      topic: "orders/create",
      resourceId,
      OR: [{ status: { in: ["queued", "retrying"] } }, { status: "skipped", lastErrorCode: { in: [...HELD_CODES] } }],
    },
    data: {
      status: "skipped",
      ...lastErrorColumns(ORDER_CANCELLED),
      leaseOwner: null,
      leaseExpiresAt: null,
      updatedAt: now,
    },
  });
  return count + checkouts;
}
