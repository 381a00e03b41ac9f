import prisma from "../../../db.server";
import { associationRecord } from "../../catalogue/associations.server";
import { getStockSyncSettings } from "../../stock/records.server";
import type { Stage } from "../stages";
import { ownFulfillment, othersFulfillment } from "./fulfil.server";
import { cancelFulfillment, cancelJourneyOrder, readJourneyOrder } from "./platform.server";
import { JOURNEY_TAGS, refused, tagOrder, type StepContext, type StepOutcome } from "./types";

/**
 * The parcel will not be paid for: returned, refused, its guide cancelled, or lost. The order ends as the
 * platform's reports should count it (docs/decisions/298): the app's fulfilment cancelled, then the order
 * cancelled without a refund (nothing was paid) and without notifying the buyer, with a staff note saying why and
 * the returned tag. Stock is put back only where the stock sync does not own the variant: a synced variant's
 * quantity is the supplier's, which the next sync sets.
 */

/** The staff note of each ending: it also marks a cancel as the app's when an earlier try's answer was lost. */
export const END_NOTES: Record<string, string> = {
  returned: "Cancelado por la app: la transportadora devolvió el pedido al proveedor.",
  rejected: "Cancelado por la app: el comprador rechazó el pedido en la entrega.",
  cancelled: "Cancelado por la app: el proveedor anuló la guía del pedido.",
  lost: "Cancelado por la app: la transportadora perdió el pedido.",
};

const REASONS: Record<string, "CUSTOMER" | "DECLINED" | "OTHER"> = {
  returned: "CUSTOMER",
  rejected: "DECLINED",
  cancelled: "OTHER",
  lost: "OTHER",
};

/** Financial statuses where money was taken: ending the order would mean a refund, the merchant's decision. */
const PAID = new Set(["PAID", "PARTIALLY_PAID", "PARTIALLY_REFUNDED", "REFUNDED", "AUTHORIZED"]);

/** Store variants whose stock the supplier's stock sync sets (the shop's sync on, the variant linked). */
async function syncedVariants(shop: string): Promise<Set<string>> {
  if (!(await getStockSyncSettings(shop)).enabled) return new Set();
  const rows = await prisma.productAssociation.findMany({ where: { shop } });
  return new Set(
    rows.flatMap((row) => associationRecord(row).variantAssociations.map((link) => link.platformVariantId)),
  );
}

export async function endStep(context: StepContext, stage: Stage): Promise<StepOutcome> {
  const { session, graphql, row } = context;
  const staffNote = END_NOTES[stage] ?? END_NOTES.returned;
  const order = await readJourneyOrder(session, row.orderId, graphql);
  if (!order) return { status: "stood_down", note: "the order no longer exists" };
  if (order.cancelledAt) {
    // An earlier try's cancel whose record was lost carries the app's note; any other is the merchant's.
    if (order.cancellation?.staffNote?.trim() === staffNote) {
      await tagOrder(context, JOURNEY_TAGS.returned);
      return { status: "done", note: "cancelled by an earlier try" };
    }
    return { status: "stood_down", note: "the order was already cancelled" };
  }
  if (PAID.has(order.displayFinancialStatus ?? "")) {
    return { status: "stood_down", note: "the order is paid: refunding it is the merchant's decision" };
  }
  if (othersFulfillment(order, context.parcel.guide)) {
    return { status: "stood_down", note: "the merchant fulfilled the order" };
  }
  const own = ownFulfillment(order, context.parcel.guide);
  if (own) {
    const errors = await cancelFulfillment(session, own.id, graphql);
    if (errors.length) throw refused(errors);
  }
  const synced = await syncedVariants(row.shop);
  const variants = order.lineItems.nodes.flatMap((line) => (line.variant ? [line.variant.id] : []));
  // The platform's cancel restocks the whole order or none of it: an order with any synced variant is not
  // restocked (the sync sets those), and its other lines are left for the merchant (the step's note says so).
  const restock = !variants.some((id) => synced.has(id));
  const mixed = !restock && variants.some((id) => !synced.has(id));
  const cancel = await cancelJourneyOrder(
    session,
    { orderId: order.id, reason: REASONS[stage] ?? "OTHER", restock, staffNote },
    graphql,
  );
  if (cancel.userErrors.length || !cancel.jobId) throw refused(cancel.userErrors);
  await tagOrder(context, JOURNEY_TAGS.returned);
  return {
    status: "done",
    platformRef: cancel.jobId,
    note: mixed
      ? "not restocked: some lines' stock is the stock sync's; the others are left for the merchant"
      : undefined,
  };
}
