import { hasMessage, type MessageKey, type Vars } from "~/i18n";
import type { DeliveryStatus } from "./api-types";

/**
 * The statuses the page offers to send again (POST /api/deliveries/:id/retry): a dead one, one whose flow
 * failed, and one waiting for its next attempt (sent now). A skipped one is not offered: the fix is its
 * configuration, so the page links to Settings instead.
 */
export const RETRYABLE_STATUSES: readonly DeliveryStatus[] = ["dead", "flow_failed", "retrying"];

/** A webhook topic in the merchant's words; an unknown topic shows as it is. */
export function topicLabel(t: (key: MessageKey, vars?: Vars) => string, topic: string) {
  const key = `deliveries.topic.${topic}`;
  return hasMessage(key) ? t(key) : topic;
}

/** A value the API reports in its own words (an attempt outcome, a callback status), translated when known. */
export function labelled(t: (key: MessageKey, vars?: Vars) => string, prefix: string, value: string | null) {
  if (!value) return "—";
  const key = `${prefix}.${value}`;
  return hasMessage(key) ? t(key) : value;
}

/** The order (or draft order) in the store's admin, for a link from the page; null for others (checkouts). */
export function orderAdminUrl(delivery: { orderId: string | null }) {
  const match = /^gid:\/\/shopify\/(Order|DraftOrder)\/(\d+)$/.exec(delivery.orderId ?? "");
  if (!match) return null;
  return `shopify://admin/${match[1] === "Order" ? "orders" : "draft_orders"}/${match[2]}`;
}

/** A waiting delivery is sent now; a failed one is sent again. */
export function retryLabel(status: DeliveryStatus) {
  return status === "retrying" ? ("deliveries.sendNow" as const) : ("deliveries.retry" as const);
}
