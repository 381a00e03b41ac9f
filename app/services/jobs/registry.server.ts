import { SWEEP_EVERY_MS as ORDER_SWEEP_EVERY_MS } from "../orders/sweep.server";
import { SCHEDULE_CHECK_EVERY_MS } from "../stock/schedule.server";
import { SWEEP_EVERY_MS as THEME_FILES_EVERY_MS } from "../theme/temporary-files.server";
import { PERIODIC_POLICY, POLICIES } from "./policies";
import type { JobKind, JobKinds } from "./types";

/**
 * Every kind of job the app runs, each declared once (docs/decisions/310): its handler (loaded at the first job of
 * the kind, docs/decisions/247), its retry schedule and pause policy (policies.ts), how many run at once in one
 * process, and what must run one at a time. Both engines read this list; a new kind of durable work is an entry
 * here, never another table with its own claim loop.
 */

/** Periodic work: one job of the kind, run once across the fleet per period; a slow one delays no other kind. */
function periodic(everyMs: number, run: () => Promise<(now: Date) => Promise<unknown>>): JobKind {
  return {
    ...PERIODIC_POLICY,
    everyMs,
    concurrency: 1,
    handler: async () => {
      const work = await run();
      return async () => {
        await work(new Date());
      };
    },
  };
}

export const JOB_KINDS: JobKinds = {
  // Order payloads past the retention, the buyer's phone kept on a supplier status not yet matched, and the
  // return-risk scores with the history keys they keep.
  "retention-purge": periodic(3_600_000, async () => {
    const { purgeExpiredPayloads } = await import("../deliveries/retention.server");
    const { purgeJourneyPhones } = await import("../journey/privacy.server");
    const { purgeExpiredRisks } = await import("../risk/privacy.server");
    return async (now) =>
      (await purgeExpiredPayloads(now)) + (await purgeJourneyPhones(now)) + (await purgeExpiredRisks(now));
  }),
  "temporary-theme-files": periodic(
    THEME_FILES_EVERY_MS,
    async () => (await import("../theme/temporary-files.server")).sweepTemporaryThemeFiles,
  ),
  // A tag an order is owed (automation-error on a dead order, a held order's own tag): one job per OrderTagTask row,
  // keyed by the row. Tags of different orders go out side by side, as the platform's throttle allows.
  "order-tag": {
    ...POLICIES["order-tag"],
    concurrency: 4,
    handler: async () => (await import("../deliveries/owed-tags.server")).owedTagHandler(),
  },
  // A loop test whose page was closed still ends, and its test order is still removed (docs/decisions/150).
  "unattended-loop-tests": periodic(
    60_000,
    async () => (await import("../loop-test/loop-test.server")).finishUnattendedLoopTests,
  ),
  // Each shop with stock sync on is synced hourly; the check runs once per period across the fleet.
  "stock-sync": periodic(
    SCHEDULE_CHECK_EVERY_MS,
    async () => (await import("../stock/schedule.server")).runScheduledStockSyncs,
  ),
  "stock-history-purge": periodic(86_400_000, async () => (await import("../stock/records.server")).purgeStockHistory),
  // Orders whose webhook never came, listed from the platform and queued (docs/decisions/221).
  "order-sweep": periodic(ORDER_SWEEP_EVERY_MS, async () => (await import("../orders/sweep.server")).sweepAllShops),
  // Duplicate hints compare within at most a week (docs/decisions/223).
  "order-fingerprints": periodic(
    3_600_000,
    async () => (await import("../screening/duplicates.server")).purgeOldFingerprints,
  ),
  // The window's orders no check fingerprinted (a backlog when hints are turned on), in batches (decision 288).
  "order-fingerprint-backlog": periodic(
    60_000,
    async () => (await import("../screening/fingerprint-backlog.server")).fingerprintBacklogs,
  ),
  // Reads add the changes not folded yet: folding keeps them cheap, never changes a figure (docs/decisions/201).
  "insight-counts": periodic(60_000, async () => {
    const { foldInsightCountChanges } = await import("../deliveries/insight-counts.server");
    return () => foldInsightCountChanges();
  }),
  // The orders whose delivery, answer or parcel changed, projected into the outcomes' sums (docs/decisions/332).
  "order-outcomes": periodic(60_000, async () => {
    const { projectOutcomes } = await import("../outcomes/project.server");
    return () => projectOutcomes();
  }),
  // A hold, release or cancel owed the platform (docs/decisions/212): one job per FulfilmentTask row, keyed by the
  // row. One at a time per shop: a hold and a release of one order never run at once (a hold's order is only known
  // once its fulfilment order is read), and the platform's cost budget is the shop's.
  "fulfilment-task": {
    ...POLICIES["fulfilment-task"],
    concurrency: 2,
    oneAtATime: "shop",
    handler: async () => (await import("../holds/tasks.server")).fulfilmentTaskHandler(),
  },
  // A step the store owes a parcel's journey (docs/decisions/297): one job per JourneyStep row, keyed by the supplier
  // order and the step. One at a time per shop: a job runs its supplier order's earlier owed steps first, so two
  // of one order must never run at once, and the platform's cost budget is the shop's.
  "journey-step": {
    ...POLICIES["journey-step"],
    concurrency: 2,
    oneAtATime: "shop",
    handler: async () => (await import("../journey/follow.server")).journeyStepHandler(),
  },
  // A stored supplier status applied to its order's journey, one live job per supplier order.
  "journey-apply": {
    ...POLICIES["journey-apply"],
    concurrency: 2,
    oneAtATime: "key",
    handler: async () => (await import("../journey/apply.server")).journeyApplyHandler(),
  },
  // Stored statuses not applied (their process died between the INSERT and the job): their apply jobs added.
  "journey-apply-sweep": periodic(60_000, async () => (await import("../journey/apply.server")).sweepUnappliedEvents),
  // Parcels stuck past their carrier's pace run the shop's incident flow, once per stuck stage, for the shops that
  // asked (docs/decisions/330); the trigger itself is an outbox delivery, paused and retried with the orders'.
  "incident-stuck-parcels": periodic(
    15 * 60_000,
    async () => (await import("../incidents/trigger.server")).oweStuckTriggers,
  ),
  // The incidents still open when the merchant turns the incident flow on, in batches (docs/decisions/343): each
  // batch adds the next, one of a shop at a time.
  "incident-open-rescue": {
    ...POLICIES["incident-open-rescue"],
    concurrency: 1,
    oneAtATime: "shop",
    handler: async () => (await import("../incidents/open-incidents.server")).openIncidentRescueHandler(),
  },
  // Supplier orders with no final stage asked about at the marketplace, within each token's budget: the fallback
  // for pushes that never came (docs/decisions/304). Once a minute, the budget's own period.
  "supplier-polling": periodic(60_000, async () => (await import("../journey/poll.server")).pollSupplierOrders),
  // A Flow trigger owed for one event (docs/decisions/338): one job per FlowTriggerEvent row, keyed by the row.
  "flow-trigger": {
    ...POLICIES["flow-trigger"],
    concurrency: 2,
    handler: async () => (await import("../flow/send-trigger.server")).flowTriggerHandler(),
  },
  // An order's return-risk score that no rule of its shop needed before the send, one live job per order
  // (docs/decisions/344): it records the score, then owes the score's follow-ups.
  "risk-score": {
    ...POLICIES["risk-score"],
    concurrency: 2,
    handler: async () => (await import("../risk/score-later.server")).riskScoreHandler(),
  },
  // An order's return-risk score owed to the admin's risk panel, one live job per order (docs/decisions/336).
  "risk-assessment": {
    ...POLICIES["risk-assessment"],
    concurrency: 2,
    handler: async () => (await import("../risk/assessment.server")).riskAssessmentHandler(),
  },
  // The no-answer timeouts that owe holds' releases and cancels.
  "no-answer-timeouts": periodic(60_000, async () => (await import("../holds/timeouts.server")).applyNoAnswerTimeouts),
};
