import { Prisma, type FulfilmentTask } from "@prisma/client";
import prisma from "../../db.server";
import { logger } from "../../logger.server";
import { orderAnswerOf } from "../answers/record.server";
import { PlatformApiError } from "../platform/errors.server";
import { ANSWER_LOST, getOfflineSession, type GraphqlOptions, type PlatformSession } from "../platform/graphql.server";
import { shopLanguage } from "../shops/language.server";
import {
  cancelOrder,
  ownHolds,
  placeHold,
  readFulfillmentOrder,
  readOrderHolds,
  releaseHolds,
  type UserError,
} from "./platform.server";
import { retryDelayMs } from "../jobs/attempt.server";
import { POLICIES } from "../jobs/policies";
import { addJob } from "../jobs/queue.server";
import { JOB_KINDS } from "../jobs/registry.server";
import { JobProblem, type Job } from "../jobs/types";
import { riskHold } from "./risk-hold.server";
import { TaskProblem, type Outcome } from "./task-outcome";
import { coversOrder, holdPolicyOf } from "./settings.server";
import { cancelledByApp, cancelNote, holdNote, type CancelReason } from "./staff-notes.server";

/**
 * The holds, releases and cancels the app owes the platform (docs/decisions/212). A FulfilmentTask row is the record
 * of what is owed and what became of it (the order's page reads it); the trying is a job of kind "fulfilment-task"
 * keyed by the row (app/services/jobs/, docs/decisions/310): the mechanism's retry schedule and pause, one job at a
 * time per shop. Each step is idempotent against the platform, so a task tried again after a crash (kill -9 between
 * the platform's answer and the row's update) does nothing twice: a hold is looked for by its handle before one is
 * placed, a release names the ids of the app's holds found on the order, and a cancel first reads whether the order
 * is cancelled.
 */

export type TaskKind = "hold" | "release" | "cancel";
/** risk: the shop's rule for risky orders holds the order itself (./risk-hold.server.ts, docs/decisions/335). */
export type TaskReason = "routed" | "confirmed" | "refused" | "no_answer" | "merchant" | "risk";

/** When a failed task is tried again, declared with every kind of durable work's (app/services/jobs/policies.ts). */
export const FULFILMENT_RETRY_DELAYS_MS = POLICIES["fulfilment-task"].retryDelaysMs;

const JOB_KIND = "fulfilment-task";
/** One live job per row: owing a task again, or adding the jobs of owed rows at start, adds nothing twice. */
const jobOf = (task: Pick<FulfilmentTask, "id" | "shop">, runAt: Date) => ({
  key: `${JOB_KIND}:${task.id}`,
  shop: task.shop,
  payload: { taskId: task.id },
  runAt,
});

const refusal = (errors: UserError[]) =>
  new TaskProblem(errors.map((error) => `${error.code ?? "error"}: ${error.message}`).join("; "), false);

/**
 * Owes the platform a task, due now; a task of this kind for this subject that is already owed or done stays as it
 * is (each is done at most once). Returns whether it was new.
 */
export async function oweFulfilmentTask(
  shop: string,
  task: { kind: TaskKind; subject: string; orderId?: string | null; reason: TaskReason },
  now = new Date(),
): Promise<boolean> {
  try {
    const row = await prisma.fulfilmentTask.create({
      data: { shop, ...task, orderId: task.orderId ?? null, status: "owed", dueAt: now },
    });
    // Added after the row: a process that dies between the two leaves an owed row with no job, which the next start
    // adds (addOwedFulfilmentTaskJobs).
    await addFulfilmentTaskJob(row, now);
    return true;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return false;
    throw error;
  }
}

/** The job that tries an owed task, due at `runAt`; a task that has a live job keeps it. */
export async function addFulfilmentTaskJob(task: Pick<FulfilmentTask, "id" | "shop">, runAt = new Date()) {
  await addJob(JOB_KIND, jobOf(task, runAt));
}

/**
 * A job for every owed task that has none (one live job per key: a row whose job waits keeps it), due when the row
 * says. Run at start: it brings rows owed before tasks were jobs onto the mechanism, and a row whose job was never
 * added (the process died between the two). Returns how many rows were looked at.
 */
export async function addOwedFulfilmentTaskJobs(now = new Date()): Promise<number> {
  const owed = await prisma.fulfilmentTask.findMany({
    where: { status: "owed" },
    select: { id: true, shop: true, dueAt: true },
  });
  for (const task of owed) await addFulfilmentTaskJob(task, task.dueAt ?? now);
  return owed.length;
}

/**
 * The job's try of its task: the row says what is owed; a row done, given up or gone (the shop's) is left as is.
 * `graphql` is passed to the platform client (tests pass one that does not sleep between its own attempts).
 */
