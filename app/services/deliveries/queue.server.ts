import { randomUUID } from "node:crypto";
import type { Delivery } from "@prisma/client";
import type { DeliveryError } from "../../lib/delivery-errors";
import { deliveryStore, type Leased } from "./store";

/**
 * The outbox as a queue: claim what is due, hold it under a short lease renewed while the call runs, then
 * complete or fail it. Nothing here decides what to send (routing.server.ts) or sends it (worker.server.ts); the
 * statements are the store's (store/index.ts).
 *
 * A claim is one statement that only takes rows still due and marks them with a token unique to the claim, so
 * two workers never own one delivery: on SQLite a conditional UPDATE (writers are serialised anyway), on
 * PostgreSQL `FOR UPDATE SKIP LOCKED`, so concurrent workers take different rows instead of waiting on each other
 * (docs/decisions/082-postgresql-claim-and-wake-ups.md). Paused shops' deliveries stay where they are until the
 * merchant resumes (docs/decisions/112).
 */

export interface Claim {
  /** The lease token: the rows this claim won carry it in leaseOwner. */
  token: string;
  deliveries: Delivery[];
  /** Deliveries whose worker vanished on their last allowed attempt, now dead (their error tag is owed). */
  buried: Delivery[];
}

/** Takes up to `limit` due deliveries (expired leases first, then by due time) for `owner`, leased until now + leaseMs. */
export async function claimDue(options: { owner: string; now: Date; limit: number; leaseMs: number }): Promise<Claim> {
  const { owner, now, limit, leaseMs } = options;
  const store = deliveryStore();
  const token = `${owner}:${randomUUID()}`;
  if (limit <= 0) return { token, deliveries: [], buried: await store.buryAbandoned(now, limit) };
  const leaseExpiresAt = new Date(now.getTime() + leaseMs);
  const { claimed, buried } = await store.claim({ token, now, leaseExpiresAt, limit });
  return { token, deliveries: claimed.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime()), buried };
}

/** Extends the leases of the given claims while their calls run; a worker that died stops renewing. */
export async function renewLeases(tokens: string[], leaseExpiresAt: Date) {
  const store = deliveryStore();
  let renewed = 0;
  // One statement per claim (a handful in flight): no engine-specific array parameter.
  for (const token of tokens) renewed += await store.renew(token, leaseExpiresAt);
  return renewed;
}

/*
 * The outcome writes release the lease, and only while the row still carries this claim (a claim whose lease ran
 * out must not overwrite the one that took over): each returns false when it did not.
 */

/**
 * The platform took it. A flow that already called back with a failure (its callback can beat the trigger's
 * answer) makes it `flow_failed` in the same statement.
 */
export function completeDelivery(delivery: Leased, outcome: Pick<Delivery, "flowId" | "attemptLog">, now: Date) {
  return deliveryStore().complete(delivery, { ...outcome, now });
}

/** Tried again at `nextAttemptAt`, or dead when that is null. */
export function failDelivery(
  delivery: Leased,
  outcome: Pick<Delivery, "flowId" | "attemptLog"> & { error: DeliveryError; nextAttemptAt: Date | null },
  now: Date,
) {
  return deliveryStore().fail(delivery, { ...outcome, now });
}

/** Not sent, with the reason. A skip is no attempt at the platform: the claim's count is taken back. */
export function skipDelivery(delivery: Leased, reason: DeliveryError, now: Date) {
  return deliveryStore().skip(delivery, reason, now);
}

/**
 * Back in the queue until `nextAttemptAt`, with why it waits (docs/decisions/224): no attempt at the platform, so
 * the claim's count is taken back.
 */
export function deferDelivery(delivery: Leased, reason: DeliveryError, nextAttemptAt: Date, now: Date) {
  return deliveryStore().defer(delivery, reason, nextAttemptAt, now);
}
