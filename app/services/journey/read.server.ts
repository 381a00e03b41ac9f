import prisma from "../../db.server";
import { inJourneyOrder } from "./project";
import type { Stage } from "./stages";

export interface JourneyHistoryEntry {
  rawStatus: string;
  stage: Stage;
  /** The time the marketplace or carrier gave, else null (then `receivedAt` places it). */
  reportedAt: string | null;
  receivedAt: string;
  source: string;
}

export interface SupplierOrderJourney {
  supplierOrderId: string;
  orderName: string | null;
  matchedBy: string | null;
  guide: string | null;
  carrier: string | null;
  rawStatus: string | null;
  stage: Stage;
  stageSince: string | null;
  openIncident: string | null;
  incidentSince: string | null;
  history: JourneyHistoryEntry[];
}

/**
 * The supplier orders of one store order with their histories in the carrier's order, as the order page shows
 * them (usually one; a split shipment gives more). Times are ISO strings: the page prints them in the shop's zone.
 */
export async function journeyForOrder(shop: string, orderGid: string): Promise<SupplierOrderJourney[]> {
  const orders = await prisma.supplierOrder.findMany({
    where: { shop, orderId: orderGid },
    orderBy: { createdAt: "asc" },
  });
  if (!orders.length) return [];
  const events = await prisma.supplierStatusEvent.findMany({
    where: { shop, supplierOrderId: { in: orders.map((order) => order.supplierOrderId) } },
    orderBy: { receivedAt: "asc" },
  });
  return orders.map((order) => ({
    supplierOrderId: order.supplierOrderId,
    orderName: order.orderName,
    matchedBy: order.matchedBy,
    guide: order.guide,
    carrier: order.carrier,
    rawStatus: order.rawStatus,
    stage: order.stage as Stage,
    stageSince: order.stageSince?.toISOString() ?? null,
    openIncident: order.openIncident,
    incidentSince: order.incidentSince?.toISOString() ?? null,
    history: inJourneyOrder(events.filter((event) => event.supplierOrderId === order.supplierOrderId)).map((event) => ({
      rawStatus: event.rawStatus,
      stage: event.stage as Stage,
      reportedAt: event.reportedAt?.toISOString() ?? null,
      receivedAt: event.receivedAt.toISOString(),
      source: event.source,
    })),
  }));
}

/** The shop's supplier orders no store order was found for, newest first: kept and shown, never dropped. */
export function unmatchedSupplierOrders(shop: string, take = 50) {
  return prisma.supplierOrder.findMany({ where: { shop, orderId: null }, orderBy: { createdAt: "desc" }, take });
}
