import { POLICIES } from "../jobs/policies";

/**
 * When a failed trigger is tried again (docs/decisions/010-retry-schedule.md): the schedule is declared with every
 * other kind of durable work's (app/services/jobs/policies.ts). Attempt 1 goes out at once; after failed attempt n
 * the next waits RETRY_DELAYS_MS[n - 1], give or take 20 % so that a platform outage does not end with every
 * shop's backlog arriving in the same second. About 28 hours after the order, the delivery is dead.
 */
export const RETRY_DELAYS_MS = POLICIES.delivery.retryDelaysMs;

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** The longest Retry-After honoured as given; beyond it the platform is treated as down for a day. */
const MAX_RETRY_AFTER_MS = 24 * 3_600_000;
const JITTER = 0.2;

/**
 * The wait before the next attempt, or null when `attempts` used the last one. A Retry-After from the
 * platform is a floor, not a replacement: a longer one is honoured, but a short one (`Retry-After: 1`
 * on every answer during a rate-limit burst) must not spend the eight attempts in seconds and lose the order.
 */
export function nextRetryDelay(
  attempts: number,
  retryAfterMs: number | null,
  random: () => number = Math.random,
): number | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const base = RETRY_DELAYS_MS[Math.max(0, attempts - 1)];
  const scheduled = Math.round(base * (1 - JITTER + 2 * JITTER * random()));
  if (retryAfterMs == null) return scheduled;
  return Math.max(scheduled, Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
}

/**
 * A dead order whose automation-error tag could not be added (the platform down or throttling at that moment)
 * is tagged again after these waits; after the last the delivery keeps only the reason.
 */
export const ERROR_TAG_RETRY_DELAYS_MS = POLICIES["order-tag"].retryDelaysMs;

export const MAX_ERROR_TAG_TRIES = ERROR_TAG_RETRY_DELAYS_MS.length + 1;
