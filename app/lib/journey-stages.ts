/**
 * The stages a parcel's journey is read as (docs/decisions/320): plain data, for the server's vocabulary
 * (app/services/journey/stages.ts) and the pages that name them.
 */
export const JOURNEY_STAGES = [
  "at_supplier",
  "label_created",
  "handed_to_carrier",
  "in_transit",
  "out_for_delivery",
  "incident",
  "delivered",
  "returning",
  "returned",
  "rejected",
  "cancelled",
  "lost",
] as const;
export type KnownStage = (typeof JOURNEY_STAGES)[number];
