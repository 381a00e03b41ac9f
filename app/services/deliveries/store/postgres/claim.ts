import { ABANDONED_ON_LAST_ATTEMPT, BURIED, CLAIMED, SHOP_NOT_PAUSED } from "../rules";
import { statement } from "../../../../lib/statement.server";
import type { ErrorColumns } from "../types";

/**
 * The burial and the claim on PostgreSQL in one statement, one round trip per claim (docs/decisions/182). Each
 * sub-select locks the rows it returns and passes over rows another transaction holds (`SKIP LOCKED`), so workers
 * claiming at the same moment split the due rows between them without waiting (docs/decisions/082). Expired
 * leases on their last allowed attempt are buried (as shared/bury.ts does), the other expired ones and then the
 * due ones are claimed: the two sets are apart by `attempts`, so no row is written twice by the statement. Rows
 * of the `waiting` sub-select beyond what the claim takes (only when expired leases were found too) stay locked
 * until its commit: another worker skips them for that moment and finds them at its next claim. Each row comes
 * back with `claimBuried` saying which set it is in.
 */
export const buryAndClaimDeliveries = statement<
  ErrorColumns & { token: string; leaseExpiresAt: Date; now: Date; limit: number; maxAttempts: number }
>`
    WITH "buried" AS (
      UPDATE "Delivery"
      SET ${BURIED}
      WHERE "id" IN (
        SELECT "id" FROM "Delivery"
        WHERE ${ABANDONED_ON_LAST_ATTEMPT}
        LIMIT ${"limit"} FOR UPDATE SKIP LOCKED)
      RETURNING *),
    "expired" AS (
      SELECT "id", "leaseExpiresAt" AS "at" FROM "Delivery"
      WHERE "status" = 'delivering' AND "leaseExpiresAt" < ${"now"} AND "attempts" < ${"maxAttempts"}
        AND ${SHOP_NOT_PAUSED}
      ORDER BY "leaseExpiresAt" LIMIT ${"limit"} FOR UPDATE SKIP LOCKED),
    "waiting" AS (
      SELECT "id", "nextAttemptAt" AS "at" FROM "Delivery"
      WHERE "status" IN ('queued', 'retrying') AND "nextAttemptAt" <= ${"now"}
        AND ${SHOP_NOT_PAUSED}
      ORDER BY "nextAttemptAt" LIMIT ${"limit"} FOR UPDATE SKIP LOCKED),
    "claimed" AS (
      UPDATE "Delivery" SET ${CLAIMED}
      WHERE "id" IN (
        SELECT "id" FROM (
          SELECT "id", 0 AS "rank", "at" FROM "expired" UNION ALL SELECT "id", 1 AS "rank", "at" FROM "waiting")
          AS "candidates"
        ORDER BY "rank", "at" LIMIT ${"limit"})
      RETURNING *)
    SELECT false AS "claimBuried", * FROM "claimed"
    UNION ALL
    SELECT true AS "claimBuried", * FROM "buried"`;
