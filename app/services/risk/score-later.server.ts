import { addJob } from "../jobs/queue.server";
import type { Job } from "../jobs/types";
import { oweScoreFollowUps } from "./follow-ups.server";
import { scoreByKeys, scoreKeysOf, type OrderToScore, type ScoreKeys } from "./score.server";
import { readOrderRisk } from "./store.server";

/**
 * A score no rule of the shop needs before the order is sent (docs/decisions/344): owed as a job of kind
 * "risk-score", keyed by the order (one live job per order), run moments after the trigger instead of before it.
 * The job carries the score's keys (the address as its digest, never its text) and the time the order was
 * screened, which the score is dated by; it records the score, then owes what the score owes outside
 * (follow-ups.server.ts). A try that recorded the score and died before the follow-ups is tried again: it finds the
 * score of that screening and owes the follow-ups without scoring again, and each follow-up is owed once per order
 * whatever the number of calls (the assessment's keyed job and sent mark, the Flow trigger's event row).
 */

const JOB_KIND = "risk-score";

/** The delivery worker's `scoreLater` action: the order's score owed, due at once. */
export async function oweRiskScore(order: OrderToScore, now: Date): Promise<void> {
  const keys = scoreKeysOf(order);
  await addJob(JOB_KIND, {
    key: `${JOB_KIND}:${order.shop}:${order.orderId}`,
    shop: order.shop,
    payload: { ...keys, screenedAt: now.toISOString() },
    runAt: now,
  });
}

const text = (value: unknown) => (typeof value === "string" ? value : null);

function keysOf(job: Job): { keys: ScoreKeys; screenedAt: Date } | null {
  const { payload } = job;
  const orderId = text(payload.orderId);
  const screenedAt = new Date(text(payload.screenedAt) ?? "");
  if (!job.shop || !orderId || Number.isNaN(screenedAt.getTime())) return null;
  const keys: ScoreKeys = {
    shop: job.shop,
    orderId,
    orderName: text(payload.orderName),
    phoneE164: text(payload.phoneE164),
    phoneProblem: text(payload.phoneProblem),
    addressKey: text(payload.addressKey),
    city: text(payload.city),
    productId: text(payload.productId),
    duplicateOf: text(payload.duplicateOf),
  };
  return { keys, screenedAt };
}

export function riskScoreHandler() {
  return async (job: Job) => {
    const owed = keysOf(job);
    if (!owed) return;
    const { keys, screenedAt } = owed;
    const recorded = await readOrderRisk(keys.shop, keys.orderId);
    const risk =
      recorded && recorded.scoredAt.getTime() >= screenedAt.getTime() ? recorded : await scoreByKeys(keys, screenedAt);
    await oweScoreFollowUps(risk);
  };
}
