import type { Delivery, OrderTagTask } from "@prisma/client";
import prisma from "../../db.server";
import { logger } from "../../logger.server";
import { addOrderTags } from "../automation/order-tags.server";
import { getOfflineSession, type GraphqlOptions } from "../platform/graphql.server";
import { addAppliedTags } from "./outbox.server";
import { ERROR_TAG_RETRY_DELAYS_MS } from "./retry-policy.server";
import { AUTOMATION_ERROR_TAG } from "./status.server";

/**
 * A tag an order is owed, as a task of its own (OrderTagTask): the spec's automation-error tag on a dead order, so
 * the merchant sees in the admin which orders the flow missed, and the tag of an order the shop's rules held
 * (docs/decisions/264). Tried at once, then again on ERROR_TAG_RETRY_DELAYS_MS while the platform fails, its due
 * time, tries and last problem in columns.
 */

interface TagProblem {
  message: string;
  /** False when trying again cannot help: the order is gone. */
  retryable: boolean;
}

export interface OwedTagOptions {
  now?: () => Date;
  /** Passed to the platform GraphQL client (its own throttle waits). */
  graphql?: GraphqlOptions;
  /** How long a claimed task is held before another process may try it. */
  leaseMs?: number;
}

const DEFAULT_LEASE_MS = 120_000;

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

/** The order of this delivery owes `tag`: a task due now, tried at once, then on the schedule until added. */
export async function oweOrderTag(
  delivery: Pick<Delivery, "id" | "shop" | "topic" | "orderId">,
  tag: string,
  options: OwedTagOptions = {},
) {
  if (delivery.topic !== "orders/create" || !delivery.orderId) return;
  const now = (options.now ?? (() => new Date()))();
  const leaseUntil = new Date(now.getTime() + (options.leaseMs ?? DEFAULT_LEASE_MS));
  // Created already claimed (due past the lease), so a scheduler run meanwhile leaves it to this try.
  const fresh = { status: "owed", dueAt: leaseUntil, attempts: 0, lastProblem: null };
  const task = await prisma.orderTagTask.upsert({
    where: { deliveryId_tag: { deliveryId: delivery.id, tag } },
    create: { deliveryId: delivery.id, shop: delivery.shop, orderId: delivery.orderId, tag, ...fresh },
    update: fresh,
  });
  await tryTask(task, options);
}

/**
 * Tries the owed tags whose time has come, paused shops' too (why: app/services/jobs/policies.ts). Each is
 * claimed by moving its due time past the lease, only if no other process moved it first, so two workers never tag
 * one order at once. Returns how many were tried.
 */
export async function runDueOwedTags(options: OwedTagOptions & { limit?: number } = {}): Promise<number> {
  const now = (options.now ?? (() => new Date()))();
  const owed = await prisma.orderTagTask.findMany({
    where: { status: "owed", dueAt: { lte: now } },
    orderBy: { dueAt: "asc" },
    take: options.limit ?? 50,
  });
  const claimed: OrderTagTask[] = [];
  for (const task of owed) {
    const { count } = await prisma.orderTagTask.updateMany({
      where: { id: task.id, status: "owed", dueAt: task.dueAt },
      data: { dueAt: new Date(now.getTime() + (options.leaseMs ?? DEFAULT_LEASE_MS)) },
    });
    if (count === 1) claimed.push(task);
  }
  await Promise.all(claimed.map((task) => tryTask(task, options)));
  return claimed.length;
}

async function tryTask(task: OrderTagTask, options: OwedTagOptions) {
  const log = logger.child({ shop: task.shop, deliveryId: task.deliveryId, tag: task.tag, component: "error-tag" });
  const attempts = task.attempts + 1;
  const problem = await addTag(task.shop, task.orderId, task.tag, options.graphql);
  const now = (options.now ?? (() => new Date()))();
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
  const delay = problem.retryable ? ERROR_TAG_RETRY_DELAYS_MS[attempts - 1] : undefined;
  const dueAt = delay === undefined ? null : new Date(now.getTime() + delay);
  log.error({ problem: problem.message, attempts, dueAt }, "could not tag the order");
  await prisma.orderTagTask.updateMany({
    where: { id: task.id },
    data: { status: dueAt ? "owed" : "given_up", dueAt, attempts, lastProblem: problem.message },
  });
}