export function fulfilmentTaskHandler(graphql: GraphqlOptions = {}) {
  return async (job: Job, now: () => Date) => {
    const taskId = typeof job.payload.taskId === "string" ? job.payload.taskId : null;
    const task = taskId ? await prisma.fulfilmentTask.findUnique({ where: { id: taskId } }) : null;
    if (!task || task.status !== "owed") return;
    await tryTask(task, job.attempt, now, graphql);
  };
}

async function tryTask(task: FulfilmentTask, attempt: number, now: () => Date, graphql: GraphqlOptions) {
  const log = logger.child({ shop: task.shop, taskId: task.id, kind: task.kind, component: "fulfilment-task" });
  const attempts = task.attempts + 1;
  let outcome: Outcome;
  try {
    const session = await getOfflineSession(task.shop);
    if (!session) throw new TaskProblem("the app has no offline session for the shop", true);
    outcome = await perform(session, task, graphql);
  } catch (error) {
    const problem =
      error instanceof TaskProblem
        ? error
        : new TaskProblem(error instanceof Error ? error.message : String(error), true);
    // The job's schedule (policies.ts) says whether there is a next try; the row records when, for the merchant.
    const delay = retryDelayMs(JOB_KINDS[JOB_KIND], attempt, problem.retryable);
    const dueAt = delay === null ? null : new Date(now().getTime() + delay);
    log.error({ problem: problem.message, attempts, dueAt }, "fulfilment task failed");
    await prisma.fulfilmentTask.updateMany({
      where: { id: task.id },
      data: {
        status: dueAt ? "owed" : "given_up",
        dueAt,
        attempts,
        lastProblem: problem.message,
        ...(problem.sent ? { platformRef: problem.sent } : {}),
      },
    });
    throw new JobProblem(problem.message, problem.retryable);
  }
  await prisma.fulfilmentTask.updateMany({
    where: { id: task.id },
    data: {
      status: outcome.status,
      dueAt: null,
      attempts,
      doneAt: now(),
      lastProblem: outcome.problem ?? null,
      ...(outcome.orderId ? { orderId: outcome.orderId } : {}),
      ...(outcome.platformRef !== undefined ? { platformRef: outcome.platformRef } : {}),
    },
  });
  log.info({ status: outcome.status, note: outcome.problem }, "fulfilment task finished");
}

function perform(session: PlatformSession, task: FulfilmentTask, graphql: GraphqlOptions): Promise<Outcome> {
  if (task.kind === "hold" && task.reason === "risk") return riskHold(session, task, graphql);
  if (task.kind === "hold") return hold(session, task, graphql);
  if (task.kind === "release") return release(session, task, graphql);
  return cancel(session, task, graphql);
}

/**
 * Places the app's hold on a routed fulfilment order, unless there is no reason to any more: the feature was
 * turned off, the order is not one the merchant wants held, the buyer already answered, or the order moved on.
 */
async function hold(session: PlatformSession, task: FulfilmentTask, graphql: GraphqlOptions): Promise<Outcome> {
  const fulfillmentOrder = await readFulfillmentOrder(session, task.subject, graphql);
  if (!fulfillmentOrder) return { status: "stood_down", problem: "the fulfilment order no longer exists" };
  // Deleted since routing (the loop test deletes its order; a merchant can delete or archive one): the platform
  // still answers for the fulfilment order, without its order. Nothing is left to hold.
  if (!(fulfillmentOrder.order as typeof fulfillmentOrder.order | null)) {
    return { status: "stood_down", problem: "the order no longer exists" };
  }
  const orderId = fulfillmentOrder.order.id;
  const policy = await holdPolicyOf(task.shop);
  if (!policy.enabled) return { status: "stood_down", orderId, problem: "holds are off" };
  // The loop test's order is held whatever its payment: the test shows the merchant the hold (docs/decisions/259).
  // Looked up only for an order the policy does not cover, so a cash-on-delivery order's hold costs no query more.
  const loopTestOrder = async () => (await prisma.loopTest.count({ where: { shop: task.shop, orderId } })) > 0;
  if (!coversOrder(policy, fulfillmentOrder.order.paymentGatewayNames) && !(await loopTestOrder())) {
    return { status: "stood_down", orderId, problem: "not a cash-on-delivery order" };
  }
  if (fulfillmentOrder.order.cancelledAt) return { status: "stood_down", orderId, problem: "the order is cancelled" };
  if (await orderAnswerOf(task.shop, orderId)) {
    return { status: "stood_down", orderId, problem: "the buyer answered before routing" };
  }
  const existing = ownHolds(fulfillmentOrder)[0];
  // Placed by an earlier try whose record was lost: the handle finds it, and it is not placed twice.
  if (existing) return { status: "done", orderId, platformRef: existing.id };
  if (!["OPEN", "SCHEDULED", "ON_HOLD"].includes(fulfillmentOrder.status)) {
    return { status: "stood_down", orderId, problem: `the fulfilment order is ${fulfillmentOrder.status}` };
  }
  const placed = await placeHold(session, fulfillmentOrder.id, holdNote(await shopLanguage(task.shop)), graphql);
  if (placed.userErrors.some((error) => error.code === "DUPLICATE_FULFILLMENT_HOLD_HANDLE")) {
    const again = await readFulfillmentOrder(session, task.subject, graphql);
    return { status: "done", orderId, platformRef: (again && ownHolds(again)[0]?.id) ?? null };
  }
  if (placed.userErrors.length || !placed.holdId) throw refusal(placed.userErrors);
  // An answer that came while the hold was being placed found nothing to release: released here.
  const answer = await orderAnswerOf(task.shop, orderId);
  if (answer?.answer === "confirmed") {
    const errors = await releaseHolds(session, fulfillmentOrder.id, [placed.holdId], graphql);
    if (errors.length) throw new TaskProblem(refusal(errors).message, true);
    return { status: "done", orderId, platformRef: placed.holdId, problem: "released at once: the buyer confirmed" };
  }
  return { status: "done", orderId, platformRef: placed.holdId };
}

