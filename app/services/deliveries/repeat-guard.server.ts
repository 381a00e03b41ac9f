import prisma from "../../db.server";
import { AppError } from "../../lib/http.server";

/**
 * Sending an order to its flow again when the flow already ran, or may have (docs/decisions/191): the buyer may
 * get another message, so the merchant confirms it in the request, and one order triggers at most once per
 * cooldown whatever the clicks.
 */

/** One order's flow is triggered at most once in this window by the merchant's resends and retries. */
export const REPEAT_COOLDOWN_MS = 5 * 60_000;

/**
 * Statuses whose flow ran or may have run: the automation platform accepted the trigger (delivered), or accepted it
 * and its flow reported a failure part-way, possibly after its first message (flow_failed).
 */
const RAN_STATUSES = new Set(["delivered", "flow_failed"]);

export interface RepeatRequest {
  /** The merchant saw that the buyer may get another message and confirmed. */
  confirmRepeat?: boolean;
}

export function flowMayHaveRun(status: string) {
  return RAN_STATUSES.has(status);
}

/**
 * Refuses a resend or retry of `order` (its deliveries are those of `shop` with its order id, or the one delivery
 * when it has none) while its flow's last trigger is younger than the cooldown (429 `repeat_cooldown`, with
 * Retry-After), and, when its flow already ran, without the merchant's confirmation (409
 * `repeat_needs_confirmation`).
 */
export async function guardRepeat(
  target: { shop: string; deliveryId: string; orderId: string | null; status: string },
  request: RepeatRequest,
  now = new Date(),
) {
  const last = await prisma.delivery.aggregate({
    where: target.orderId
      ? { shop: target.shop, orderId: target.orderId }
      : { shop: target.shop, id: target.deliveryId },
    _max: { deliveredAt: true },
  });
  const lastTrigger = last._max.deliveredAt;
  const waitMs = lastTrigger ? lastTrigger.getTime() + REPEAT_COOLDOWN_MS - now.getTime() : 0;
  if (waitMs > 0) {
    const retryAfterSeconds = Math.ceil(waitMs / 1000);
    throw new AppError(
      429,
      `This order's flow ran less than ${REPEAT_COOLDOWN_MS / 60_000} minutes ago; try again in ${retryAfterSeconds} s`,
      "repeat_cooldown",
      { retryAfterSeconds },
      { "Retry-After": String(retryAfterSeconds) },
    );
  }
  if (flowMayHaveRun(target.status) && request.confirmRepeat !== true) {
    throw new AppError(
      409,
      "This order's flow already ran (or may have): confirm with confirmRepeat to run it again, the buyer may get another message",
      "repeat_needs_confirmation",
    );
  }
}
