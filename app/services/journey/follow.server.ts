import { Prisma, type JourneyStep, type SupplierOrder } from "@prisma/client";
import prisma from "../../db.server";
import { logger } from "../../logger.server";
import { retryDelayMs } from "../jobs/attempt.server";
import { addJob } from "../jobs/queue.server";
import { JOB_KINDS } from "../jobs/registry.server";
import { JobProblem, type Job } from "../jobs/types";
import { getOfflineSession, type GraphqlOptions } from "../platform/graphql.server";
import { EVENT_STATUS, newSteps, planSteps, type PlannedStep } from "./follow-plan";
import type { JourneyEvent } from "./project";
import { followInStoreView, followSettingsOf } from "./settings.server";
import type { Stage } from "./stages";
import { endStep } from "./steps/end.server";
import { eventStep } from "./steps/event.server";
import { fulfilStep } from "./steps/fulfil.server";
import { paidStep } from "./steps/paid.server";
import { JOURNEY_TAGS, StepProblem, type StepContext, type StepOutcome } from "./steps/types";

/**
 * The store follows the parcel (docs/decisions/297): each step a supplier order's journey owes the store order is a
 * JourneyStep row (the record: done only after the platform answered) and a job of kind "journey-step" keyed
 * `journey:<shop>:<supplier order>:<step>`. A job runs its supplier order's owed steps up to its own, in the
 * journey's order, so a step never runs before an earlier one. Each step reads the platform before it writes, so a
 * try after a crash between the platform's answer and the row's update does nothing twice.
 */

const JOB_KIND = "journey-step";

export const stepJobKey = (step: Pick<JourneyStep, "shop" | "supplierOrderId" | "step">) =>
  `journey:${step.shop}:${step.supplierOrderId}:${step.step}`;

async function addStepJob(step: JourneyStep, runAt = new Date()) {
  await addJob(JOB_KIND, { key: stepJobKey(step), shop: step.shop, payload: { stepId: step.id }, runAt });
}

/**
 * Owes the steps the history now calls for, each once (the row's unique key), and adds their jobs. Only a matched
 * supplier order owes anything: its store order is the one acted on. Nothing is owed while the merchant has not
 * turned on following the parcel in the store, or has not granted its scopes (docs/decisions/308): the journey is
 * still recorded and shown, and the next status after the switch is on owes every step its history calls for.
 */
export async function oweJourneySteps(
  order: Pick<SupplierOrder, "shop" | "supplierOrderId" | "orderId">,
  events: JourneyEvent[],
  now = new Date(),
): Promise<number> {
  if (!order.orderId) return 0;
  const { shop, supplierOrderId } = order;
  const follow = await followInStoreView(shop);
  if (!follow.enabled || follow.missingScopes.length) return 0;
  const recorded = await prisma.journeyStep.findMany({
    where: { shop, supplierOrderId },
    select: { step: true, position: true },
  });
  let owed = 0;
  for (const planned of newSteps(planSteps(events), recorded)) {
    const row = await createStep(shop, supplierOrderId, order.orderId, planned);
    if (!row) continue;
    // Added after the row: a process that dies between the two leaves an owed row with no job, which the next
    // start adds (addOwedJourneyStepJobs).
    await addStepJob(row, now);
    owed += 1;
  }
  return owed;
}

async function createStep(shop: string, supplierOrderId: string, orderId: string, planned: PlannedStep) {
  try {
    return await prisma.journeyStep.create({
      data: {
        shop,
        supplierOrderId,
        orderId,
        step: planned.step,
        position: planned.position,
        stage: planned.stage,
        happenedAt: planned.happenedAt,
      },
    });
  } catch (error) {
    // Owed at the same moment by another apply of the same order.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return null;
    throw error;
  }
}

/** A job for every owed step (one live job per key), run at start: a row whose job was never added gets one. */
export async function addOwedJourneyStepJobs(now = new Date()): Promise<number> {
  const owed = await prisma.journeyStep.findMany({ where: { status: "owed" } });
  for (const step of owed) await addStepJob(step, now);
  return owed.length;
}