/** Releases the app's own holds on the order's fulfilment orders: never the merchant's or another app's. */
async function release(session: PlatformSession, task: FulfilmentTask, graphql: GraphqlOptions): Promise<Outcome> {
  const order = await readOrderHolds(session, task.subject, graphql);
  if (!order) return { status: "stood_down", problem: "the order no longer exists" };
  const held = order.fulfillmentOrders.nodes
    .map((fulfillmentOrder) => ({ id: fulfillmentOrder.id, holdIds: ownHolds(fulfillmentOrder).map((h) => h.id) }))
    .filter((entry) => entry.holdIds.length);
  if (!held.length) {
    // An earlier try's release whose answer or record was lost: the holds it named are gone because it ran.
    if (task.platformRef) return { status: "done", platformRef: task.platformRef };
    const placed = await prisma.fulfilmentTask.count({
      where: { shop: task.shop, orderId: task.subject, kind: "hold", status: "done" },
    });
    // The app held it and the hold is gone: the merchant released (or fulfilled, or cancelled) by hand.
    return placed
      ? { status: "stood_down", platformRef: null, problem: "the merchant released the order first" }
      : { status: "done", platformRef: null };
  }
  const holdIds = held.flatMap((entry) => entry.holdIds).join(",");
  // Written before the release is sent: a try after a crash between the platform's release and the record finds
  // the holds gone and this row naming them, so the release is the app's, never "the merchant released first".
  await prisma.fulfilmentTask.updateMany({ where: { id: task.id, status: "owed" }, data: { platformRef: holdIds } });
  for (const entry of held) {
    let errors: UserError[];
    try {
      errors = await releaseHolds(session, entry.id, entry.holdIds, graphql);
    } catch (error) {
      if (error instanceof PlatformApiError && error.codes.includes(ANSWER_LOST)) {
        throw new TaskProblem(error.message, true, holdIds);
      }
      throw error;
    }
    if (errors.length) throw refusal(errors);
  }
  return { status: "done", platformRef: holdIds };
}

/** Cancels the order with restock, unless it is no longer one to cancel. A refusal is kept for the merchant. */
async function cancel(session: PlatformSession, task: FulfilmentTask, graphql: GraphqlOptions): Promise<Outcome> {
  const order = await readOrderHolds(session, task.subject, graphql);
  if (!order) return { status: "stood_down", problem: "the order no longer exists" };
  if (order.cancelledAt) {
    // Our own earlier try's job (its answer recorded, or lost: the app's note is on the cancel), or the merchant's.
    return task.platformRef || cancelledByApp(order)
      ? { status: "done" }
      : { status: "stood_down", problem: "the order was already cancelled" };
  }
  if (["FULFILLED", "PARTIALLY_FULFILLED"].includes(order.displayFulfillmentStatus)) {
    return { status: "stood_down", problem: "the merchant fulfilled the order" };
  }
  const policy = await holdPolicyOf(task.shop);
  if (task.reason !== "merchant" && !coversOrder(policy, order.paymentGatewayNames)) {
    return { status: "stood_down", problem: "not a cash-on-delivery order" };
  }
  const reason: CancelReason = task.reason === "no_answer" || task.reason === "merchant" ? task.reason : "refused";
  const staffNote = cancelNote(await shopLanguage(task.shop), reason);
  const { jobId, userErrors } = await cancelOrder(
    session,
    order.id,
    { notifyCustomer: policy.notifyCustomer, staffNote },
    graphql,
  );
  if (userErrors.length || !jobId) throw refusal(userErrors);
  return { status: "done", platformRef: jobId };
}
