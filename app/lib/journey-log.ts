import type { KnownStage } from "./journey-stages";

/**
 * What the delivery log, its export and home say about a parcel (docs/decisions/303): the supplier order's stage read
 * as one of four words a merchant filters by, plus "not moving" (stalled, app/lib/carrier-pace.ts). Plain data: the
 * server's queries and the pages read the same groups.
 */
export const JOURNEY_GROUPS = {
  // Guide made, with the carrier, on the road or out for delivery, and no open incident.
  on_the_way: ["label_created", "handed_to_carrier", "in_transit", "out_for_delivery"],
  // An incident no later status closed; the stage it interrupted is any that has not ended.
  incident: [],
  delivered: ["delivered"],
  // On its way back, back, or refused at the door.
  returned: ["returning", "returned", "rejected"],
} as const satisfies Record<string, readonly KnownStage[]>;
export type JourneyGroup = keyof typeof JOURNEY_GROUPS;

/** The log's filter: a group, or the parcels that have not moved for longer than their carrier usually takes. */
export const JOURNEY_FILTERS = ["on_the_way", "incident", "delivered", "returned", "stalled"] as const;
export type JourneyFilter = (typeof JOURNEY_FILTERS)[number];

export function isJourneyFilter(value: unknown): value is JourneyFilter {
  return typeof value === "string" && (JOURNEY_FILTERS as readonly string[]).includes(value);
}

/** Stages after which the parcel goes nowhere else (an incident then is history only, decision 320). */
export const ENDED_STAGES: readonly string[] = ["delivered", "returned", "rejected", "cancelled", "lost"];

/** A supplier order's group: an open incident first (while the journey has not ended), else its stage's; or null. */
export function journeyGroupOf(stage: string, openIncident: string | null): JourneyGroup | null {
  if (openIncident && !ENDED_STAGES.includes(stage)) return "incident";
  for (const [group, stages] of Object.entries(JOURNEY_GROUPS) as [JourneyGroup, readonly string[]][]) {
    if (stages.includes(stage)) return group;
  }
  return null;
}

/** One supplier order of a store order, as the log's column and the export read it. Times are ISO strings. */
export interface ParcelSummary {
  supplierOrderId: string;
  stage: string;
  group: JourneyGroup | null;
  rawStatus: string | null;
  guide: string | null;
  carrier: string | null;
  stageSince: string | null;
  openIncident: string | null;
  incidentSince: string | null;
}
