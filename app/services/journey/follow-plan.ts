import { eventTime, inJourneyOrder, type JourneyEvent } from "./project";
import { FINAL_STAGES, STAGE_RANK, type Stage } from "./stages";

/**
 * What the store owes a supplier order's journey (docs/decisions/297), from its history alone. Pure: the same
 * history gives the same steps whatever order the statuses came in, and a step is only ever added, never
 * changed, so a job per step can be keyed by its name.
 */

export type StepKind = "fulfil" | "event" | "incident" | "paid" | "end";

export interface PlannedStep {
  /** Unique per supplier order: the job's key and the row's. */
  step: string;
  kind: StepKind;
  /** The order steps run in within one supplier order: the stage's rank (an incident sits after its stage). */
  position: number;
  stage: Stage;
  /** The time the carrier gave for the stage, else when it reached us. */
  happenedAt: Date;
}

/** The stages whose reaching the store is told as a fulfilment event, with the platform's status for each. */
export const EVENT_STATUS = {
  in_transit: "IN_TRANSIT",
  out_for_delivery: "OUT_FOR_DELIVERY",
  returning: "FAILURE",
  delivered: "DELIVERED",
} as const satisfies Partial<Record<Stage, string>>;

/** The parcel has left the supplier with a label: from here on the store order is fulfilled. */
const SHIPPED: ReadonlySet<Stage> = new Set([
  "label_created",
  "handed_to_carrier",
  "in_transit",
  "out_for_delivery",
  "returning",
  "delivered",
]);

/** The endings that leave the order unsold: the parcel came back, was refused, cancelled or lost. */
export const UNSOLD_ENDINGS: ReadonlySet<Stage> = new Set(["returned", "rejected", "cancelled", "lost"]);

const FULFIL_POSITION = STAGE_RANK.label_created;
const PAID_POSITION = STAGE_RANK.delivered + 5;
const INCIDENT_OFFSET = 5;

/**
 * The steps the history owes, in the order they run: the store order fulfilled once the parcel ships, a
 * fulfilment event for each later stage the journey moved forward to, an incident as an attempted delivery, paid
 * once delivered, the order ended when the parcel comes back or is lost. Only forward: a stage reached late (its
 * status came after a later one) owes nothing, so the platform's events stay in the journey's order.
 */
export function planSteps(events: JourneyEvent[]): PlannedStep[] {
  const steps: PlannedStep[] = [];
  let stage: Stage = "unknown";
  for (const event of inJourneyOrder(events)) {
    const at = eventTime(event);
    if (event.stage === "incident") {
      if (!FINAL_STAGES.has(stage) && SHIPPED.has(stage)) {
        const position = STAGE_RANK[stage] + INCIDENT_OFFSET;
        steps.push({ step: `incident:${at.getTime()}`, kind: "incident", position, stage: "incident", happenedAt: at });
      }
      continue;
    }
    if (STAGE_RANK[event.stage] <= STAGE_RANK[stage]) continue;
    stage = event.stage;
    if (SHIPPED.has(stage) && !steps.some((step) => step.kind === "fulfil")) {
      steps.push({ step: "fulfil", kind: "fulfil", position: FULFIL_POSITION, stage, happenedAt: at });
    }
    if (stage in EVENT_STATUS) {
      steps.push({ step: `event:${stage}`, kind: "event", position: STAGE_RANK[stage], stage, happenedAt: at });
    }
    if (stage === "delivered") {
      steps.push({ step: "paid", kind: "paid", position: PAID_POSITION, stage, happenedAt: at });
    }
    if (UNSOLD_ENDINGS.has(stage)) {
      steps.push({ step: "end", kind: "end", position: STAGE_RANK[stage], stage, happenedAt: at });
    }
  }
  return steps;
}

/**
 * The planned steps not owed yet: never one already recorded, and never one that would run before a step already
 * recorded (a late status cannot send the platform an event older than one it has).
 */
export function newSteps(planned: PlannedStep[], recorded: { step: string; position: number }[]): PlannedStep[] {
  const names = new Set(recorded.map((row) => row.step));
  const furthest = Math.max(-1, ...recorded.map((row) => row.position));
  return planned.filter((step) => !names.has(step.step) && step.position >= furthest);
}
