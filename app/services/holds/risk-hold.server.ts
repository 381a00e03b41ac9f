import type { FulfilmentTask } from "@prisma/client";
import { translate } from "../../i18n";
import type { GraphqlOptions, PlatformSession } from "../platform/graphql.server";
import { shopLanguage } from "../shops/language.server";
import { placeHold, readOrderHolds } from "./platform.server";
import { TaskProblem, type Outcome } from "./task-outcome";

/**
 * The hold the shop's rule for risky orders places (docs/decisions/335): on every open fulfilment order of the
 * order, whatever the shop's hold switch and the order's payment, under its own handle. The buyer's answer never
 * releases it (the confirmation hold's release names only its own handle); the merchant releases it in the admin.
 * Owed as a fulfilment task of kind hold, reason risk, keyed by the order: tried by the same job, idempotent the
 * same way (a hold already carrying the handle is not placed again).
 */
export const RISK_HOLD_HANDLE = "return-risk";

const HOLDABLE = ["OPEN", "SCHEDULED", "ON_HOLD"];

export async function riskHold(
  session: PlatformSession,
  task: FulfilmentTask,
  graphql: GraphqlOptions,
): Promise<Outcome> {
  const order = await readOrderHolds(session, task.subject, graphql);
  if (!order) return { status: "stood_down", problem: "the order no longer exists" };
  if (order.cancelledAt) return { status: "stood_down", orderId: order.id, problem: "the order is cancelled" };
  const fulfillmentOrders = order.fulfillmentOrders.nodes;
  // The platform makes them when the order is routed, moments after it is created: tried again on the schedule.
  if (!fulfillmentOrders.length) throw new TaskProblem("the order has no fulfilment order yet", true);
  const riskHoldOf = (fulfillmentOrder: (typeof fulfillmentOrders)[number]) =>
    fulfillmentOrder.fulfillmentHolds.find((hold) => hold.heldByRequestingApp && hold.handle === RISK_HOLD_HANDLE);
  const holdIds = fulfillmentOrders.flatMap((fulfillmentOrder) => riskHoldOf(fulfillmentOrder)?.id ?? []);
  const toHold = fulfillmentOrders.filter((fo) => HOLDABLE.includes(fo.status) && !riskHoldOf(fo));
  if (!toHold.length && !holdIds.length) {
    return { status: "stood_down", orderId: order.id, problem: "no fulfilment order is open to hold" };
  }
  const note = translate(await shopLanguage(task.shop), "risk.staffNote.hold");
  for (const fulfillmentOrder of toHold) {
    const placed = await placeHold(session, fulfillmentOrder.id, note, graphql, RISK_HOLD_HANDLE);
    // An earlier try placed it and its answer was lost: the handle is taken, the hold is there.
    if (placed.userErrors.some((error) => error.code === "DUPLICATE_FULFILLMENT_HOLD_HANDLE")) continue;
    if (placed.userErrors.length || !placed.holdId) {
      const problem = placed.userErrors.map((error) => `${error.code ?? "error"}: ${error.message}`).join("; ");
      throw new TaskProblem(problem || "the platform placed no hold", false);
    }
    holdIds.push(placed.holdId);
  }
  return { status: "done", orderId: order.id, platformRef: holdIds.join(",") || null };
}