/** The job's try: its supplier order's owed steps up to its own, in order. `graphql` is the platform client's. */
export function journeyStepHandler(graphql: GraphqlOptions = {}) {
  return async (job: Job, now: () => Date) => {
    const stepId = typeof job.payload.stepId === "string" ? job.payload.stepId : null;
    const target = stepId ? await prisma.journeyStep.findUnique({ where: { id: stepId } }) : null;
    if (!target || target.status !== "owed") return;
    const owed = await prisma.journeyStep.findMany({
      where: {
        shop: target.shop,
        supplierOrderId: target.supplierOrderId,
        status: "owed",
        position: { lte: target.position },
      },
      orderBy: [{ position: "asc" }, { createdAt: "asc" }],
    });
    for (const step of owed) await tryStep(step, step.id === target.id ? job.attempt : 1, now, graphql);
  };
}

async function tryStep(step: JourneyStep, attempt: number, now: () => Date, graphql: GraphqlOptions) {
  const log = logger.child({ shop: step.shop, supplierOrderId: step.supplierOrderId, step: step.step });
  const attempts = step.attempts + 1;
  let outcome: StepOutcome;
  try {
    outcome = await perform(step, graphql);
  } catch (error) {
    const problem =
      error instanceof StepProblem
        ? error
        : new StepProblem(error instanceof Error ? error.message : String(error), true);
    const delay = retryDelayMs(JOB_KINDS[JOB_KIND], attempt, problem.retryable);
    log.error({ problem: problem.message, attempts, retried: delay !== null }, "journey step failed");
    await prisma.journeyStep.updateMany({
      where: { id: step.id, status: "owed" },
      data: { status: delay === null ? "given_up" : "owed", attempts, lastProblem: problem.message },
    });
    throw new JobProblem(problem.message, problem.retryable);
  }
  await prisma.journeyStep.updateMany({
    where: { id: step.id, status: "owed" },
    data: {
      status: outcome.status,
      attempts,
      doneAt: now(),
      lastProblem: null,
      platformRef: outcome.platformRef ?? null,
      note: outcome.note ?? null,
    },
  });
  log.info({ status: outcome.status, note: outcome.note }, "journey step finished");
}

async function perform(step: JourneyStep, graphql: GraphqlOptions): Promise<StepOutcome> {
  const session = await getOfflineSession(step.shop);
  if (!session) throw new StepProblem("the app has no offline session for the shop", true);
  const [parcel, fulfil, settings] = await Promise.all([
    prisma.supplierOrder.findUnique({
      where: { shop_supplierOrderId: { shop: step.shop, supplierOrderId: step.supplierOrderId } },
      select: { guide: true, carrier: true, rawStatus: true },
    }),
    prisma.journeyStep.findUnique({
      where: { shop_supplierOrderId_step: { shop: step.shop, supplierOrderId: step.supplierOrderId, step: "fulfil" } },
    }),
    followSettingsOf(step.shop),
  ]);
  if (!parcel) return { status: "stood_down", note: "the supplier order is gone" };
  const context: StepContext = {
    session,
    row: step,
    parcel,
    fulfillmentId: fulfil?.status === "done" ? fulfil.platformRef : null,
    settings,
    graphql,
  };
  if (step.step === "fulfil") return fulfilStep(context);
  if (step.step === "paid") return paidStep(context);
  if (step.step === "end") return endStep(context, step.stage as Stage);
  if (step.step.startsWith("incident:")) return eventStep(context, "ATTEMPTED_DELIVERY", JOURNEY_TAGS.incident);
  const stage = step.stage as keyof typeof EVENT_STATUS;
  const status = EVENT_STATUS[stage];
  if (!status) return { status: "stood_down", note: `no step for ${step.step}` };
  return eventStep(context, status, stage === "delivered" ? JOURNEY_TAGS.delivered : null);
}
