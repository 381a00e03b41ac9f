/**
 * A delivery's statuses: one list both layers read (the server's queries and validation, the pages' filters and
 * badges). `flow_failed`: the automation platform took the order, but its flow called back with a failure status
 * (docs/decisions/100-flow-failed-status.md); it is counted apart from `delivered` and may be retried.
 */
export const DELIVERY_STATUSES = [
  "queued",
  "delivering",
  "delivered",
  "flow_failed",
  "retrying",
  "dead",
  "skipped",
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
