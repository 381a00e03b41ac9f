import type { Delivery } from "@prisma/client";
import prisma from "../../db.server";
import type { DeliveryError } from "../../lib/delivery-errors";
import { closedPeriod, type SendingHours } from "../../lib/sending-hours";
import type { GraphqlOptions } from "../platform/graphql.server";
import { formatSheetDateTime } from "../../lib/time-zone";
import { shopTimeZone } from "../shops/time-zone.server";

/**
 * Between two waiting orders at the opening: the automation platform sees one order a second, not the whole
 * night's orders in the window's first instant.
 */
export const OPENING_SPACING_MS = 1_000;

/** The opening as the shop's clock reads it (HH:MM): the time part of its "YYYY-MM-DD HH:MM:SS" there. */
export const shopClock = (at: Date, timeZone: string) => formatSheetDateTime(at, timeZone).slice(11, 16);

/**
 * Whether the order waits for the shop's sending hours (docs/decisions/224). Outside the window it goes back in
 * the queue, due at the opening plus one spacing per order the shop received since the window closed before it:
 * the position comes from the order's receipt, so the night's orders go out in the order received whichever
 * worker defers them first. A replay the merchant asked for goes out at once.
 *
 * `hours` is the worker's short-lived copy of the rules; before an order is put back to wait, `currentHours` reads
 * them as stored, so a process whose copy predates the merchant's change never sends the orders the change released
 * back to the old opening. `defer` puts the delivery back in the queue: the worker's write (deliveries/), handed in.
 */
export async function waitsForSendingHours(
  delivery: Delivery,
  hours: SendingHours,
  context: {
    now: Date;
    graphql: GraphqlOptions;
    currentHours: () => Promise<SendingHours>;
    defer: (reason: DeliveryError, dueAt: Date) => Promise<boolean>;
  },
): Promise<boolean> {
  if (!hours.on || delivery.replays > 0) return false;
  const timeZone = await shopTimeZone(delivery.shop, context.now, context.graphql);
  if (!closedPeriod(context.now, hours, timeZone)) return false;
  const closed = closedPeriod(context.now, await context.currentHours(), timeZone);
  if (!closed) return false;
  const position =
    delivery.createdAt > closed.closedAt
      ? await prisma.delivery.count({
          where: {
            shop: delivery.shop,
            topic: "orders/create",
            createdAt: { gte: closed.closedAt, lt: delivery.createdAt },
          },
        })
      : 0;
  const dueAt = new Date(closed.opensAt.getTime() + position * OPENING_SPACING_MS);
  const opensAt = shopClock(closed.opensAt, timeZone);
  await context.defer({ code: "waiting_for_window", params: { opensAt } }, dueAt);
  return true;
}
