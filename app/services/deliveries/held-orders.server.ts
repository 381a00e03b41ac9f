import prisma from "../../db.server";
import { HELD_CODES } from "../../lib/order-rules";
import { orderAnswersOf } from "../answers/record.server";
import { ordersInHoldStates } from "../holds/hold-state.server";
import { holdPolicyOf } from "../holds/settings.server";

/** Why an order whose shipping the app holds has no answer yet: each is a different thing for the merchant to do. */
export const HELD_GROUPS = ["waitingBuyer", "answered", "heldByRules", "sendingHours", "notSent"] as const;
export type HeldGroup = (typeof HELD_GROUPS)[number];

export interface HeldGroupSummary {
  count: number;
  /** When the oldest of them was held (ISO). */
  oldestSince: string | null;
  /** Sending hours only: when the first of them goes out (ISO). */
  opensAt?: string | null;
}

/**
 * Home's held orders (docs/decisions/300): the orders whose shipping the app holds, by why they are held. Sent to
 * the flow and waiting for the buyer; answered and kept held by the shop's hold settings (a refusal or no answer
 * kept); held by the shop's own rules (no usable mobile, a likely duplicate), so
 * never sent to the buyer until the merchant sends them; waiting for the sending hours to open; or not sent yet for
 * another reason (queued, retrying, failed). Null while holds are off.
 */
export async function heldOrdersSummary(shop: string): Promise<Record<HeldGroup, HeldGroupSummary> | null> {
  if (!(await holdPolicyOf(shop)).enabled) return null;
  const held = await ordersInHoldStates(shop, ["held"]);
  const orderIds = [...held.keys()];
  const [deliveries, answers] = held.size
    ? await Promise.all([
        prisma.delivery.findMany({
          where: { shop, topic: "orders/create", orderId: { in: orderIds } },
          select: { orderId: true, status: true, lastErrorCode: true, nextAttemptAt: true },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        }),
        orderAnswersOf(shop, orderIds),
      ])
    : [[], new Map()];
  // An order's latest delivery says where it stands (a resend replaces the one before).
  const latest = new Map(deliveries.map((delivery) => [delivery.orderId, delivery]));
  const groups = Object.fromEntries(
    HELD_GROUPS.map((group) => [group, { count: 0, oldestSince: null as string | null }]),
  ) as Record<HeldGroup, HeldGroupSummary>;
  for (const [orderId, action] of held) {
    const delivery = latest.get(orderId);
    const group: HeldGroup = answers.has(orderId)
      ? "answered"
      : !delivery
        ? "notSent"
        : ["delivered", "flow_failed"].includes(delivery.status)
          ? "waitingBuyer"
          : delivery.status === "skipped" && HELD_CODES.includes(delivery.lastErrorCode ?? "")
            ? "heldByRules"
            : delivery.status === "queued" && delivery.lastErrorCode === "waiting_for_window"
              ? "sendingHours"
              : "notSent";
    const summary = groups[group];
    summary.count++;
    if (action.since && (!summary.oldestSince || action.since < summary.oldestSince))
      summary.oldestSince = action.since;
    if (group === "sendingHours" && delivery) {
      const opens = delivery.nextAttemptAt.toISOString();
      if (!summary.opensAt || opens < summary.opensAt) summary.opensAt = opens;
    }
  }
  return groups;
}
