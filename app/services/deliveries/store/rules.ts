import { lastErrorColumns } from "../../../lib/delivery-errors";
import { POLICIES } from "../../jobs/policies";
import { MAX_ATTEMPTS } from "../retry-policy.server";
import { fragment } from "../../../lib/statement.server";

/*
 * The rules every statement of the order path's store applies, each written once here and inlined by the
 * statements that need it (sqlite/*.ts, postgres/*.ts, shared/*.ts).
 */

/**
 * The pause rule (docs/decisions/112): a paused shop's deliveries are never claimed, neither when they are due nor
 * when their lease expired; they stay where they are until the merchant resumes. The receivers keep recording
 * them. A NOT EXISTS on the pause table's key, for a statement whose rows are "Delivery"'s. Whether a pause holds
 * deliveries at all is declared with every kind of durable work's (app/services/jobs/policies.ts).
 */
export const SHOP_NOT_PAUSED = POLICIES.delivery.pause.holds
  ? fragment`NOT EXISTS (SELECT 1 FROM "AutomationPause" WHERE "AutomationPause"."shop" = "Delivery"."shop")`
  : fragment`TRUE`;

/**
 * The dedupe rule (docs/decisions/013 and 070): a webhook is stored once. The unique keys (shop, eventId) (the same
 * event delivered again) and (topic, resourceId) (the same order under another event id or shop header) turn the
 * insert of a repeat into no row at all, never an error and never a second delivery.
 */
export const KEEP_FIRST_OF_DUPLICATES = fragment`ON CONFLICT DO NOTHING`;

/**
 * The lease rule: an outcome is written only while the row still carries the claim that took it (a claim whose
 * lease ran out must not overwrite the one that took over).
 */
export const LEASE_STILL_HELD = fragment<{
  id: string;
  leaseOwner: string | null;
}>`"id" = ${"id"} AND "status" = 'delivering' AND "leaseOwner" = ${"leaseOwner"}`;

/** A lease ran out on the delivery's last allowed attempt: its worker vanished, and it is buried (claim.ts). */
export const ABANDONED_ON_LAST_ATTEMPT = fragment<{
  now: Date;
  maxAttempts: number;
}>`"status" = 'delivering' AND "leaseExpiresAt" < ${"now"} AND "attempts" >= ${"maxAttempts"}`;

/** What a buried delivery becomes: dead, with the abandoned error, its lease released. */
export const BURIED = fragment<{
  lastError: string | null;
  lastErrorCode: string | null;
  lastErrorParams: string | null;
  now: Date;
}>`"status" = 'dead', "lastError" = ${"lastError"}, "lastErrorCode" = ${"lastErrorCode"},
      "lastErrorParams" = ${"lastErrorParams"}, "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updatedAt" = ${"now"}`;

/** What a claimed delivery becomes: in flight under the claim's token, one more attempt counted. */
export const CLAIMED = fragment<{
  token: string;
  leaseExpiresAt: Date;
  now: Date;
}>`"status" = 'delivering', "leaseOwner" = ${"token"}, "leaseExpiresAt" = ${"leaseExpiresAt"},
      "attempts" = "attempts" + 1, "updatedAt" = ${"now"}`;

/** The columns the receiver's insert writes, in the order both engines' inserts give their values. */
export const INSERTED_COLUMNS = fragment`"id", "shop", "topic", "eventId", "resourceId", "orderId", "orderName", "customerId",
          "checkoutToken", "cartToken", "status", "lastError", "lastErrorCode", "lastErrorParams", "attempts",
          "nextAttemptAt", "payload", "buyer", "attemptLog", "tagsApplied", "test", "searchKey", "createdAt", "updatedAt"`;

/**
 * Why a buried delivery is dead (its worker stopped on every allowed attempt), as the error columns BURIED writes:
 * the same for every burial, so worded once here rather than at every claim.
 */
export const ABANDONED_COLUMNS = lastErrorColumns({ code: "worker_stopped", params: { attempts: MAX_ATTEMPTS } });
