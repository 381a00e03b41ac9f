import { Prisma, type LoopTest } from "@prisma/client";
import prisma from "../../db.server";
import { AppError } from "../../lib/http.server";
import { lastErrorColumns, storedDeliveryError } from "../../lib/delivery-errors";
import {
  LOOP_STEPS,
  type LoopEvaluation,
  type LoopProblem,
  type LoopStepKey,
  type LoopTestView,
} from "../../lib/loop-test";
import { logger } from "../../logger.server";
import { automationPausedAt } from "../deliveries/pause.server";
import { getOfflineSession } from "../platform/graphql.server";
import { createTestOrder, removeTestOrder } from "../platform/test-orders.server";
import { evaluateLoop, LOOP_DEADLINES_MS } from "./steps.server";
import { loopHoldFacts } from "./hold.server";

/**
 * "Test the whole loop" (docs/decisions/150): a real test order placed on the shop through the platform's GraphQL
 * Admin API, followed through webhook -> trigger -> callback -> tag, then deleted. Each read of the test
 * evaluates it; the read that sees it end records the result and removes the test order, once.
 */

/** Past this, a test nobody is watching any more is finished (and cleaned up) by the next read or start. */
const LONGEST_MS = Object.values(LOOP_DEADLINES_MS).reduce((sum, ms) => sum + ms, 0);

export interface LoopTestText {
  /** The test order's line item title, in the merchant's language. */
  title: string;
  note: string;
}

const alreadyRunning = () =>
  new AppError(409, "A loop test is already running; wait for it to finish", "loop_test_running");

/**
 * Starts a test: one at a time per shop (409 `loop_test_running` while one is under way). The read below answers
 * the common case; the store decides between starts that pass it together (the unique `runningShop`,
 * docs/decisions/190), so only one of them places a test order.
 */
export async function startLoopTest(shop: string, text: LoopTestText, now = new Date()): Promise<LoopTestView> {
  const latest = await followLoopTest(shop, null, now);
  if (latest?.outcome === "running") throw alreadyRunning();
  const session = await getOfflineSession(shop);
  if (!session) throw new AppError(401, "The app is not installed on this shop (no offline session)", "no_session");

  const row = await prisma.loopTest.create({ data: { shop, startedAt: now, runningShop: shop } }).catch((error) => {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw alreadyRunning();
    throw error;
  });
  const log = logger.child({ shop, loopTestId: row.id });
  try {
    const order = await createTestOrder(session, text);
    const started = await prisma.loopTest.update({
      where: { id: row.id },
      data: { orderId: order.id, orderName: order.name },
    });
    log.info({ orderId: order.id }, "loop test order placed");
    return viewOf(started, await evaluate(started, now));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    log.warn({ code: error.code }, "loop test order could not be placed");
    const evaluation: LoopEvaluation = {
      outcome: "failed",
      steps: LOOP_STEPS.map((key, index) => ({ key, state: index === 0 ? "failed" : "pending", afterMs: null })),
      failedStep: "webhook",
      problem: "order_not_created",
      detail: error.message,
      flowReportedFailure: false,
    };
    const failed = await prisma.loopTest.update({
      where: { id: row.id },
      data: finishedData(evaluation, now),
    });
    return viewOf(failed, evaluation);
  }
}

/**
 * The test `id` (or the shop's latest when null) as it stands now; null when the shop has none. A test that has
 * ended is finished here: its result is stored and its test order removed.
 */
export async function followLoopTest(shop: string, id: string | null, now = new Date()): Promise<LoopTestView | null> {
  const row = id
    ? await prisma.loopTest.findFirst({ where: { id, shop } })
    : await prisma.loopTest.findFirst({ where: { shop }, orderBy: [{ startedAt: "desc" }, { id: "desc" }] });
  if (!row) {
    if (id) throw new AppError(404, "No such loop test", "not_found");
    return null;
  }
  if (row.finishedAt) return viewOf(row, JSON.parse(row.result ?? "null") as LoopEvaluation | null);

  const evaluation = await evaluate(row, now);
  const abandoned = evaluation.outcome === "running" && now.getTime() - row.startedAt.getTime() > LONGEST_MS;
  if (evaluation.outcome === "running" && !abandoned) return viewOf(row, evaluation);
  return finish(row, abandoned ? timedOut(evaluation) : evaluation, now);
}

/**
 * Finishes the tests nobody is watching any more (the merchant closed the page mid-test): each running test is
 * followed as the page would follow it, so one that ended or ran past every deadline records its result and
 * removes its test order. A periodic job, fleet-wide once a minute (app/bootstrap.server.ts).
 */
export async function finishUnattendedLoopTests(now = new Date(), batch = 50): Promise<number> {
  // Only tests older than the shortest deadline can have ended without their page; few are ever running at once.
  const rows = await prisma.loopTest.findMany({
    where: { finishedAt: null, startedAt: { lt: new Date(now.getTime() - LOOP_DEADLINES_MS.tag) } },
    orderBy: { startedAt: "asc" },
    take: batch,
  });
  let finished = 0;
  for (const row of rows) {
    const view = await followLoopTest(row.shop, row.id, now);
    if (view && view.outcome !== "running") finished++;
  }
  if (finished) logger.info({ finished }, "loop tests finished without their page");
  return finished;
}

