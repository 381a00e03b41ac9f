import { ABANDONED_ON_LAST_ATTEMPT, BURIED } from "../rules";
import { statement } from "../../../../lib/statement.server";
import type { ErrorColumns } from "../types";

/**
 * Buries the deliveries whose worker vanished on their last allowed attempt (a payload that crashes the process
 * every time, say): dead rather than retried forever. One statement for all of them; the outer conditions are
 * checked again on the row itself, so of two workers burying at once (PostgreSQL) only one takes each row. On
 * PostgreSQL the claim buries too (postgres/claim.ts); this one serves a claim with no free slot.
 */
export const buryAbandoned = statement<ErrorColumns & { now: Date; limit: number; maxAttempts: number }>`
    UPDATE "Delivery"
    SET ${BURIED}
    WHERE "id" IN (
      SELECT "id" FROM "Delivery"
      WHERE ${ABANDONED_ON_LAST_ATTEMPT}
      LIMIT ${"limit"})
      AND ${ABANDONED_ON_LAST_ATTEMPT}
    RETURNING *`;
