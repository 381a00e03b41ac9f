import type { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import {
  ENDED_STAGES,
  JOURNEY_GROUPS,
  journeyGroupOf,
  type JourneyFilter,
  type ParcelSummary,
} from "../../lib/journey-log";
import { stalledParcels } from "./pace.server";

/**
 * The supplier orders of store orders, for the delivery log's column and its export (docs/decisions/303): one
 * indexed read by (shop, orderId), grouped by store order, oldest supplier order first.
 */
export async function parcelsOfOrders(shop: string, orderIds: string[]): Promise<Map<string, ParcelSummary[]>> {
  const byOrder = new Map<string, ParcelSummary[]>();
  const ids = [...new Set(orderIds)];
  if (!ids.length) return byOrder;
  const rows = await prisma.supplierOrder.findMany({
    where: { shop, orderId: { in: ids } },
    orderBy: { createdAt: "asc" },
  });
  for (const row of rows) {
    if (!row.orderId) continue;
    const list = byOrder.get(row.orderId) ?? [];
    list.push({
      supplierOrderId: row.supplierOrderId,
      stage: row.stage,
      group: journeyGroupOf(row.stage, row.openIncident),
      rawStatus: row.rawStatus,
      guide: row.guide,
      carrier: row.carrier,
      stageSince: row.stageSince?.toISOString() ?? null,
      openIncident: row.openIncident,
      incidentSince: row.incidentSince?.toISOString() ?? null,
    });
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/**
 * The most store orders a filter reads: the newest supplier orders in the state, so a filter over years of delivered
 * parcels stays one bounded list of ids (decision 303).
 */
export const FILTER_MAX_ORDERS = 5_000;

function groupWhere(shop: string, filter: Exclude<JourneyFilter, "stalled">): Prisma.SupplierOrderWhereInput {
  const matched = { shop, orderId: { not: null } };
  // (shop, openIncident) index: the open incidents of journeys that have not ended.
  if (filter === "incident") return { ...matched, openIncident: { not: null }, stage: { notIn: [...ENDED_STAGES] } };
  const stages: readonly string[] = JOURNEY_GROUPS[filter];
  // (shop, stage) index; an open incident belongs to the incident filter, not to "on the way".
  return { ...matched, stage: { in: [...stages] }, ...(filter === "on_the_way" ? { openIncident: null } : {}) };
}

/** The store orders whose parcel is in the filter's state, newest supplier order first. */
export async function ordersInJourney(shop: string, filter: JourneyFilter, now = new Date()): Promise<string[]> {
  if (filter === "stalled") return (await stalledParcels(shop, now)).map((parcel) => parcel.orderId);
  const rows = await prisma.supplierOrder.findMany({
    where: groupWhere(shop, filter),
    select: { orderId: true },
    orderBy: { createdAt: "desc" },
    take: FILTER_MAX_ORDERS,
  });
  return [...new Set(rows.flatMap((row) => (row.orderId ? [row.orderId] : [])))];
}
