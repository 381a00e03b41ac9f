import {
  LOOP_HOLD_STEPS,
  LOOP_STEPS,
  type LoopEvaluation,
  type LoopProblem,
  type LoopStep,
  type LoopStepKey,
} from "../../lib/loop-test";
import type { DeliveryError } from "../../lib/delivery-errors";

/**
 * How long each step may take, counted from the step before it (docs/decisions/150). The platform sends
 * orders/create within seconds; the worker sends at once; a flow calls back when it has run; the callback tags
 * the order before it answers.
 */
export const LOOP_DEADLINES_MS = {
  webhook: 30_000,
  trigger: 30_000,
  callback: 120_000,
  tag: 20_000,
  // Routing, then the task runner (woken when the hold is owed) places the hold; the release likewise.
  hold: 60_000,
  release: 60_000,
} satisfies Record<LoopStepKey, number>;

/** What the app knows of the test order's journey at one moment. */
export interface LoopFacts {
  startedAt: Date;
  now: Date;
  /** The merchant paused the shop's automation (docs/decisions/112). */
  paused: boolean;
  /** The test order's delivery, once its orders/create webhook was recorded. */
  delivery: {
    createdAt: Date;
    status: string;
    deliveredAt: Date | null;
    lastError: string | null;
    /** Why it was skipped or its last attempt failed, as stored (docs/decisions/130). */
    error: DeliveryError | null;
    callbackAt: Date | null;
    callbackStatus: string | null;
    tagsApplied: string[];
  } | null;
  /** When a callback about the order arrived (noted before it tags the order). */
  callbackSeenAt: Date | null;
  /** The platform refused the callback's tag write. */
  tagProblem: string | null;
  /**
   * The test order's hold when the shop holds orders until the buyer answers; null while holds are off (the loop has
   * no hold steps then). `problem`: why the hold was not placed or released (the task gave up or stood down).
   */
  hold?: { heldAt: Date | null; releasedAt: Date | null; problem: string | null } | null;
}

const FLOW_FAILURE_CALLBACKS = ["error", "failed"];

/** Why the worker did not get the order to the flow, from the delivery's status and its last error's code. */
function triggerProblem(delivery: NonNullable<LoopFacts["delivery"]>): LoopProblem | null {
  const code = delivery.error?.code;
  if (delivery.status === "skipped") {
    if (code === "no_api_key") return "no_api_key";
    if (code === "no_order_flow") return "no_flow";
    return "trigger_skipped";
  }
  if (delivery.status !== "retrying" && delivery.status !== "dead") return null;
  const status = code === "trigger_http" ? delivery.error?.params?.status : undefined;
  if (status === 401 || status === 403) return "key_refused";
  if (status === 404) return "flow_not_found";
  if (status && status >= 400 && status < 500 && status !== 408 && status !== 429) return "automation_refused";
  return "automation_unreachable";
}

/**
 * The loop's steps at `facts.now`: each done step with its time since the start, the step now awaited, and the
 * first failure, named with what to check. A failure the app already knows (paused, no flow, key refused, tag
 * refused) is reported at once; a step that simply does not happen fails at its deadline.
 */
export function evaluateLoop(facts: LoopFacts): LoopEvaluation {
  const { delivery, now, startedAt } = facts;
  const since = (at: Date | null) => (at ? Math.max(0, at.getTime() - startedAt.getTime()) : null);
  const overdue = (from: Date, step: LoopStepKey) => now.getTime() - from.getTime() > LOOP_DEADLINES_MS[step];

  const webhookAt = delivery?.createdAt ?? null;
  const triggerAt = delivery?.deliveredAt ?? null;
  const callbackTimes = [facts.callbackSeenAt, delivery?.callbackAt ?? null].filter((at): at is Date => !!at);
  const callbackAt = callbackTimes.length ? new Date(Math.min(...callbackTimes.map((at) => at.getTime()))) : null;
  const tagged = !!delivery?.callbackAt && delivery.tagsApplied.length > 0;
  const tagAt = tagged ? delivery!.callbackAt : null;
  const times: Record<LoopStepKey, Date | null> = {
    webhook: webhookAt,
    trigger: triggerAt,
    callback: callbackAt,
    tag: tagAt,
    hold: facts.hold?.heldAt ?? null,
    release: facts.hold?.releasedAt ?? null,
  };
  const holdAt = times.hold;

  let failure: { step: LoopStepKey; problem: LoopProblem; detail: string | null; reason?: DeliveryError | null } | null =
    null;
  if (!webhookAt) {
    if (overdue(startedAt, "webhook")) failure = { step: "webhook", problem: "no_webhook", detail: null };
  } else if (!triggerAt) {
    const problem = triggerProblem(delivery!);
    if (problem) {
      const reason = problem === "trigger_skipped" ? delivery!.error : null;
      failure = { step: "trigger", problem, detail: delivery!.lastError, reason };
    }
    else if (facts.paused) failure = { step: "trigger", problem: "automation_paused", detail: null };
    else if (overdue(webhookAt, "trigger")) failure = { step: "trigger", problem: "no_trigger", detail: null };
  } else if (!callbackAt) {
    if (overdue(triggerAt, "callback")) failure = { step: "callback", problem: "no_callback", detail: null };
  } else if (!tagAt) {
    if (facts.tagProblem) failure = { step: "tag", problem: "tag_refused", detail: facts.tagProblem };
    else if (overdue(callbackAt, "tag")) failure = { step: "tag", problem: "no_tag", detail: null };
  } else if (facts.hold && !holdAt) {
    if (facts.hold.problem) failure = { step: "hold", problem: "no_hold", detail: facts.hold.problem };
    else if (overdue(tagAt, "hold")) failure = { step: "hold", problem: "no_hold", detail: null };
  } else if (facts.hold && !times.release) {
    const from = holdAt! > tagAt ? holdAt! : tagAt;
    if (facts.hold.problem) failure = { step: "release", problem: "no_release", detail: facts.hold.problem };
    else if (overdue(from, "release")) failure = { step: "release", problem: "no_release", detail: null };
  }

  let awaited = false;
  const keys: LoopStepKey[] = facts.hold ? [...LOOP_STEPS, ...LOOP_HOLD_STEPS] : [...LOOP_STEPS];
  const steps: LoopStep[] = keys.map((key) => {
    const at = times[key];
    // A step counts only once every step before it happened (a callback without a trigger is not the loop).
    if (at && !awaited) return { key, state: "done", afterMs: since(at) };
    if (awaited) return { key, state: "pending", afterMs: null };
    awaited = true;
    return { key, state: failure?.step === key ? "failed" : "waiting", afterMs: null };
  });

  const passed = steps.every((step) => step.state === "done");
  return {
    outcome: passed ? "passed" : failure ? "failed" : "running",
    steps,
    failedStep: failure?.step ?? null,
    problem: failure?.problem ?? null,
    detail: failure?.detail ?? null,
    reason: failure?.reason ?? null,
    flowReportedFailure:
      passed && (delivery?.status === "flow_failed" || FLOW_FAILURE_CALLBACKS.includes(delivery?.callbackStatus ?? "")),
  };
}
