import type { SupplierOrder } from "@prisma/client";
import prisma from "../../db.server";
import type { JobHandler } from "../jobs/types";
import { addJob } from "../jobs/queue.server";
import { statusMapOf } from "../journey/settings.server";
import { readStatus } from "../journey/stages";
import { currentIncident, type IncidentEvent } from "./incident";
import { incidentFlowSettings } from "./settings.server";
import { incidentKey, oweIncidentTrigger, sentTriggerIds, triggerEventId, unsentStuckParcels } from "./trigger.server";

/*
 * The incidents still open when the merchant turns the incident flow on (docs/decisions/343): the trigger of an
 * incident is owed when its statuses are applied, and an incident recorded while no flow was chosen was owed
 * nothing then. Turning the flow on owes each incident the parcel is still in, if its latest incident status is
 * recent enough to matter; each goes through the one trigger path (same event id: an incident already sent is
 * never sent again), in batches, by a keyed job, never in the settings request.
 */

/** How recent the parcel's latest incident status must be for the incident to be rescued (decision 343). */
export const RESCUE_WINDOW_MS = 72 * 3_600_000;

/** Supplier orders read per batch (and per job run). */
export const RESCUE_BATCH = 100;

export const RESCUE_JOB = "incident-open-rescue";

interface OpenIncident {
  order: SupplierOrder;
  events: IncidentEvent[];
}

/**
 * One batch of the shop's open incidents (matched parcels whose incident no later status has closed, its latest
 * incident status after `asOf` less the window), in supplier order id order after `after`, with those whose trigger
 * the outbox already holds left out. `last` is the batch's last supplier order read (null: none left to read).
 */
export async function unsentOpenIncidents(
  shop: string,
  asOf: Date,
  options: { after?: string | null; limit?: number } = {},
): Promise<{ owed: OpenIncident[]; last: string | null }> {
  const limit = options.limit ?? RESCUE_BATCH;
  const orders = await prisma.supplierOrder.findMany({
    where: {
      shop,
      openIncident: { not: null },
      orderId: { not: null },
      incidentSince: { gte: new Date(asOf.getTime() - RESCUE_WINDOW_MS) },
      ...(options.after ? { supplierOrderId: { gt: options.after } } : {}),
    },
    orderBy: { supplierOrderId: "asc" },
    take: limit,
  });
  if (!orders.length) return { owed: [], last: null };
  const [shopMap, events] = await Promise.all([
    statusMapOf(shop),
    prisma.supplierStatusEvent.findMany({
      where: { shop, supplierOrderId: { in: orders.map((order) => order.supplierOrderId) } },
      orderBy: { receivedAt: "asc" },
    }),
  ]);
  const open: (OpenIncident & { eventId: string })[] = [];
  for (const order of orders) {
    const read = events
      .filter((event) => event.supplierOrderId === order.supplierOrderId)
      .map((event) => ({ ...event, ...readStatus(event.rawStatus, shopMap) }));
    const current = currentIncident(read);
    if (!current) continue;
    open.push({
      order,
      events: read,
      eventId: triggerEventId("incident", order.supplierOrderId, incidentKey(current)),
    });
  }
  const sent = await sentTriggerIds(
    shop,
    open.map((incident) => incident.eventId),
  );
  return {
    owed: open.filter((incident) => !sent.has(incident.eventId)),
    last: orders.length < limit ? null : orders.at(-1)!.supplierOrderId,
  };
}

/** What turning the flow or the stuck switch on would send now: the settings page says it before the merchant does. */
export async function owedOnTurningOn(shop: string, now = new Date()) {
  return { incidents: await countOpenIncidents(shop, now), stuck: (await unsentStuckParcels(shop, now)).length };
}

/** The settings card's view: the saved settings, and what turning on what is off would send now. */
export async function incidentFlowView(shop: string, now = new Date()) {
  const settings = await incidentFlowSettings(shop);
  const [incidents, stuck] = await Promise.all([
    settings.flowId ? 0 : countOpenIncidents(shop, now),
    settings.stuckTrigger && settings.flowId ? 0 : unsentStuckParcels(shop, now).then((parcels) => parcels.length),
  ]);
  return { ...settings, owedOnTurningOn: { incidents, stuck } };
}

async function countOpenIncidents(shop: string, now: Date) {
  let incidents = 0;
  let after: string | null = null;
  do {
    const batch = await unsentOpenIncidents(shop, now, { after });
    incidents += batch.owed.length;
    after = batch.last;
  } while (after);
  return incidents;
}

/** Owes the open incidents their trigger, from the job's own run (turning the flow on adds it). */
export function rescueOpenIncidents(shop: string, now: Date) {
  return addJob(RESCUE_JOB, { key: `${RESCUE_JOB}:${shop}`, shop, payload: { asOf: now.toISOString() } });
}

/**
 * One batch: each open incident not sent yet goes through the incident trigger (which reads the flow again: one
 * turned off meanwhile owes nothing), then the next batch is a job of its own, so no run is long. Two runs over the
 * same parcels (two turn-ons) add each trigger once: the outbox's unique event id.
 */
export function openIncidentRescueHandler(): JobHandler {
  return async (job, now) => {
    const shop = job.shop;
    if (!shop || !(await incidentFlowSettings(shop)).flowId) return;
    const asOf = typeof job.payload.asOf === "string" ? new Date(job.payload.asOf) : now();
    const after = typeof job.payload.after === "string" ? job.payload.after : null;
    const batch = await unsentOpenIncidents(shop, asOf, { after });
    for (const { order, events } of batch.owed) await oweIncidentTrigger(order, events, now());
    // The next batch's key names where it starts: the running job's own key would be the live job's still.
    if (batch.last)
      await addJob(RESCUE_JOB, {
        key: `${RESCUE_JOB}:${shop}:${batch.last}`,
        shop,
        payload: { asOf: asOf.toISOString(), after: batch.last },
      });
  };
}