async function evaluate(row: LoopTest, now: Date): Promise<LoopEvaluation> {
  const [delivery, pausedAt] = await Promise.all([
    row.orderId
      ? prisma.delivery.findFirst({
          where: { shop: row.shop, topic: "orders/create", orderId: row.orderId },
          orderBy: { createdAt: "asc" },
        })
      : null,
    automationPausedAt(row.shop),
  ]);
  const order = row.orderId ? { id: row.orderId, tagged: delivery?.callbackAt != null } : null;
  const hold = await loopHoldFacts(row.shop, order, now);
  return evaluateLoop({
    startedAt: row.startedAt,
    now,
    paused: pausedAt !== null,
    delivery: delivery && {
      createdAt: delivery.createdAt,
      status: delivery.status,
      deliveredAt: delivery.deliveredAt,
      lastError: delivery.lastError,
      error: storedDeliveryError(delivery.lastErrorCode, delivery.lastErrorParams),
      callbackAt: delivery.callbackAt,
      callbackStatus: delivery.callbackStatus,
      tagsApplied: JSON.parse(delivery.tagsApplied) as string[],
    },
    callbackSeenAt: row.callbackAt,
    tagProblem: row.tagProblem,
    hold,
  });
}

/** A test left running past every deadline (a clock jump, a step stuck between two states): the awaited step failed. */
function timedOut(evaluation: LoopEvaluation): LoopEvaluation {
  const waiting = evaluation.steps.find((step) => step.state === "waiting");
  const step: LoopStepKey = waiting?.key ?? "webhook";
  const problems: Record<LoopStepKey, LoopProblem> = {
    webhook: "no_webhook",
    trigger: "no_trigger",
    callback: "no_callback",
    tag: "no_tag",
    hold: "no_hold",
    release: "no_release",
  };
  return {
    ...evaluation,
    outcome: "failed",
    failedStep: step,
    problem: problems[step],
    steps: evaluation.steps.map((item) => (item.key === step ? { ...item, state: "failed" } : item)),
  };
}

function finishedData(evaluation: LoopEvaluation, now: Date) {
  return {
    finishedAt: now,
    runningShop: null,
    outcome: evaluation.outcome,
    failedStep: evaluation.failedStep,
    problem: evaluation.problem,
    result: JSON.stringify(evaluation),
  };
}

/**
 * Records the end once (a conditional write: two pages polling at once finish it once), stops the test order's
 * delivery if it is still waiting to be sent, and removes the test order from the shop.
 */
async function finish(row: LoopTest, evaluation: LoopEvaluation, now: Date): Promise<LoopTestView> {
  const { count } = await prisma.loopTest.updateMany({
    where: { id: row.id, finishedAt: null },
    data: finishedData(evaluation, now),
  });
  if (count === 1) await cleanUp(row);
  const stored = await prisma.loopTest.findUniqueOrThrow({ where: { id: row.id } });
  return viewOf(stored, JSON.parse(stored.result ?? "null") as LoopEvaluation | null);
}

async function cleanUp(row: LoopTest) {
  if (!row.orderId) return;
  const log = logger.child({ shop: row.shop, loopTestId: row.id });
  // A delivery still waiting (paused, retrying) would otherwise go out later for an order that no longer exists.
  await prisma.delivery.updateMany({
    where: { shop: row.shop, topic: "orders/create", orderId: row.orderId, status: { in: ["queued", "retrying"] } },
    data: { status: "skipped", ...lastErrorColumns({ code: "test_order_removed" }), payload: null, buyer: null },
  });
  let data: { cleanup: string; cleanupProblem: string | null };
  try {
    const session = await getOfflineSession(row.shop);
    if (!session) throw new AppError(401, "The app is not installed on this shop (no offline session)", "no_session");
    const removed = await removeTestOrder(session, row.orderId);
    data =
      removed.outcome === "deleted"
        ? { cleanup: "deleted", cleanupProblem: null }
        : { cleanup: "cancelled", cleanupProblem: removed.problem };
  } catch (error) {
    if (!(error instanceof AppError)) log.error({ err: error }, "loop test cleanup failed unexpectedly");
    data = {
      cleanup: "failed",
      cleanupProblem: error instanceof AppError ? error.message : "The platform could not be reached",
    };
  }
  log.info({ cleanup: data.cleanup }, "loop test finished");
  await prisma.loopTest.update({ where: { id: row.id }, data });
}

function viewOf(row: LoopTest, evaluation: LoopEvaluation | null): LoopTestView {
  const steps = evaluation?.steps ?? [];
  return {
    id: row.id,
    orderName: row.orderName,
    startedAt: row.startedAt.toISOString(),
    outcome: (evaluation?.outcome ?? row.outcome) as LoopTestView["outcome"],
    steps,
    failedStep: evaluation?.failedStep ?? null,
    problem: evaluation?.problem ?? null,
    detail: evaluation?.detail ?? null,
    reason: evaluation?.reason ?? null,
    flowReportedFailure: evaluation?.flowReportedFailure ?? false,
    cleanup: row.cleanup as LoopTestView["cleanup"],
    cleanupProblem: row.cleanupProblem,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
