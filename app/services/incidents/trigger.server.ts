import type { SupplierOrder } from "@prisma/client";
import { insertDelivery } from "../deliveries/outbox.server";
import { wakeWorkers } from "../deliveries/wake.server";
import prisma from "../../db.server";
import { stalledParcels, type StalledParcel } from "../journey/pace.server";
import { logger } from "../../logger.server";
import { INCIDENT_TOPIC } from "./topic";
import { currentIncident, type CurrentIncident, type IncidentEvent } from "./incident";
import { buildIncidentPayload, type IncidentPayload, type IncidentReason } from "./payload.server";
import { incidentFlowSettings, shopsWithStuckTrigger } from "./settings.server";

/*
 * The delivery-incident flow's triggers (docs/decisions/330) are deliveries of their own topic in the order path's
 * outbox: the same worker sends them, exactly once (the outbox's unique (shop, eventId) and (topic, resourceId)),
 * retried on the same schedule, held while the shop is paused, after the shop's sending hours, and listed in the
 * log with their attempts. The event id names the incident, so however often its statuses are pushed, it is one.
 */

type TriggeredOrder = Pick<
  SupplierOrder,
  "shop" | "supplierOrderId" | "orderId" | "orderName" | "carrier" | "guide" | "rawStatus"
>;

/** The trigger's event id: the reason, the supplier order and the incident's key (its opening, or stage and since). */
export const triggerEventId = (reason: IncidentReason, supplierOrderId: string, key: string) =>
  `${reason}:${supplierOrderId}:${key}`;

/** The incident's key within its supplier order: the time its run opened (docs/decisions/330). */
export const incidentKey = (current: Pick<CurrentIncident, "openedAt">) => String(current.openedAt.getTime());

/** The stuck stage's key: the stage and since when the parcel stands there. */
const stuckKey = (parcel: Pick<StalledParcel, "stage" | "since">) =>
  `${parcel.stage}:${new Date(parcel.since).getTime()}`;

async function insertTrigger(
  order: TriggeredOrder & { orderId: string },
  incident: {
    key: string;
    reason: IncidentReason;
    since: Date;
    current?: Parameters<typeof buildIncidentPayload>[1]["current"];
    stuck?: IncidentPayload["stuck"];
  },
  now: Date,
) {
  const eventId = triggerEventId(incident.reason, order.supplierOrderId, incident.key);
  const { payload, buyer, searchKey } = await buildIncidentPayload(order, {
    id: eventId,
    reason: incident.reason,
    since: incident.since,
    current: incident.current,
    stuck: incident.stuck,
  });
  const outcome = await insertDelivery({
    shop: order.shop,
    topic: INCIDENT_TOPIC,
    eventId,
    keys: {
      // Unique per topic across shops (the outbox's second guard): the shop is part of it.
      resourceId: `${order.shop}:${eventId}`,
      orderId: order.orderId,
      orderName: order.orderName,
      customerId: null,
      checkoutToken: null,
      cartToken: null,
      test: false,
      searchKey,
    },
    payload: JSON.stringify(payload),
    buyer,
    nextAttemptAt: now,
    receivedAt: now,
  });
  if (outcome.inserted) wakeWorkers();
  return outcome.inserted;
}

/**
 * After a supplier order's statuses are applied: the incident it is in now, if the shop chose an incident flow and
 * the order is matched to a store order, owes one trigger. False when nothing new was owed.
 */
export async function oweIncidentTrigger(order: TriggeredOrder, events: IncidentEvent[], now = new Date()) {
  if (!order.orderId) return false;
  const current = currentIncident(events);
  if (!current) return false;
  const settings = await incidentFlowSettings(order.shop);
  if (!settings.flowId) return false;
  return insertTrigger(
    { ...order, orderId: order.orderId },
    { key: incidentKey(current), reason: "incident", since: current.openedAt, current },
    now,
  );
}

/**
 * The periodic look at stuck parcels, for the shops that want it: a parcel past its carrier's pace owes one trigger
 * per stuck stage (the stage and since when it stands there are the key). An open incident is left out: its own
 * trigger already ran. Returns how many triggers were added.
 */
export async function oweStuckTriggers(now = new Date()) {
  let added = 0;
  for (const shop of await shopsWithStuckTrigger()) {
    try {
      for (const parcel of await unsentStuckParcels(shop, now)) {
        const order = { shop, ...parcel, rawStatus: null };
        const stuck = { stage: parcel.stage, days: parcel.days, usual: parcel.usual };
        const since = new Date(parcel.since);
        if (await insertTrigger(order, { key: stuckKey(parcel), reason: "stuck", since, stuck }, now)) added++;
      }
    } catch (error) {
      // One shop's failure does not keep the others' parcels waiting; the next period tries it again.
      logger.error(
        { shop, err: error instanceof Error ? error.message : String(error) },
        "stuck parcels not triggered",
      );
    }
  }
  return added;
}

/**
 * The shop's stuck parcels whose stuck stage has not run the flow yet: what the periodic look sends, and what the
 * settings page counts before the merchant turns the switch on (docs/decisions/343). An open incident is left out.
 */
export async function unsentStuckParcels(shop: string, now = new Date()): Promise<StalledParcel[]> {
  const stuck = (await stalledParcels(shop, now)).filter((parcel) => parcel.stage !== "incident");
  const sent = await sentTriggerIds(
    shop,
    stuck.map((parcel) => triggerEventId("stuck", parcel.supplierOrderId, stuckKey(parcel))),
  );
  return stuck.filter((parcel) => !sent.has(triggerEventId("stuck", parcel.supplierOrderId, stuckKey(parcel))));
}

/** Which of these trigger event ids the shop's outbox already holds (sent, waiting or given up: owed no more). */
export async function sentTriggerIds(shop: string, eventIds: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < eventIds.length; start += ID_CHUNK) {
    const rows = await prisma.delivery.findMany({
      where: { shop, topic: INCIDENT_TOPIC, eventId: { in: eventIds.slice(start, start + ID_CHUNK) } },
      select: { eventId: true },
    });
    for (const row of rows) found.add(row.eventId);
  }
  return found;
}

// Bound parameters per IN list: well under SQLite's and PostgreSQL's limits.
const ID_CHUNK = 500;
