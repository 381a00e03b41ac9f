import type { SupplierOrder } from "@prisma/client";
import prisma from "../../db.server";
import { readBuyerSummary } from "../../lib/buyer-summary";
import { normalisePhone } from "../screening/phone.server";
import { getShopSettings } from "../shops/configuration.server";
import type { CurrentIncident } from "./incident";

/** The event name the incident flow's payload carries, beside the order flow's `order_created`. */
export const INCIDENT_EVENT = "delivery_incident";

/** Why the flow runs: the parcel entered an incident, or it has stood still past its carrier's pace. */
export type IncidentReason = "incident" | "stuck";

/**
 * What the incident flow is sent (docs/decisions/330), built when the incident is recorded, from the order's own
 * delivery (the buyer, the products, the total) and the parcel's journey. The callback's URL and key are added when
 * it is sent, so no key is ever stored with it.
 */
export interface IncidentPayload {
  eventType: typeof INCIDENT_EVENT;
  reason: IncidentReason;
  /** The incident's id: what the flow's callback names to answer this incident (not an earlier one). */
  incidentId: string;
  shop: string;
  orderId: string;
  orderName: string | null;
  customerName: string | null;
  /** E.164, as the order flow's `phoneE164`; null when no valid number could be read. */
  phone: string | null;
  products: { title: string; quantity: number }[];
  totalPrice: string | null;
  currency: string | null;
  supplierOrderId: string;
  carrier: string | null;
  guide: string | null;
  /** The status as the marketplace spelled it, and the supplier's or carrier's words with it. */
  status: string | null;
  notes: string | null;
  officeAddress: string | null;
  /** The office's last day (YYYY-MM-DD), when the words give it. */
  officeDeadline: string | null;
  /** Since when: the incident's opening, or the stage the parcel stands still in. */
  since: string;
  stuck: { stage: string; days: number; usual: number } | null;
}

/** The order's buyer as its orders/create delivery keeps it (null once erased or never received). */
async function orderBuyer(shop: string, orderId: string) {
  const row = await prisma.delivery.findFirst({
    where: { shop, topic: "orders/create", orderId },
    orderBy: { createdAt: "desc" },
    select: { buyer: true, searchKey: true },
  });
  return { summary: readBuyerSummary(row?.buyer), buyer: row?.buyer ?? null, searchKey: row?.searchKey ?? null };
}

export async function buildIncidentPayload(
  order: Pick<SupplierOrder, "shop" | "supplierOrderId" | "orderName" | "carrier" | "guide" | "rawStatus"> & {
    orderId: string;
  },
  incident: {
    id: string;
    reason: IncidentReason;
    since: Date;
    current?: CurrentIncident;
    stuck?: IncidentPayload["stuck"];
  },
): Promise<{ payload: IncidentPayload; buyer: string | null; searchKey: string | null }> {
  const [{ summary, buyer, searchKey }, settings] = await Promise.all([
    orderBuyer(order.shop, order.orderId),
    getShopSettings(order.shop),
  ]);
  const phone = normalisePhone(summary?.phone ?? null, [summary?.countryCode, settings?.supplierCountry]);
  const current = incident.current;
  return {
    buyer,
    searchKey,
    payload: {
      eventType: INCIDENT_EVENT,
      reason: incident.reason,
      incidentId: incident.id,
      shop: order.shop,
      orderId: order.orderId,
      orderName: order.orderName,
      customerName: summary?.name ?? null,
      phone: phone.e164,
      products: summary?.products ?? [],
      totalPrice: summary?.total ?? null,
      currency: summary?.currency ?? null,
      supplierOrderId: order.supplierOrderId,
      carrier: order.carrier,
      guide: order.guide,
      status: current?.rawStatus ?? order.rawStatus,
      notes: current?.notes ?? null,
      officeAddress: current?.office?.address ?? null,
      officeDeadline: current?.office?.deadline ?? null,
      since: incident.since.toISOString(),
      stuck: incident.stuck ?? null,
    },
  };
}
