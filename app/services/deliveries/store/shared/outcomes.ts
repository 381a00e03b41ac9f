import { LEASE_STILL_HELD } from "../rules";
import { statement } from "../../../../lib/statement.server";
import type { ErrorColumns, Leased } from "../types";

/*
 * The worker's writes on a claimed delivery. The outcome writes release the lease, and only while the row still
 * carries this claim (LEASE_STILL_HELD): each changes no row when it does not. Portable SQL: the same text on both
 * engines.
 */

type Attempt = { flowId: string | null; attemptLog: string; now: Date };

/** Extends the leases of one claim still in flight; a worker that died stops renewing. */
export const renewLease = statement<{ token: string; leaseExpiresAt: Date }>`
      UPDATE "Delivery" SET "leaseExpiresAt" = ${"leaseExpiresAt"}
      WHERE "leaseOwner" = ${"token"} AND "status" = 'delivering'`;

/**
 * The platform took it. A flow that already called back with a failure (its callback can beat the trigger's
 * answer) makes it `flow_failed` in the same statement: the reconciliation the callback could not do while the
 * delivery was in flight (shared/callback.ts), without a second write per order.
 */
export const completeDelivery = statement<Leased & Attempt>`
    UPDATE "Delivery"
    SET "status" = CASE WHEN "callbackStatus" IN ('error', 'failed') THEN 'flow_failed' ELSE 'delivered' END, "flowId" = ${"flowId"}, "attemptLog" = ${"attemptLog"},
      "deliveredAt" = ${"now"}, "lastError" = NULL, "lastErrorCode" = NULL, "lastErrorParams" = NULL,
      "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updatedAt" = ${"now"}
    WHERE ${LEASE_STILL_HELD}`;

/** Failed, tried again at `nextAttemptAt`. */
export const retryDelivery = statement<Leased & Attempt & ErrorColumns & { nextAttemptAt: Date }>`
        UPDATE "Delivery"
        SET "status" = 'retrying', "nextAttemptAt" = ${"nextAttemptAt"}, "flowId" = ${"flowId"},
          "attemptLog" = ${"attemptLog"}, "lastError" = ${"lastError"}, "lastErrorCode" = ${"lastErrorCode"},
          "lastErrorParams" = ${"lastErrorParams"}, "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updatedAt" = ${"now"}
        WHERE ${LEASE_STILL_HELD}`;

/** Failed for good: dead. */
export const failDelivery = statement<Leased & Attempt & ErrorColumns>`
        UPDATE "Delivery"
        SET "status" = 'dead', "flowId" = ${"flowId"}, "attemptLog" = ${"attemptLog"}, "lastError" = ${"lastError"},
          "lastErrorCode" = ${"lastErrorCode"}, "lastErrorParams" = ${"lastErrorParams"}, "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updatedAt" = ${"now"}
        WHERE ${LEASE_STILL_HELD}`;

/** Not sent, with the reason. A skip is no attempt at the platform: the claim's count is taken back. */
export const skipDelivery = statement<Leased & ErrorColumns & { now: Date }>`
    UPDATE "Delivery"
    SET "status" = 'skipped', "lastError" = ${"lastError"}, "lastErrorCode" = ${"lastErrorCode"},
      "lastErrorParams" = ${"lastErrorParams"}, "attempts" = "attempts" - 1, "leaseOwner" = NULL,
      "leaseExpiresAt" = NULL, "updatedAt" = ${"now"}
    WHERE ${LEASE_STILL_HELD}`;

/**
 * Back in the queue until `nextAttemptAt`, with why it waits (docs/decisions/224): no attempt at the platform, so
 * the claim's count is taken back.
 */
export const deferDelivery = statement<Leased & ErrorColumns & { nextAttemptAt: Date; now: Date }>`
    UPDATE "Delivery"
    SET "status" = 'queued', "nextAttemptAt" = ${"nextAttemptAt"}, "lastError" = ${"lastError"},
      "lastErrorCode" = ${"lastErrorCode"}, "lastErrorParams" = ${"lastErrorParams"}, "attempts" = "attempts" - 1,
      "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updatedAt" = ${"now"}
    WHERE ${LEASE_STILL_HELD}`;
