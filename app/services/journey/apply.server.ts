import prisma from "../../db.server";
import { addJob } from "../jobs/queue.server";
import type { Job } from "../jobs/types";
import { oweJourneyTriggers } from "./flow-triggers.server";
import { applyStatusEvents } from "./record.server";

/**
 * Applying a stored status is durable work (docs/decisions/297): a job of kind "journey-apply" per supplier order
 * (key `journey-apply:<shop>:<supplier order>`), added right after the event's INSERT, so a crash after the answer
 * loses nothing. A push that comes while its order's apply runs finds the job's key taken: the job applies again
 * while any event is left, and the periodic sweep adds the job for any event still not applied after that.
 */

const JOB_KIND = "journey-apply";
/** An event younger than this is its own job's to apply: the sweep does not race the job it just added. */
export const SWEEP_GRACE_MS = 30_000;

export async function addApplyJob(shop: string, supplierOrderId: string, runAt = new Date()) {
  await addJob(JOB_KIND, { key: `${JOB_KIND}:${shop}:${supplierOrderId}`, shop, payload: { supplierOrderId }, runAt });
}

/** Applies until no event of the order is left unapplied: a push stored during an apply finds the key taken. */
const MAX_PASSES = 5;

export function journeyApplyHandler() {
  return async (job: Job, now: () => Date) => {
    const supplierOrderId = typeof job.payload.supplierOrderId === "string" ? job.payload.supplierOrderId : null;
    if (!job.shop || !supplierOrderId) return;
    const shop = job.shop;
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      await applyStatusEvents(shop, supplierOrderId, { now: now() });
      const left = await prisma.supplierStatusEvent.count({ where: { shop, supplierOrderId, appliedAt: null } });
      if (!left) break;
    }
    await oweJourneyTriggers(shop, supplierOrderId, now());
  };
}

/** Adds the apply job of every supplier order with an event not applied past the grace. Returns how many. */
export async function sweepUnappliedEvents(now = new Date()): Promise<number> {
  const pending = await prisma.supplierStatusEvent.findMany({
    where: { appliedAt: null, receivedAt: { lt: new Date(now.getTime() - SWEEP_GRACE_MS) } },
    select: { shop: true, supplierOrderId: true },
    distinct: ["shop", "supplierOrderId"],
    take: 500,
  });
  for (const order of pending) await addApplyJob(order.shop, order.supplierOrderId, now);
  return pending.length;
}
