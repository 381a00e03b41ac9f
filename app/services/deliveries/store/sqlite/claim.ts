import { CLAIMED, SHOP_NOT_PAUSED } from "../rules";
import { statement } from "../../../../lib/statement.server";

/**
 * The claim on SQLite: expired leases first (by expiry), then due rows (by due time), each read through its own
 * index ((status, leaseExpiresAt) and (status, nextAttemptAt): the table keeps finished deliveries for weeks, an OR
 * of both would scan it), in one `UPDATE … RETURNING`. Writers are serialised, and the outer conditions take only
 * rows still claimable when the UPDATE runs. Abandoned leases on their last attempt were buried just before
 * (shared/bury.ts), so the expired branch finds only those with attempts left.
 */
export const claimDeliveries = statement<{ token: string; leaseExpiresAt: Date; now: Date; limit: number }>`
    UPDATE "Delivery" SET ${CLAIMED}
    WHERE "id" IN (
      SELECT "id" FROM (
        SELECT "id", 0 AS "rank", "at" FROM (
          SELECT "id", "leaseExpiresAt" AS "at" FROM "Delivery"
          WHERE "status" = 'delivering' AND "leaseExpiresAt" < ${"now"}
            AND ${SHOP_NOT_PAUSED}
          ORDER BY "leaseExpiresAt" LIMIT ${"limit"})
        UNION ALL
        SELECT "id", 1 AS "rank", "at" FROM (
          SELECT "id", "nextAttemptAt" AS "at" FROM "Delivery"
          WHERE "status" IN ('queued', 'retrying') AND "nextAttemptAt" <= ${"now"}
            AND ${SHOP_NOT_PAUSED}
          ORDER BY "nextAttemptAt" LIMIT ${"limit"}))
      ORDER BY "rank", "at" LIMIT ${"limit"})
      AND (("status" IN ('queued', 'retrying') AND "nextAttemptAt" <= ${"now"})
        OR ("status" = 'delivering' AND "leaseExpiresAt" < ${"now"}))
    RETURNING *`;
