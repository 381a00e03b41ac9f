import type { SupplierOrder, SupplierStatusEvent } from "@prisma/client";
import prisma from "../../db.server";
import { fireFlowTrigger } from "../flow/send-trigger.server";
import type { FlowTriggerHandle } from "../flow/triggers";
import { eventTime, inJourneyOrder } from "./project";
import { FINAL_STAGES, STAGE_RANK, type Stage } from "./stages";

/**
 * The parcel's journey told to the shop's Flow workflows (docs/decisions/338), from the applied history of one
 * supplier order matched to its store order: shipped once the carrier has it, delivered, returned (or refused at
 * the door), each once per supplier order; an incident once per incident status. Keyed by the event, so applying
 * the same history again, a repeated push or callback, adds nothing.
 */

/** The carrier has the parcel: handed over, on its way, out for delivery, coming back or delivered. */
const hasShipped = (stage: Stage) => STAGE_RANK[stage] >= STAGE_RANK.handed_to_carrier && stage !== "incident";
const RETURNED: ReadonlySet<string> = new Set(["returned", "rejected"]);

interface JourneyTrigger {
  handle: FlowTriggerHandle;
  key: string;
  event: SupplierStatusEvent;
}

export function journeyTriggers(order: SupplierOrder, events: SupplierStatusEvent[]): JourneyTrigger[] {
  const history = inJourneyOrder(events.filter((event) => event.appliedAt));
  const triggers: JourneyTrigger[] = [];
  const first = (handle: FlowTriggerHandle, name: string, reached: (event: SupplierStatusEvent) => boolean) => {
    const event = history.find(reached);
    if (event) triggers.push({ handle, key: `journey:${order.supplierOrderId}:${name}`, event });
  };
  first("parcel-shipped", "shipped", (event) => hasShipped(event.stage as Stage));
  if (order.stage === "delivered") first("parcel-delivered", "delivered", (event) => event.stage === "delivered");
  if (RETURNED.has(order.stage)) first("parcel-returned", "returned", (event) => RETURNED.has(event.stage));
  const endedAt = FINAL_STAGES.has(order.stage as Stage) ? order.stageSince : null;
  for (const event of history) {
    if (event.stage !== "incident") continue;
    // An incident the carrier dated after the journey ended is history only, as the projection reads it.
    if (endedAt && eventTime(event) > endedAt) continue;
    triggers.push({ handle: "parcel-incident", key: `journey:${order.supplierOrderId}:incident:${event.id}`, event });
  }
  return triggers;
}

/** Fires the triggers the supplier order's applied history owes; none before it is matched to a store order. */
export async function oweJourneyTriggers(shop: string, supplierOrderId: string, now = new Date()) {
  const order = await prisma.supplierOrder.findUnique({ where: { shop_supplierOrderId: { shop, supplierOrderId } } });
  if (!order?.orderId) return;
  const events = await prisma.supplierStatusEvent.findMany({ where: { shop, supplierOrderId } });
  for (const { handle, key, event } of journeyTriggers(order, events)) {
    await fireFlowTrigger(shop, handle, {
      orderId: order.orderId,
      eventKey: key,
      now,
      fields: {
        Stage: event.stage,
        "Carrier status": event.rawStatus,
        Carrier: event.carrier ?? order.carrier,
        Guide: event.guide ?? order.guide,
        "Supplier order": supplierOrderId,
        "Happened at": eventTime(event),
      },
    });
  }
}
