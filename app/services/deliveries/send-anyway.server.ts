import prisma from "../../db.server";
import { lastErrorColumns, type DeliveryError } from "../../lib/delivery-errors";
import { AppError } from "../../lib/http.server";
import { HELD_CODES, isHeld } from "../../lib/order-rules";
import { closedPeriod, type SendAnywayTiming } from "../../lib/sending-hours";
import { getOrderRules } from "../screening/rules.server";
import { shopClock } from "../screening/sending-hours.server";
import { shopTimeZone } from "../shops/time-zone.server";
import { forgetOwedErrorTag } from "./owed-tags.server";
import { automationPausedAt } from "./pause.server";
import { summarizeDelivery } from "./queries.server";
import { wakeWorkers } from "./wake.server";

const noLongerHeld = () =>
  new AppError(409, "This order is not held by the shop's rules (it may have been sent already)", "no_longer_held");

/** The timing and, at an opening, its instant: one reading for the page's question and the send alike. */
async function timingAt(shop: string, now: Date): Promise<{ timing: SendAnywayTiming; dueAt: Date }> {
  const [rules, pausedAt] = await Promise.all([getOrderRules(shop), automationPausedAt(shop)]);
  if (pausedAt) return { timing: { goes: "when_resumed" }, dueAt: now };
  if (!rules.sendingHours.on) return { timing: { goes: "now" }, dueAt: now };
  const timeZone = await shopTimeZone(shop, now);
  const closed = closedPeriod(now, rules.sendingHours, timeZone);
  if (!closed) return { timing: { goes: "now" }, dueAt: now };
  return { timing: { goes: "at_opening", opensAt: shopClock(closed.opensAt, timeZone) }, dueAt: closed.opensAt };
}

/** What "send anyway" would do at `now`: the confirmation says it before the merchant confirms. */
export async function sendAnywayTiming(shop: string, now = new Date()): Promise<SendAnywayTiming> {
  return (await timingAt(shop, now)).timing;
}

/**
 * "Send anyway" on an order the shop's rules held (no usable mobile, a likely duplicate): the merchant overrides
 * the rule, not the sending hours. The delivery is queued as a replay (so the worker's screening lets it through,
 * and its idempotency key is new), due now inside the window or at the next opening outside it, where it waits
 * with the same reason the worker gives a night's order. Taken only while it is still held, in one conditional
 * write: a second submit (a double click, another tab) finds it no longer held and is refused with `no_longer_held`, so
 * the order goes to the flow once.
 */
export async function sendHeldOrderAnyway(shop: string, id: string, now = new Date()) {
  const delivery = await prisma.delivery.findFirst({ where: { id, shop } });
  if (!delivery) throw new AppError(404, "Delivery not found", "not_found");
  if (!isHeld(delivery)) throw noLongerHeld();
  if (!delivery.payload) {
    throw new AppError(409, "The order data of this delivery was erased; it cannot be sent", "held_order_erased");
  }
  const { timing, dueAt } = await timingAt(shop, now);
  // Outside the window it waits as a night's order does, saying when it goes out.
  const waiting: DeliveryError | null =
    timing.goes === "at_opening" ? { code: "waiting_for_window", params: { opensAt: timing.opensAt } } : null;
  const taken = await prisma.delivery.updateMany({
    where: { id, shop, status: "skipped", lastErrorCode: { in: [...HELD_CODES] }, replays: delivery.replays },
    data: {
      status: "queued",
      attempts: 0,
      replays: { increment: 1 },
      nextAttemptAt: dueAt,
      ...lastErrorColumns(waiting),
      leaseOwner: null,
      leaseExpiresAt: null,
    },
  });
  if (taken.count === 0) throw noLongerHeld();
  await forgetOwedErrorTag(shop, [id]);
  if (timing.goes === "now") wakeWorkers();
  const sent = await prisma.delivery.findFirst({ where: { id, shop } });
  if (!sent) throw new AppError(404, "Delivery not found", "not_found");
  return { delivery: summarizeDelivery(sent), timing };
}
