export const DELIVERY_STATUSES = ["queued", "delivering", "delivered", "retrying", "dead", "skipped"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The webhook topics that become deliveries. */
export const DELIVERY_TOPICS = ["orders/create", "draft_orders/create", "checkouts/create"] as const;
export type DeliveryTopic = (typeof DELIVERY_TOPICS)[number];

/** The tag a dead order delivery leaves on the order (the spec's error tag). */
export const AUTOMATION_ERROR_TAG = "automation-error";
