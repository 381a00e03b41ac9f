import type { Delivery, OrderTagTask } from "@prisma/client";
import prisma from "../../db.server";
import { logger } from "../../logger.server";
import { addOrderTags } from "../automation/order-tags.server";
import { retryDelayMs } from "../jobs/attempt.server";
import { addJob } from "../jobs/queue.server";
import { JOB_KINDS } from "../jobs/registry.server";
import { JobProblem, type Job } from "../jobs/types";
import { getOfflineSession, type GraphqlOptions } from "../platform/graphql.server";
import { addAppliedTags } from "./outbox.server";
import { AUTOMATION_ERROR_TAG } from "./status.server";

/**
 * A tag an order is owed, as a task of its own (OrderTagTask): the spec's automation-error tag on a dead order, so
 * the merchant sees in the admin which orders the flow missed, and the tag of an order the shop's rules held
 * (docs/decisions/264). The row is the record (status, tries, last problem, when the next try is due); the trying is
 * a job of kind "order-tag" keyed by the row (app/services/jobs/, docs/decisions/310): due at once, then again on
 * the kind's schedule (policies.ts) while the platform fails.
 */

interface TagProblem {
  message: string;
  /** False when trying again cannot help: the order is gone. */
  retryable: boolean;
}

export interface OwedTagOptions {
  now?: () => Date;
}

const JOB_KIND = "order-tag";
/** One live job per row: owing the tag again, or adding the owed rows' jobs at start, adds nothing twice. */
const jobOf = (task: Pick<OrderTagTask, "id" | "shop">, runAt: Date) => ({
  key: `${JOB_KIND}:${task.id}`,
  shop: task.shop,
  payload: { taskId: task.id },
  runAt,
});

/**
 * The one place an owed tag calls the platform: adds the tag to the order, or says why it could not. How the
 * admin client is obtained (offline session today) changes here and nowhere else.
 */
async function addTag(
  shop: string,
  orderId: string,
  tag: string,
  graphql: GraphqlOptions = {},
): Promise<TagProblem | null> {
  try {
    const session = await getOfflineSession(shop);
    if (!session) return { message: "the app has no offline session for the shop", retryable: true };
    if (await addOrderTags(session, orderId, [tag], graphql)) return null;
    return { message: "the order no longer exists on the platform", retryable: false };
  } catch (error) {
    return { message: error instanceof Error ? error.message : String(error), retryable: true };
  }
}

/** A dead order delivery owes its order the tag: the task is created due now and tried at once. */
export async function oweErrorTag(
  delivery: Pick<Delivery, "id" | "shop" | "topic" | "orderId">,
  options: OwedTagOptions = {},
) {
  await oweOrderTag(delivery, AUTOMATION_ERROR_TAG, options);
}

/**
 * A retry or a resend replaces the failed run: a replay may deliver the order after all, and a new death owes the
 * error tag afresh. A held order's own tag stays owed.
 */
export async function forgetOwedErrorTag(shop: string, deliveryIds: string[]) {
  await prisma.orderTagTask.deleteMany({ where: { shop, deliveryId: { in: deliveryIds }, tag: AUTOMATION_ERROR_TAG } });
}

/** The order of this delivery owes `tag`: a task due now, its job tried at once, then on the schedule until added. */
export async function oweOrderTag(
  delivery: Pick<Delivery, "id" | "shop" | "topic" | "orderId">,
  tag: string,
  options: OwedTagOptions = {},
) {
  if (delivery.topic !== "orders/create" || !delivery.orderId) return;
  const now = (options.now ?? (() => new Date()))();
  const fresh = { status: "owed", dueAt: now, attempts: 0, lastProblem: null };
  const task = await prisma.orderTagTask.upsert({
    where: { deliveryId_tag: { deliveryId: delivery.id, tag } },
    create: { deliveryId: delivery.id, shop: delivery.shop, orderId: delivery.orderId, tag, ...fresh },
    update: fresh,
  });
  // Added after the row: a process that dies between the two leaves an owed row with no job, which the next start
  // adds (addOwedTagJobs).
  await addJob(JOB_KIND, jobOf(task, now));
}

/**
 * A job for every owed tag that has none (one live job per key), due when the row says. Run at start: it brings
 * rows owed before tags were jobs onto the mechanism, and a row whose job was never added. Returns how many rows
 * were looked at.
 */
export async function addOwedTagJobs(now = new Date()): Promise<number> {
  const owed = await prisma.orderTagTask.findMany({
    where: { status: "owed" },
    select: { id: true, shop: true, dueAt: true },
  });
  for (const task of owed) await addJob(JOB_KIND, jobOf(task, task.dueAt ?? now));
  return owed.length;
}

/**
 * The job's try of its tag: the row says what is owed; a row done, given up or gone (forgotten on a replay, or
 * with the shop) is left as is. `graphql` is passed to the platform client (tests pass one that does not sleep).
 */
export function owedTagHandler(graphql: GraphqlOptions = {}) {
  return async (job: Job, now: () => Date) => {
    const taskId = typeof job.payload.taskId === "string" ? job.payload.taskId : null;
    const task = taskId ? await prisma.orderTagTask.findUnique({ where: { id: taskId } }) : null;
    if (!task || task.status !== "owed") return;
    await tryTask(task, job.attempt, now, graphql);
  };
}

async function tryTask(task: OrderTagTask, attempt: number, now: () => Date, graphql: GraphqlOptions) {
  const log = logger.child({ shop: task.shop, deliveryId: task.deliveryId, tag: task.tag, component: "error-tag" });
  const attempts = task.attempts + 1;
  const problem = await addTag(task.shop, task.orderId, task.tag, graphql);
  if (!problem) {
    await prisma.orderTagTask.updateMany({
      where: { id: task.id },
      data: { status: "done", dueAt: null, attempts, lastProblem: null },
    });
    // The order carries the tag now, whatever became of the delivery meanwhile: the record says so.
    await addAppliedTags(task.deliveryId, [task.tag]);
    if (attempts > 1) log.info({ attempts }, "order tagged on a later try");
    return;
  }
  // The job's schedule (policies.ts) says whether there is a next try; the row records when, for the merchant.
  const delay = retryDelayMs(JOB_KINDS[JOB_KIND], attempt, problem.retryable);
  const dueAt = delay === null ? null : new Date(now().getTime() + delay);
  log.error({ problem: problem.message, attempts, dueAt }, "could not tag the order");
  await prisma.orderTagTask.updateMany({
    where: { id: task.id },
    data: { status: dueAt ? "owed" : "given_up", dueAt, attempts, lastProblem: problem.message },
  });
  throw new JobProblem(problem.message, problem.retryable);
}
