import type { JourneyStep } from "@prisma/client";
import prisma from "../../db.server";
import {
  STORE_ACTION_FILTERS,
  storeActionKind,
  stoodDownReason,
  type StoreAction,
  type StoreActionFilter,
  type StoreActionStatus,
} from "../../lib/store-actions";
import { RESTOCK_NOTES } from "./steps/end.server";
import { trackingOf } from "./steps/tracking";
import { JOURNEY_TAGS } from "./steps/types";

type Parcel = { guide: string | null; carrier: string | null };

function tagOf(step: Pick<JourneyStep, "step" | "stage">): string | null {
  const kind = storeActionKind(step.step);
  if (kind === "fulfilled") return JOURNEY_TAGS.shipped;
  if (kind === "incident") return JOURNEY_TAGS.incident;
  if (kind === "ended") return JOURNEY_TAGS.returned;
  if (kind === "event" && step.stage === "delivered") return JOURNEY_TAGS.delivered;
  return null;
}

/** One step's row as the merchant reads it (docs/decisions/329). */
export function storeActionOf(row: JourneyStep, parcel: Parcel | undefined): StoreAction {
  const status = row.status as StoreActionStatus;
  const kind = storeActionKind(row.step);
  const done = status === "done";
  const tracking = kind === "fulfilled" && done && parcel?.guide ? trackingOf(parcel.guide, parcel.carrier) : null;
  return {
    supplierOrderId: row.supplierOrderId,
    step: row.step,
    kind,
    status,
    stage: row.stage,
    at: ((done ? row.doneAt : null) ?? (status === "owed" ? row.createdAt : row.updatedAt)).toISOString(),
    tracking: tracking?.number ? { number: tracking.number, company: tracking.company ?? null } : null,
    restock:
      kind === "ended" && done
        ? row.note === RESTOCK_NOTES.restocked
          ? "restocked"
          : row.note === RESTOCK_NOTES.synced
            ? "synced_left"
            : null
        : null,
    tag: done ? tagOf(row) : null,
    reason: status === "stood_down" ? stoodDownReason(row.note) : null,
    problem: status === "given_up" || status === "owed" ? row.lastProblem : null,
  };
}

/**
 * What the app did to each store order because of its parcels (the journey's steps), by order gid, in the order
 * the steps run (supplier order, then position): one indexed read by (shop, orderId), and one for the guides.
 */
export async function storeActionsOfOrders(
  shop: string,
  orderIds: readonly string[],
): Promise<Map<string, StoreAction[]>> {
  const ids = [...new Set(orderIds)];
  const byOrder = new Map<string, StoreAction[]>();
  if (!ids.length) return byOrder;
  const rows = await prisma.journeyStep.findMany({
    where: { shop, orderId: { in: ids } },
    orderBy: [{ supplierOrderId: "asc" }, { position: "asc" }, { createdAt: "asc" }],
  });
  if (!rows.length) return byOrder;
  const parcels = await prisma.supplierOrder.findMany({
    where: { shop, supplierOrderId: { in: [...new Set(rows.map((row) => row.supplierOrderId))] } },
    select: { supplierOrderId: true, guide: true, carrier: true },
  });
  const parcelOf = new Map(parcels.map((parcel) => [parcel.supplierOrderId, parcel]));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(storeActionOf(row, parcelOf.get(row.supplierOrderId)));
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/** The shop's store orders where the journey's steps left the order in the filter's state (the log's filter). */
export async function ordersWithStoreAction(shop: string, filter: StoreActionFilter): Promise<string[]> {
  const { steps, statuses } = STORE_ACTION_FILTERS[filter];
  const rows = await prisma.journeyStep.findMany({
    where: { shop, status: { in: [...statuses] }, ...(steps ? { step: { in: [...steps] } } : {}) },
    select: { orderId: true },
    distinct: ["orderId"],
  });
  return rows.map((row) => row.orderId);
}
