import { Prisma } from "@prisma/client";
import { z } from "zod";
import prisma from "../../db.server";
import { AppError, failureData } from "../../lib/http.server";
import { parseInput } from "../../lib/input.server";
import { parseJsonInput } from "../../lib/json.server";
import { resendOrder } from "../deliveries/order-story.server";

/**
 * The Flow action "Send to the confirmation flow again" (extensions/send-to-confirmation, docs/decisions/339): the
 * order sent through the order page's own resend path, once per action run. Flow delivers a run again with the
 * same `action_run_id` (a retry after a timeout, a duplicate); the first delivery claims the run in FlowActionRun
 * and records its answer, every later one is given that answer and runs nothing.
 */

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/i;

const orderRef = z.union([z.string().trim().min(1).max(100), z.number().int().positive()], {
  errorMap: () => ({ message: "must be the order's id" }),
});

const actionBody = z.object({
  shopify_domain: z
    .string({ required_error: "is required" })
    .regex(SHOP_DOMAIN, "must be a shop's myshopify.com domain")
    .transform((shop) => shop.toLowerCase()),
  action_run_id: z.string({ required_error: "is required" }).trim().min(1, "is required").max(200),
  properties: z.object(
    { order_id: orderRef },
    { required_error: "is required", invalid_type_error: "must be an object" },
  ),
});

/** A run claimed this long ago and never finished died with its process: the next delivery may run it. */
export const STALE_CLAIM_MS = 5 * 60_000;
/** How long a delivery that finds its run under way asks Flow to wait before delivering again. */
const IN_PROGRESS_RETRY_S = 10;

export interface ActionAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** The checked request: the shop, the run and the order; 400 naming the field for anything else. */
export function parseFlowAction(rawBody: string) {
  const body = parseInput(actionBody, parseJsonInput(rawBody));
  return { shop: body.shopify_domain, actionRunId: body.action_run_id, orderId: String(body.properties.order_id) };
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/** Claims the run: true when this delivery runs it (new, or a claim left stale by a dead process). */
async function claimRun(shop: string, actionRunId: string, orderId: string, now: Date): Promise<boolean> {
  try {
    await prisma.flowActionRun.create({ data: { shop, actionRunId, orderId, claimedAt: now } });
    return true;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const { count } = await prisma.flowActionRun.updateMany({
    where: { shop, actionRunId, status: "running", claimedAt: { lt: new Date(now.getTime() - STALE_CLAIM_MS) } },
    data: { claimedAt: now },
  });
  return count === 1;
}

/** The answer a run already gave, or a 429 asking Flow to come back while the first delivery still runs it. */
async function earlierAnswer(shop: string, actionRunId: string): Promise<ActionAnswer> {
  const run = await prisma.flowActionRun.findUnique({ where: { shop_actionRunId: { shop, actionRunId } } });
  if (run?.status === "done" && run.answerStatus && run.answerBody) {
    return { status: run.answerStatus, body: { ...(JSON.parse(run.answerBody) as object), repeated: true } };
  }
  throw new AppError(
    429,
    "This action run is being handled; deliver it again shortly",
    "action_run_in_progress",
    {},
    {
      "Retry-After": String(IN_PROGRESS_RETRY_S),
    },
  );
}

/** A refusal that a later try may not get: Flow retries 429 and 5xx answers, so they are not the run's answer. */
const isPassing = (error: AppError) => error.status === 429 || error.status >= 500;

/** Runs the action once per run id; a repeated or concurrent delivery gets the first one's answer. */
export async function sendToConfirmationAgain(
  shop: string,
  actionRunId: string,
  orderId: string,
  now = new Date(),
): Promise<ActionAnswer> {
  if (!(await claimRun(shop, actionRunId, orderId, now))) return earlierAnswer(shop, actionRunId);
  let answer: ActionAnswer;
  try {
    // The merchant's workflow asked for it: the confirmation a person gives on the order page is the workflow's.
    const sent = await resendOrder(shop, orderId, { confirmRepeat: true }, now);
    answer = { status: 200, body: { success: true, resent: sent.resent, deliveryStatus: sent.delivery.status } };
  } catch (error) {
    if (!(error instanceof AppError) || isPassing(error)) {
      // Nothing was sent and the refusal passes (the repeat's cooldown, the platform down): the claim is let go,
      // so Flow's retry of this run, which these answers ask for, runs it then.
      await prisma.flowActionRun.deleteMany({ where: { shop, actionRunId, status: "running" } });
      throw error;
    }
    answer = { status: error.status, body: failureData(error) };
  }
  await prisma.flowActionRun.updateMany({
    where: { shop, actionRunId },
    data: {
      status: "done",
      answerStatus: answer.status,
      answerBody: JSON.stringify(answer.body),
      finishedAt: new Date(),
    },
  });
  return answer;
}
