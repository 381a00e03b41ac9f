import type { DeliveryError } from "./delivery-errors";

/**
 * "Test the whole loop" (docs/decisions/150): the steps both layers name. The server decides them
 * (app/services/loop-test/steps.server.ts); the page words them through the i18n catalogues (`loopTest.*`).
 */

export const LOOP_STEPS = ["webhook", "trigger", "callback", "tag"] as const;
/** With holds on (docs/decisions/211), the test order is also held after routing and released on the test's own confirmation. */
export const LOOP_HOLD_STEPS = ["hold", "release"] as const;
export type LoopStepKey = (typeof LOOP_STEPS)[number] | (typeof LOOP_HOLD_STEPS)[number];

/** done: happened (at `afterMs` since the start); waiting: the step now expected; pending: not reached yet. */
export type LoopStepState = "done" | "waiting" | "failed" | "pending";

export interface LoopStep {
  key: LoopStepKey;
  state: LoopStepState;
  /** Milliseconds from the start of the test to the step, once done. */
  afterMs: number | null;
}

/** Why a step failed: each has its own "what to check" text on the page. */
export const LOOP_PROBLEMS = [
  "order_not_created",
  "no_webhook",
  "automation_paused",
  "no_api_key",
  "no_flow",
  "trigger_skipped",
  "key_refused",
  "flow_not_found",
  "automation_refused",
  "automation_unreachable",
  "no_trigger",
  "no_callback",
  "tag_refused",
  "no_tag",
  "no_hold",
  "no_release",
] as const;
export type LoopProblem = (typeof LOOP_PROBLEMS)[number];

export type LoopOutcome = "running" | "passed" | "failed";

/** The loop's steps at one moment, and its first failure (app/services/loop-test/steps.server.ts decides them). */
export interface LoopEvaluation {
  outcome: LoopOutcome;
  steps: LoopStep[];
  failedStep: LoopStepKey | null;
  problem: LoopProblem | null;
  /** What the app saw of the failure (the automation platform's answer, the platform's refusal): safe to show. */
  detail: string | null;
  /** Why the app did not send the test order (problem `trigger_skipped`), as stored: worded on the page. */
  reason?: DeliveryError | null;
  /** The flow called back, but reported that it failed (the test order has no buyer to reach). */
  flowReportedFailure: boolean;
}

export interface LoopTestView extends LoopEvaluation {
  id: string;
  orderName: string | null;
  startedAt: string;
  /** deleted / cancelled: the test order is gone or cancelled; failed: it is still on the shop; null: not yet. */
  cleanup: "deleted" | "cancelled" | "failed" | null;
  cleanupProblem: string | null;
  finishedAt: string | null;
}
