import { hasMessage, type MessageKey, type Vars } from "~/i18n";
import type { DeliveryStatus } from "./api-types";

/** The statuses POST /api/deliveries/:id/retry requeues (docs/api.md); the others have nothing to retry. */
export const RETRYABLE_STATUSES: readonly DeliveryStatus[] = ["dead", "skipped"];

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
