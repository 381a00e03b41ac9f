import prisma from "../../db.server";
import { addJob } from "../jobs/queue.server";
import type { Job } from "../jobs/types";
import { oweJourneyTriggers } from "./flow-triggers.server";
import { applyStatusEvents } from "./record.server";

/**
 * Applying a stored status is durable work (docs/decisions/297): a job of kind "journey-apply" per supplier order
 * (key `journey-apply:<shop>:<supplier order>`), added right after the event's INSERT, so a crash after the answer
 * loses nothing. A push that comes while its order's apply runs adds the job again, to run after the running one
 * (the queue's rule for a running key, docs/decisions/327); the periodic sweep adds the job for an event whose
 * process died between its INSERT and its job.
 */

const JOB_KIND = "journey-apply";
/** An event younger than this is its own job's to apply: the sweep does not race the job it just added. */
export const SWEEP_GRACE_MS = 30_000;

export async function addApplyJob(shop: string, supplierOrderId: string, runAt = new Date()) {
  await addJob(JOB_KIND, { key: `${JOB_KIND}:${shop}:${supplierOrderId}`, shop, payload: { supplierOrderId }, runAt });
}

/** One pass over the order's stored events: a push stored after the pass read them runs the job again. */
export function journeyApplyHandler() {
  return async (job: Job, now: () => Date) => {
    const supplierOrderId = typeof job.payload.supplierOrderId === "string" ? job.payload.supplierOrderId : null;
    if (!job.shop || !supplierOrderId) return;
    await applyStatusEvents(job.shop, supplierOrderId, { now: now() });
    await oweJourneyTriggers(job.shop, supplierOrderId, now());
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
