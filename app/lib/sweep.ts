/**
 * The reconciliation sweep's mark on a delivery (docs/decisions/221): its event key starts with this prefix, so the
 * log tells a recovered order from a webhook's without another column.
 */
export const SWEEP_EVENT_PREFIX = "sweep:";

export function recoveredBySweep(delivery: { eventId: string }) {
  return delivery.eventId.startsWith(SWEEP_EVENT_PREFIX);
}
