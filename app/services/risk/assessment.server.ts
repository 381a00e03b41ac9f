import prisma from "../../db.server";
import { appConnection, statement } from "../../lib/statement.server";
import { logger } from "../../logger.server";
import { addJob } from "../jobs/queue.server";
import { JobProblem, type Job } from "../jobs/types";
import { PlatformApiError } from "../platform/errors.server";
import { getOfflineSession, platformGraphql, type GraphqlOptions } from "../platform/graphql.server";
import { shopLanguage } from "../shops/language.server";
import { assessmentInput, type AssessmentInput } from "./assessment-input";
import { markAssessmentSent, readOrderRisk, type StoredOrderRisk } from "./store.server";

/**
 * An order's score in the admin's risk panel and its filters: once scored, the order is owed one risk assessment
 * (orderRiskAssessmentCreate, needs write_orders; docs/decisions/336). The owing is a keyed job of kind
 * "risk-assessment" (app/services/jobs/, one live job per order); OrderRisk.assessmentSentAt says it was taken, so a
 * repeated job sends nothing; a try whose answer was lost reads the order's assessments before it sends again; a
 * refusal (no scope, the order gone or fulfilled) is recorded in OrderRiskAssessmentRefusal and never tried again.
 */

const JOB_KIND = "risk-assessment";

export const ORDER_RISK_ASSESSMENT_CREATE = `#graphql
  mutation OrderRiskAssessmentCreate($input: OrderRiskAssessmentCreateInput!) {
    orderRiskAssessmentCreate(orderRiskAssessmentInput: $input) {
      orderRiskAssessment { riskLevel }
      userErrors { field message code }
    }
  }`;

export const ORDER_RISK_ASSESSMENTS = `#graphql
  query OrderRiskAssessments($id: ID!) {
    order(id: $id) {
      id
      risk { assessments { riskLevel provider { id } facts { description } } }
    }
  }`;

/** What the scorer calls once an order's score is saved: the order is owed its assessment, tried at once. */
export async function oweRiskAssessment(shop: string, orderId: string, now = new Date()): Promise<void> {
  await addJob(JOB_KIND, { key: `${JOB_KIND}:${shop}:${orderId}`, shop, payload: { orderId }, runAt: now });
}

const refusedAtStatement = statement<{ shop: string; orderId: string }>`
  SELECT "refusedAt" FROM "OrderRiskAssessmentRefusal" WHERE "shop" = ${"shop"} AND "orderId" = ${"orderId"}`;

/** When the platform last refused the order's assessment, if it did: read for every order, on the app's connection. */
async function assessmentRefusedAt(shop: string, orderId: string): Promise<Date | null> {
  const [row] = await appConnection().query<{ refusedAt: Date | string }, { shop: string; orderId: string }>(
    refusedAtStatement,
    { shop, orderId },
  );
  return row ? new Date(row.refusedAt) : null;
}

/** Taken for this score: sent at or after it was scored (a new score of the order is owed its own assessment). */
function sentForThisScore(risk: StoredOrderRisk) {
  return risk.assessmentSentAt !== null && risk.assessmentSentAt.getTime() >= risk.scoredAt.getTime();
}

export function riskAssessmentHandler(graphql: GraphqlOptions = {}) {
  return async (job: Job, now: () => Date) => {
    const orderId = typeof job.payload.orderId === "string" ? job.payload.orderId : null;
    if (!job.shop || !orderId) return;
    const risk = await readOrderRisk(job.shop, orderId);
    if (!risk || sentForThisScore(risk)) return;
    const refusedAt = await assessmentRefusedAt(job.shop, orderId);
    if (refusedAt && refusedAt.getTime() >= risk.scoredAt.getTime()) return;
    const input = assessmentInput(risk, await shopLanguage(job.shop));
    const log = logger.child({ shop: job.shop, orderId, component: "risk-assessment" });
    const outcome = await sendAssessment(job.shop, input, job.attempt > 1, graphql);
    if (outcome.status === "sent") {
      await markAssessmentSent(job.shop, orderId, now());
      return;
    }
    if (outcome.status === "refused") {
      log.warn({ code: outcome.code, problem: outcome.message }, "the platform refused the risk assessment");
      const fields = { code: outcome.code, message: outcome.message, refusedAt: now() };
      await prisma.orderRiskAssessmentRefusal.upsert({
        where: { shop_orderId: { shop: job.shop, orderId } },
        create: { shop: job.shop, orderId, ...fields },
        update: fields,
      });
      throw new JobProblem(outcome.message, false);
    }
    throw new JobProblem(outcome.message, true);
  };
}

type SendOutcome =
  { status: "sent" } | { status: "refused"; code: string; message: string } | { status: "failed"; message: string };

/** The one place the assessment meets the platform. `readFirst`: an earlier try may have been taken unanswered. */
async function sendAssessment(
  shop: string,
  input: AssessmentInput,
  readFirst: boolean,
  graphql: GraphqlOptions,
): Promise<SendOutcome> {
  try {
    const session = await getOfflineSession(shop);
    if (!session) return { status: "failed", message: "the app has no offline session for the shop" };
    if (readFirst) {
      const read = await platformGraphql(session, ORDER_RISK_ASSESSMENTS, { id: input.orderId }, graphql);
      if (!read.order) return { status: "refused", code: "NOT_FOUND", message: "the order no longer exists" };
      const summary = input.facts[0]?.description;
      const ours = read.order.risk.assessments.some(
        (assessment) =>
          assessment.provider !== null &&
          assessment.riskLevel === input.riskLevel &&
          assessment.facts.some((fact) => fact.description === summary),
      );
      if (ours) return { status: "sent" };
    }
    const data = await platformGraphql(session, ORDER_RISK_ASSESSMENT_CREATE, { input }, graphql);
    const answer = data.orderRiskAssessmentCreate;
    const userError = answer?.userErrors[0];
    if (userError) return { status: "refused", code: userError.code ?? "INVALID", message: userError.message };
    if (!answer?.orderRiskAssessment) return { status: "failed", message: "the platform answered no assessment" };
    return { status: "sent" };
  } catch (error) {
    if (error instanceof PlatformApiError && error.codes.includes("ACCESS_DENIED")) {
      return { status: "refused", code: "ACCESS_DENIED", message: error.message };
    }
    return { status: "failed", message: error instanceof Error ? error.message : String(error) };
  }
}
