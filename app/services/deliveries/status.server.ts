import { DELIVERY_STATUSES, type DeliveryStatus } from "../../lib/delivery-status";
import { deliveryStore } from "./store";

export { DELIVERY_STATUSES, type DeliveryStatus };

/** The statuses a merchant may send again. A delivered one is refused so no flow runs twice by accident. */
export const RETRYABLE_STATUSES: readonly DeliveryStatus[] = ["dead", "skipped", "flow_failed"];

/** The webhook topics that become deliveries. */
export const DELIVERY_TOPICS = ["orders/create", "draft_orders/create", "checkouts/create"] as const;
export type DeliveryTopic = (typeof DELIVERY_TOPICS)[number];

/** The tag a dead order delivery leaves on the order (the spec's error tag). */
export const AUTOMATION_ERROR_TAG = "automation-error";

/** Callback statuses that mean the flow failed (the spec maps both to automation-error). */
export const FAILED_CALLBACK_STATUSES = ["error", "failed"] as const;

/**
 * Brings a delivery's status in line with its flow's reported outcome: delivered + failed callback is
 * `flow_failed`, and a later successful callback makes it `delivered` again. Conditional on the current status,
 * so it never races the worker: a callback that arrives while the trigger is still in flight is applied when the
 * worker settles the delivery (it calls this again).
 */
export async function reconcileFlowOutcome(deliveryId: string, now = new Date()) {
  await deliveryStore().reconcileFlowOutcome(deliveryId, now);
}
