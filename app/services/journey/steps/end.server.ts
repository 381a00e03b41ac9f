import { createHash } from "node:crypto";
import prisma from "../../../db.server";
import { associationRecord } from "../../catalogue/associations.server";
import { getStockSyncSettings } from "../../stock/records.server";
import type { Stage } from "../stages";
import { ownFulfillment, othersFulfillment } from "./fulfil.server";
import {
  cancelFulfillment,
  cancelJourneyOrder,
  readJourneyOrder,
  restockItems,
  type JourneyOrder,
} from "./platform.server";
import { JOURNEY_TAGS, refused, tagOrder, type StepContext, type StepOutcome } from "./types";

/**
 * The parcel will not be paid for: returned, refused, its guide cancelled, or lost. The order ends as the
 * platform's reports should count it (docs/decisions/298): the app's fulfilment cancelled, then the order
 * cancelled without a refund (nothing was paid) and without notifying the buyer, with a staff note saying why and
 * the returned tag. Stock is put back only where the stock sync does not own the variant: a synced variant's
 * quantity is the supplier's, which the next sync sets. The cancel restocks all or nothing, so an order mixing the
 * two is cancelled without restock and its other lines are put back first by an inventory adjustment whose
 * idempotency key is the step's: a retry after a crash counts it once.
 */

/** The staff note of each ending: it also marks a cancel as the app's when an earlier try's answer was lost. */
export const END_NOTES: Record<string, string> = {
  returned: "Cancelado por la app: la transportadora devolvió el pedido al proveedor.",
  rejected: "Cancelado por la app: el comprador rechazó el pedido en la entrega.",
  cancelled: "Cancelado por la app: el proveedor anuló la guía del pedido.",
  lost: "Cancelado por la app: la transportadora perdió el pedido.",
};

/** What became of the stock, on a done end step's row (read by journey/store-actions.server.ts). */
export const RESTOCK_NOTES = {
  restocked: "restocked by the cancel",
  synced: "synced variants left to the stock sync, the others restocked",
} as const;

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
  const restock = await restockUnsynced(context, order);
  const cancel = await cancelJourneyOrder(
    session,
    { orderId: order.id, reason: REASONS[stage] ?? "OTHER", restock, staffNote },
    graphql,
  );
  if (cancel.userErrors.length || !cancel.jobId) throw refused(cancel.userErrors);
  await tagOrder(context, JOURNEY_TAGS.returned);
  // Said on the row so the pages can tell the merchant where the stock went (decision 329).
  return { status: "done", platformRef: cancel.jobId, note: restock ? RESTOCK_NOTES.restocked : RESTOCK_NOTES.synced };
}

/**
 * Whether the cancel itself restocks: yes when no line's variant is the stock sync's. Otherwise the lines that are
 * not the sync's are put back here, before the cancel (a crash between the two retries this with the same key).
 */
async function restockUnsynced(context: StepContext, order: JourneyOrder): Promise<boolean> {
  const synced = await syncedVariants(context.row.shop);
  const lines = order.lineItems.nodes.flatMap((line) => (line.variant ? [{ ...line, variant: line.variant }] : []));
  if (!lines.some((line) => synced.has(line.variant.id))) return true;
  const items = lines
    .filter((line) => !synced.has(line.variant.id) && line.quantity > 0)
    .map((line) => ({ inventoryItemId: line.variant.inventoryItem.id, quantity: line.quantity }));
  const locationId = order.fulfillmentOrders.nodes[0]?.assignedLocation.location?.id;
  if (!items.length || !locationId) return false;
  const idempotencyKey = uuidOf(`restock:${context.row.id}`);
  const errors = await restockItems(context.session, { locationId, items, idempotencyKey }, context.graphql);
  if (errors.length) throw refused(errors);
  return false;
}

/** A UUID-shaped key fixed by the step (the platform recommends UUIDs): every try of the step sends the same. */
function uuidOf(text: string) {
  const hex = createHash("sha256").update(text).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
