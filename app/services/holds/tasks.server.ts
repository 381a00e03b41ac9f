import { Prisma, type FulfilmentTask } from "@prisma/client";
import prisma from "../../db.server";
import { logger } from "../../logger.server";
import { orderAnswerOf } from "../answers/record.server";
import { PlatformApiError } from "../platform/errors.server";
import { ANSWER_LOST, getOfflineSession, type GraphqlOptions, type PlatformSession } from "../platform/graphql.server";
import {
  CANCEL_NOTES,
  cancelledByApp,
  cancelOrder,
  ownHolds,
  placeHold,
  readFulfillmentOrder,
  readOrderHolds,
  releaseHolds,
  type UserError,
} from "./platform.server";
import { POLICIES } from "../jobs/policies";
import { coversOrder, holdPolicyOf } from "./settings.server";
import { wakeFulfilmentTasks } from "./wake.server";

/**
 * The holds, releases and cancels the app owes the platform, as durable tasks (docs/decisions/212). The same
 * mechanism as the dead order's error tag (OrderTagTask): a row per task, claimed by moving its due time past a
 * lease with a conditional write, tried again on FULFILMENT_RETRY_DELAYS_MS while the platform fails. Each step is
 * idempotent against the platform, so a task tried again after a crash (kill -9 between the platform's answer and
 * the row's update) does nothing twice: a hold is looked for by its handle before one is placed, a release names
 * the ids of the app's holds found on the order, and a cancel first reads whether the order is cancelled.
 */

export type TaskKind = "hold" | "release" | "cancel";
export type TaskReason = "routed" | "confirmed" | "refused" | "no_answer" | "merchant";

/** When a failed task is tried again, declared with every kind of durable work's (app/services/jobs/policies.ts). */
export const FULFILMENT_RETRY_DELAYS_MS = POLICIES["fulfilment-task"].retryDelaysMs;

const DEFAULT_LEASE_MS = 120_000;

export interface TaskOptions {
  now?: () => Date;
  graphql?: GraphqlOptions;
  leaseMs?: number;
}

/** How a try ended: done (with what the platform answered), stood down (nothing to do, or the merchant acted). */
type Outcome = { status: "done" | "stood_down"; platformRef?: string | null; orderId?: string; problem?: string };

/** A try that failed: worth trying again (the platform down, throttled) or not (the platform refused). */
class TaskProblem extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** What the try sent whose answer was lost, kept for the next try to recognise (a release's hold ids). */
    readonly sent?: string,
  ) {
    super(message);
  }
}

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
    await prisma.fulfilmentTask.create({
      data: { shop, ...task, orderId: task.orderId ?? null, status: "owed", dueAt: now },
    });
    wakeFulfilmentTasks();
    return true;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return false;
    throw error;
  }
}

/**
 * Tries the owed tasks whose time has come, of shops whose automation is not paused. Each is claimed by moving its
 * due time past the lease, only if no other process moved it first. Returns how many were tried.
 */
export async function runDueFulfilmentTasks(options: TaskOptions & { limit?: number } = {}): Promise<number> {
  const now = (options.now ?? (() => new Date()))();
  const paused = POLICIES["fulfilment-task"].pause.holds
    ? (await prisma.automationPause.findMany({ select: { shop: true } })).map((row) => row.shop)
    : [];
  const owed = await prisma.fulfilmentTask.findMany({
    where: { status: "owed", dueAt: { lte: now }, ...(paused.length ? { shop: { notIn: paused } } : {}) },
    orderBy: { dueAt: "asc" },
    take: options.limit ?? 50,
  });
  const leaseUntil = new Date(now.getTime() + (options.leaseMs ?? DEFAULT_LEASE_MS));
  let tried = 0;
  // One at a time: a hold and a release of one order must not run at once, and the platform's cost budget is
  // the shop's.
  for (const task of owed) {
    const { count } = await prisma.fulfilmentTask.updateMany({
      where: { id: task.id, status: "owed", dueAt: task.dueAt },
      data: { dueAt: leaseUntil },
    });
    if (count !== 1) continue;
    tried++;
    await tryTask(task, options);
  }
  return tried;
}

async function tryTask(task: FulfilmentTask, options: TaskOptions) {
  const log = logger.child({ shop: task.shop, taskId: task.id, kind: task.kind, component: "fulfilment-task" });
  const attempts = task.attempts + 1;
  let outcome: Outcome;
  try {
    const session = await getOfflineSession(task.shop);
    if (!session) throw new TaskProblem("the app has no offline session for the shop", true);
    outcome = await perform(session, task, options.graphql ?? {});
  } catch (error) {
    const problem =
      error instanceof TaskProblem
        ? error
        : new TaskProblem(error instanceof Error ? error.message : String(error), true);
    const now = (options.now ?? (() => new Date()))();
    const delay = problem.retryable ? FULFILMENT_RETRY_DELAYS_MS[attempts - 1] : undefined;
    const dueAt = delay === undefined ? null : new Date(now.getTime() + delay);
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
    return;
  }
  const now = (options.now ?? (() => new Date()))();
  await prisma.fulfilmentTask.updateMany({
    where: { id: task.id },
    data: {
      status: outcome.status,
      dueAt: null,
      attempts,
      doneAt: now,
      lastProblem: outcome.problem ?? null,
      ...(outcome.orderId ? { orderId: outcome.orderId } : {}),
      ...(outcome.platformRef !== undefined ? { platformRef: outcome.platformRef } : {}),
    },
  });
  log.info({ status: outcome.status, note: outcome.problem }, "fulfilment task finished");
}

function perform(session: PlatformSession, task: FulfilmentTask, graphql: GraphqlOptions): Promise<Outcome> {
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
  const placed = await placeHold(session, fulfillmentOrder.id, graphql);
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
    // An earlier try's release whose answer was lost: the holds it named are gone because it ran.
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
  const staffNote =
    task.reason === "no_answer"
      ? CANCEL_NOTES.no_answer
      : task.reason === "merchant"
        ? CANCEL_NOTES.merchant
        : CANCEL_NOTES.refused;
  const { jobId, userErrors } = await cancelOrder(
    session,
    order.id,
    { notifyCustomer: policy.notifyCustomer, staffNote },
    graphql,
  );
  if (userErrors.length || !jobId) throw refusal(userErrors);
  return { status: "done", platformRef: jobId };
}
