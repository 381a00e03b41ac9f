/**
 * When is work tried again, and does a paused shop hold it? One answer per kind of durable work, here
 * (docs/decisions/310): the order path's outbox (its own store and worker, docs/decisions/240, read these) and
 * the jobs of registry.server.ts. A new kind of work adds its line here first.
 */

export interface WorkPolicy {
  /** After failed try n the next waits retryDelaysMs[n - 1]; none left: given up. */
  retryDelaysMs: readonly number[];
  pause: { holds: boolean; why: string };
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const POLICIES = {
  /** A trigger of the merchant's flow (docs/decisions/010-retry-schedule.md), with 20 % jitter. */
  delivery: {
    retryDelaysMs: [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR],
    pause: {
      holds: true,
      why: "a pause is the merchant saying: send nothing to the flow for now (docs/decisions/112)",
    },
  },
  /** A tag an order is owed: automation-error on a dead order, a held order's own tag (docs/decisions/264). */
  "order-tag": {
    retryDelaysMs: [1 * MINUTE, 10 * MINUTE, 1 * HOUR, 6 * HOUR],
    pause: {
      holds: false,
      why:
        "the tag records what already happened to the order (the flow missed it, the rules held it); a pause " +
        "stops sending to the flow, and a merchant who paused needs to see those orders most",
    },
  },
  /** A hold, release or cancel the app owes the platform (docs/decisions/212). */
  "fulfilment-task": {
    retryDelaysMs: [30 * SECOND, 2 * MINUTE, 10 * MINUTE, 1 * HOUR, 6 * HOUR],
    pause: {
      holds: true,
      why: "it acts on the order for the merchant (holds it, releases it, cancels it); paused, the app acts on nothing",
    },
  },
  /** A step the store owes a parcel's journey: fulfil, an event, paid, end the order (docs/decisions/297). */
  "journey-step": {
    retryDelaysMs: [30 * SECOND, 2 * MINUTE, 10 * MINUTE, 1 * HOUR, 6 * HOUR, 24 * HOUR],
    pause: {
      holds: true,
      why:
        "it acts on the order for the merchant (fulfils, marks paid, cancels); paused, the app acts on nothing, " +
        "and the steps wait, in order, with the carrier's own times, so the order catches up on resume",
    },
  },
  /** A stored supplier status brought into its order's journey (docs/decisions/297). */
  "journey-apply": {
    retryDelaysMs: [10 * SECOND, 1 * MINUTE, 10 * MINUTE, 1 * HOUR],
    pause: {
      holds: false,
      why:
        "it only updates the app's own record of the parcel (stage, match); what it owes the order is a " +
        "journey-step job, which the pause holds, and the merchant who paused still sees where each parcel is",
    },
  },
  /** A Flow trigger owed for one event: the buyer's answer, a stage of the parcel, a high risk (decision 338). */
  "flow-trigger": {
    retryDelaysMs: [30 * SECOND, 2 * MINUTE, 10 * MINUTE, 1 * HOUR, 6 * HOUR, 24 * HOUR],
    pause: {
      holds: false,
      why:
        "it tells the merchant's own workflows what already happened to the order (the buyer answered, the " +
        "parcel moved); a pause stops sending orders to the confirmation flow, not the shop's automations",
    },
  },
  /** An order's return-risk score no rule needed before the send, scored after it (docs/decisions/344). */
  "risk-score": {
    retryDelaysMs: [10 * SECOND, 1 * MINUTE, 10 * MINUTE, 1 * HOUR, 6 * HOUR],
    pause: {
      holds: false,
      why:
        "it records what the app knows about an order already received (the next orders' scores read it); it does " +
        "not act on the order, and what it owes outside is not held by a pause either",
    },
  },
  /** An order's return-risk score sent to the admin's risk panel (docs/decisions/336). */
  "risk-assessment": {
    retryDelaysMs: [30 * SECOND, 2 * MINUTE, 10 * MINUTE, 1 * HOUR, 6 * HOUR, 24 * HOUR],
    pause: {
      holds: false,
      why:
        "it only tells the admin what the app knows about the order (its risk panel and filters); it does not act " +
        "on the order, and a merchant who paused the flow still reviews orders by their risk",
    },
  },
  /** The incidents still open when the merchant turns the incident flow on, owed their trigger (decision 343). */
  "incident-open-rescue": {
    retryDelaysMs: [30 * SECOND, 2 * MINUTE, 10 * MINUTE, 1 * HOUR, 6 * HOUR],
    pause: {
      holds: false,
      why:
        "it only adds the incidents' triggers to the outbox, which the pause holds: a paused shop's triggers wait " +
        "there and go out on resume, within the sending hours",
    },
  },
} satisfies Record<string, WorkPolicy>;

/** Periodic work is never tried again before its next period, and runs for every shop (each checks what it must). */
export const PERIODIC_POLICY: WorkPolicy = {
  retryDelaysMs: [],
  pause: { holds: false, why: "it runs for every shop at once; a job that acts for a shop reads the pause itself" },
};
