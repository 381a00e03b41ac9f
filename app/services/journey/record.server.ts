import { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import { oweIncidentTrigger } from "../incidents/trigger.server";
import { oweJourneySteps } from "./follow.server";
import { matchStoreOrder } from "./match.server";
import { projectJourney, type JourneyEvent } from "./project";
import { statusMapOf } from "./settings.server";
import { readStatus } from "./stages";

export type StatusSource = "push" | "callback" | "poll";

/** One status of one supplier order as a source gave it, already checked for shape. */
export interface StatusReport {
  supplierOrderId: string;
  rawStatus: string;
  /** The time the marketplace or carrier gave, if any. */
  reportedAt?: Date | null;
  guide?: string | null;
  carrier?: string | null;
  shopOrderRef?: string | null;
  total?: string | null;
  /** The buyer's phone as the source gave it: kept only until the event is applied. */
  buyerPhone?: string | null;
  /** What the supplier or carrier wrote with the status (an incident's words). */
  notes?: string | null;
}

/** The dedupe key: the status's spelling-free key and the reported time, so a repeated push is one event. */
export function eventDedupeKey(statusKey: string, reportedAt: Date | null | undefined) {
  return `${statusKey}|${reportedAt ? reportedAt.toISOString() : ""}`;
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/**
 * Stores one status event: one INSERT, nothing else, so a receiver can answer at once (docs/decisions/321). The
 * same status again (same key, same reported time) is refused by the unique index: `false`, already recorded.
 */
export async function insertStatusEvent(
  shop: string,
  source: StatusSource,
  report: StatusReport,
  receivedAt = new Date(),
): Promise<boolean> {
  const { key, stage } = readStatus(report.rawStatus);
  try {
    await prisma.supplierStatusEvent.create({
      data: {
        shop,
        supplierOrderId: report.supplierOrderId,
        rawStatus: report.rawStatus,
        dedupeKey: eventDedupeKey(key, report.reportedAt),
        stage,
        reportedAt: report.reportedAt ?? null,
        receivedAt,
        source,
        guide: report.guide ?? null,
        carrier: report.carrier ?? null,
        shopOrderRef: report.shopOrderRef ?? null,
        total: report.total ?? null,
        buyerPhone: report.buyerPhone ?? null,
        notes: report.notes ?? null,
      },
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

const latest = <T>(values: (T | null)[]) => values.filter((value): value is T => value !== null).at(-1) ?? null;

/**
 * Brings a supplier order up to date with all its stored events (docs/decisions/320): the stage and incident
 * recomputed from the whole history under the shop's map, the store order matched while it is not, the buyer's
 * phone erased from the applied events, and the steps the store now owes added. Safe to run twice or
 * concurrently: a projection from fewer events than the stored one never overwrites it, a step is owed once.
 */
export async function applyStatusEvents(
  shop: string,
  supplierOrderId: string,
  options: { now?: Date; storeOrder?: { orderId: string; orderName: string | null } } = {},
) {
  const now = options.now ?? new Date();
  const [shopMap, events] = await Promise.all([
    statusMapOf(shop),
    prisma.supplierStatusEvent.findMany({ where: { shop, supplierOrderId }, orderBy: { receivedAt: "asc" } }),
  ]);
  if (!events.length) return null;
  const read: JourneyEvent[] = events.map((event) => {
    const { stage, closesIncident } = readStatus(event.rawStatus, shopMap);
    return { ...event, stage, closesIncident };
  });
  const state = projectJourney(read);
  const existing = await prisma.supplierOrder.findUnique({
    where: { shop_supplierOrderId: { shop, supplierOrderId } },
  });
  // The automation callback names the store order itself: no match needed (docs/decisions/322).
  const known = options.storeOrder ? { ...options.storeOrder, matchedBy: "callback" } : null;
  const match =
    known ??
    (existing?.orderId
      ? null
      : await matchStoreOrder(shop, {
          shopOrderRef: latest(events.map((event) => event.shopOrderRef)),
          phone: latest(events.map((event) => event.buyerPhone)),
          total: latest(events.map((event) => event.total)),
          near: existing?.createdAt ?? events[0].receivedAt,
        }));
  const data = {
    ...state,
    shopOrderRef: latest(events.map((event) => event.shopOrderRef)),
    eventCount: events.length,
    ...(match ?? {}),
  };
  if (!existing) {
    try {
      await prisma.supplierOrder.create({ data: { shop, supplierOrderId, ...data } });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another event of the same order created it first: fall through to the guarded update.
      await updateProjection(shop, supplierOrderId, data);
    }
  } else {
    await updateProjection(shop, supplierOrderId, data);
  }
  await markApplied(shop, events, read, now);
  const order = await prisma.supplierOrder.findUnique({ where: { shop_supplierOrderId: { shop, supplierOrderId } } });
  // The store follows the stages reached (docs/decisions/297): each step owed once, as a job of its own.
  if (order) await oweJourneySteps(order, read, now);
  // The incident the parcel is in now runs the shop's incident flow, once per incident (docs/decisions/330).
  if (order) await oweIncidentTrigger(order, read, now);
  return order;
}

function updateProjection(shop: string, supplierOrderId: string, data: Prisma.SupplierOrderUpdateManyMutationInput) {
  return prisma.supplierOrder.updateMany({
    where: { shop, supplierOrderId, eventCount: { lte: data.eventCount as number } },
    data,
  });
}

/**
 * The events as applied: their stage under the shop's map, and no phone once it served the match. One statement
 * per stage and first application (a batch of a parcel's statuses is one or two), not one per event.
 */
async function markApplied(
  shop: string,
  events: { id: string; stage: string; appliedAt: Date | null; buyerPhone: string | null }[],
  read: JourneyEvent[],
  now: Date,
) {
  const groups = new Map<string, { stage: string; first: boolean; ids: string[] }>();
  events.forEach((event, index) => {
    const stage = read[index].stage;
    if (event.appliedAt && !event.buyerPhone && event.stage === stage) return;
    const first = !event.appliedAt;
    const group = groups.get(`${stage}|${first}`) ?? { stage, first, ids: [] };
    group.ids.push(event.id);
    groups.set(`${stage}|${first}`, group);
  });
  for (const { stage, first, ids } of groups.values()) {
    await prisma.supplierStatusEvent.updateMany({
      where: { shop, id: { in: ids }, ...(first ? { appliedAt: null } : {}) },
      data: { stage, buyerPhone: null, ...(first ? { appliedAt: now } : {}) },
    });
  }
}
