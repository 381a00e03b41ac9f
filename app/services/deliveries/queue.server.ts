import { randomUUID } from "node:crypto";
import type { Delivery, PrismaClient } from "@prisma/client";
import prisma from "../../db.server";
import { databaseEngine, type DatabaseEngine } from "../../db-adapter.server";
import { env } from "../../env.server";
import { lastErrorColumns, type DeliveryError } from "../../lib/delivery-errors";
import { MAX_ATTEMPTS } from "./retry-policy.server";
import { hotSql } from "../../lib/hot-sql.server";

/**
 * The outbox as a queue: claim what is due, hold it under a short lease renewed while the call runs, then
 * complete or fail it. Nothing here decides what to send (routing.server.ts) or sends it (worker.server.ts).
 *
 * A claim is one statement that only takes rows still due and marks them with a token unique to the claim, so
 * two workers never own one delivery: on SQLite a conditional UPDATE (writers are serialised anyway), on
 * PostgreSQL `FOR UPDATE SKIP LOCKED`, so concurrent workers take different rows instead of waiting on each other
 * (docs/decisions/082-postgresql-claim-and-wake-ups.md). Plain SQL for the hot statements: with the SQLite driver
 * adapter each Prisma write costs a transaction on a fresh connection (1.3 ms against 0.1 ms).
 */

export const ABANDONED: DeliveryError = { code: "worker_stopped", params: { attempts: MAX_ATTEMPTS } };

/** The database the queue works on: the app's client, or another (the PostgreSQL tests). */
export interface QueueDb {
  db?: PrismaClient;
  /** The SQL dialect of `db`; from DATABASE_URL by default. */
  engine?: DatabaseEngine;
}

export interface Claim {
  /** The lease token: the rows this claim won carry it in leaseOwner. */
  token: string;
  deliveries: Delivery[];
  /** Deliveries whose worker vanished on their last allowed attempt, now dead (their error tag is owed). */
  buried: Delivery[];
}

/** Takes up to `limit` due deliveries (expired leases first, then by due time) for `owner`, leased until now + leaseMs. */
export async function claimDue(
  options: { owner: string; now: Date; limit: number; leaseMs: number } & QueueDb,
): Promise<Claim> {
  const { owner, now, limit, leaseMs, db = prisma } = options;
  const token = `${owner}:${randomUUID()}`;
  const leaseExpiresAt = new Date(now.getTime() + leaseMs);
  if (limit > 0 && (options.engine ?? databaseEngine(env().DATABASE_URL)) === "postgresql") {
    const { claimed, buried } = await claimSkipLocked(db, token, now, leaseExpiresAt, limit);
    return { token, deliveries: inDueOrder(claimed), buried: buried.map(toDelivery) };
  }
  const buried = await buryAbandoned(db, now, limit);
  if (limit <= 0) return { token, deliveries: [], buried };
  const claimed = await claimConditional(db, token, now, leaseExpiresAt, limit);
  return { token, deliveries: inDueOrder(claimed), buried };
}

function inDueOrder(rows: ClaimedRow[]) {
  return rows.map(toDelivery).sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime());
}

/*
 * Each claim is one `UPDATE … RETURNING` per batch: the rows come back with the claim, where a read of the
 * candidates, the UPDATE and a read of what it took cost five statements, four of them through the ORM, each
 * several times its SQL's CPU on the main thread (docs/decisions/120, 160). Paused shops' deliveries stay where
 * they are until the merchant resumes (docs/decisions/112): a NOT EXISTS on the pause table's key.
 */

type ClaimedRow = Record<keyof Delivery, unknown>;

/**
 * SQLite: expired leases first (by expiry), then due rows (by due time), each read through its own index
 * ((status, leaseExpiresAt) and (status, nextAttemptAt): the table keeps finished deliveries for weeks, an OR of
 * both would scan it), in one statement. Writers are serialised, and the outer conditions take only rows still
 * claimable when the UPDATE runs.
 */
async function claimConditional(db: PrismaClient, token: string, now: Date, leaseExpiresAt: Date, limit: number) {
  return hotSql(db).query<ClaimedRow>`
    UPDATE "Delivery" SET "status" = 'delivering', "leaseOwner" = ${token}, "leaseExpiresAt" = ${leaseExpiresAt},
      "attempts" = "attempts" + 1, "updatedAt" = ${now}
    WHERE "id" IN (
      SELECT "id" FROM (
        SELECT "id", 0 AS "rank", "at" FROM (
          SELECT "id", "leaseExpiresAt" AS "at" FROM "Delivery"
          WHERE "status" = 'delivering' AND "leaseExpiresAt" < ${now}
            AND NOT EXISTS (SELECT 1 FROM "AutomationPause" WHERE "AutomationPause"."shop" = "Delivery"."shop")
          ORDER BY "leaseExpiresAt" LIMIT ${limit})
        UNION ALL
        SELECT "id", 1 AS "rank", "at" FROM (
          SELECT "id", "nextAttemptAt" AS "at" FROM "Delivery"
          WHERE "status" IN ('queued', 'retrying') AND "nextAttemptAt" <= ${now}
            AND NOT EXISTS (SELECT 1 FROM "AutomationPause" WHERE "AutomationPause"."shop" = "Delivery"."shop")
          ORDER BY "nextAttemptAt" LIMIT ${limit}))
      ORDER BY "rank", "at" LIMIT ${limit})
      AND (("status" IN ('queued', 'retrying') AND "nextAttemptAt" <= ${now})
        OR ("status" = 'delivering' AND "leaseExpiresAt" < ${now}))
    RETURNING *`;
}

/**
 * PostgreSQL: the burial and the claim in one statement, one round trip per claim (docs/decisions/182). Each
 * sub-select locks the rows it returns and passes over rows another transaction holds (`SKIP LOCKED`), so workers
 * claiming at the same moment split the due rows between them without waiting. Expired leases on their last
 * allowed attempt are buried (as buryAbandoned does), the other expired ones and then the due ones are claimed:
 * the two sets are apart by `attempts`, so no row is written twice by the statement. Rows of the `waiting` sub-
 * select beyond what the claim takes (only when expired leases were found too) stay locked until its commit:
 * another worker skips them for that moment and finds them at its next claim.
 */
async function claimSkipLocked(db: PrismaClient, token: string, now: Date, leaseExpiresAt: Date, limit: number) {
  const { lastError, lastErrorCode, lastErrorParams } = lastErrorColumns(ABANDONED);
  const rows = await hotSql(db).query<ClaimedRow & { claimBuried: boolean }>`
    WITH "buried" AS (
      UPDATE "Delivery"
      SET "status" = 'dead', "lastError" = ${lastError}, "lastErrorCode" = ${lastErrorCode},
        "lastErrorParams" = ${lastErrorParams}, "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updatedAt" = ${now}
      WHERE "id" IN (
        SELECT "id" FROM "Delivery"
        WHERE "status" = 'delivering' AND "leaseExpiresAt" < ${now} AND "attempts" >= ${MAX_ATTEMPTS}
        LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING *),
    "expired" AS (
      SELECT "id", "leaseExpiresAt" AS "at" FROM "Delivery"
      WHERE "status" = 'delivering' AND "leaseExpiresAt" < ${now} AND "attempts" < ${MAX_ATTEMPTS}
        AND NOT EXISTS (SELECT 1 FROM "AutomationPause" WHERE "AutomationPause"."shop" = "Delivery"."shop")
      ORDER BY "leaseExpiresAt" LIMIT ${limit} FOR UPDATE SKIP LOCKED),
    "waiting" AS (
      SELECT "id", "nextAttemptAt" AS "at" FROM "Delivery"
      WHERE "status" IN ('queued', 'retrying') AND "nextAttemptAt" <= ${now}
        AND NOT EXISTS (SELECT 1 FROM "AutomationPause" WHERE "AutomationPause"."shop" = "Delivery"."shop")
      ORDER BY "nextAttemptAt" LIMIT ${limit} FOR UPDATE SKIP LOCKED),
    "claimed" AS (
      UPDATE "Delivery" SET "status" = 'delivering', "leaseOwner" = ${token}, "leaseExpiresAt" = ${leaseExpiresAt},
        "attempts" = "attempts" + 1, "updatedAt" = ${now}
      WHERE "id" IN (
        SELECT "id" FROM (
          SELECT "id", 0 AS "rank", "at" FROM "expired" UNION ALL SELECT "id", 1 AS "rank", "at" FROM "waiting")
          AS "candidates"
        ORDER BY "rank", "at" LIMIT ${limit})
      RETURNING *)
    SELECT false AS "claimBuried", * FROM "claimed"
    UNION ALL
    SELECT true AS "claimBuried", * FROM "buried"`;
  const claimed: ClaimedRow[] = [];
  const buried: ClaimedRow[] = [];
  for (const { claimBuried, ...row } of rows) (claimBuried ? buried : claimed).push(row);
  return { claimed, buried };
}

/**
 * A delivery whose worker vanished on its last allowed attempt (a payload that crashes the process every time,
 * say) is dead rather than retried forever. One statement for all of them; the outer conditions are checked
 * again on the row itself, so of two workers burying at once (PostgreSQL) only one takes each row.
 */
async function buryAbandoned(db: PrismaClient, now: Date, limit: number): Promise<Delivery[]> {
  const { lastError, lastErrorCode, lastErrorParams } = lastErrorColumns(ABANDONED);
  const rows = await hotSql(db).query<ClaimedRow>`
    UPDATE "Delivery"
    SET "status" = 'dead', "lastError" = ${lastError}, "lastErrorCode" = ${lastErrorCode},
      "lastErrorParams" = ${lastErrorParams}, "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updatedAt" = ${now}
    WHERE "id" IN (
      SELECT "id" FROM "Delivery"
      WHERE "status" = 'delivering' AND "leaseExpiresAt" < ${now} AND "attempts" >= ${MAX_ATTEMPTS}
      LIMIT ${Math.max(limit, 1)})
      AND "status" = 'delivering' AND "leaseExpiresAt" < ${now} AND "attempts" >= ${MAX_ATTEMPTS}
    RETURNING *`;
  return rows.map(toDelivery);
}

const DATE_COLUMNS = [
  "nextAttemptAt",
  "leaseExpiresAt",
  "payloadPurgedAt",
  "deliveredAt",
  "callbackAt",
  "createdAt",
  "updatedAt",
] as const satisfies readonly (keyof Delivery)[];

/**
 * A row as `RETURNING *` gives it, as the model: on SQLite the returned columns carry no declared type, so dates
 * may come back as the stored text; PostgreSQL gives Dates. Integers may come back as bigint.
 */
function toDelivery(row: ClaimedRow): Delivery {
  const delivery = { ...row } as Record<string, unknown>;
  for (const column of DATE_COLUMNS) {
    const value = row[column];
    delivery[column] = value == null ? null : value instanceof Date ? value : new Date(value as string | number);
  }
  delivery.attempts = Number(row.attempts);
  delivery.replays = Number(row.replays);
  // SQLite returns a boolean column as 0 or 1.
  delivery.test = Boolean(row.test);
  return delivery as Delivery;
}

/** Extends the leases of the given claims while their calls run; a worker that died stops renewing. */
export async function renewLeases(tokens: string[], leaseExpiresAt: Date, db: PrismaClient = prisma) {
  let renewed = 0;
  // One statement per claim (a handful in flight): no engine-specific array parameter.
  for (const token of tokens) {
    renewed += await hotSql(db).execute`
      UPDATE "Delivery" SET "leaseExpiresAt" = ${leaseExpiresAt}
      WHERE "leaseOwner" = ${token} AND "status" = 'delivering'`;
  }
  return renewed;
}

/*
 * The outcome writes release the lease, and only while the row still carries this claim (a claim whose lease ran
 * out must not overwrite the one that took over): each returns false when it did not. Every statement is written
 * whole, without nested Prisma.sql fragments: a fragment made by one generated client is not recognised by another
 * (the PostgreSQL client is generated apart from the SQLite one) and would be sent as a parameter.
 */

type Leased = Pick<Delivery, "id" | "leaseOwner">;

/**
 * The platform took it. A flow that already called back with a failure (its callback can beat the trigger's
 * answer) makes it `flow_failed` in the same statement: the reconciliation the callback could not do while the
 * delivery was in flight (reconcileFlowOutcome in status.server.ts), without a second write per order.
 */
export async function completeDelivery(
  delivery: Leased,
  outcome: Pick<Delivery, "flowId" | "attemptLog">,
  now: Date,
  db: PrismaClient = prisma,
) {
  const updated = await hotSql(db).execute`
    UPDATE "Delivery"
    SET "status" = CASE WHEN "callbackStatus" IN ('error', 'failed') THEN 'flow_failed' ELSE 'delivered' END, "flowId" = ${outcome.flowId}, "attemptLog" = ${outcome.attemptLog},
      "deliveredAt" = ${now}, "lastError" = NULL, "lastErrorCode" = NULL, "lastErrorParams" = NULL,
      "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updatedAt" = ${now}
    WHERE "id" = ${delivery.id} AND "status" = 'delivering' AND "leaseOwner" = ${delivery.leaseOwner}`;
  return updated === 1;
}

/** Tried again at `nextAttemptAt`, or dead when that is null. */
export async function failDelivery(
  delivery: Leased,
  outcome: Pick<Delivery, "flowId" | "attemptLog"> & { error: DeliveryError; nextAttemptAt: Date | null },
  now: Date,
  db: PrismaClient = prisma,
) {
  const { flowId, attemptLog, nextAttemptAt } = outcome;
  const { lastError, lastErrorCode, lastErrorParams } = lastErrorColumns(outcome.error);
  const updated = nextAttemptAt
    ? await hotSql(db).execute`
        UPDATE "Delivery"
        SET "status" = 'retrying', "nextAttemptAt" = ${nextAttemptAt}, "flowId" = ${flowId},
          "attemptLog" = ${attemptLog}, "lastError" = ${lastError}, "lastErrorCode" = ${lastErrorCode},
          "lastErrorParams" = ${lastErrorParams}, "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updatedAt" = ${now}
        WHERE "id" = ${delivery.id} AND "status" = 'delivering' AND "leaseOwner" = ${delivery.leaseOwner}`
    : await hotSql(db).execute`
        UPDATE "Delivery"
        SET "status" = 'dead', "flowId" = ${flowId}, "attemptLog" = ${attemptLog}, "lastError" = ${lastError},
          "lastErrorCode" = ${lastErrorCode}, "lastErrorParams" = ${lastErrorParams}, "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updatedAt" = ${now}
        WHERE "id" = ${delivery.id} AND "status" = 'delivering' AND "leaseOwner" = ${delivery.leaseOwner}`;
  return updated === 1;
}

/** Not sent, with the reason. A skip is no attempt at the platform: the claim's count is taken back. */
export async function skipDelivery(delivery: Leased, reason: DeliveryError, now: Date, db: PrismaClient = prisma) {
  const { lastError, lastErrorCode, lastErrorParams } = lastErrorColumns(reason);
  const updated = await hotSql(db).execute`
    UPDATE "Delivery"
    SET "status" = 'skipped', "lastError" = ${lastError}, "lastErrorCode" = ${lastErrorCode},
      "lastErrorParams" = ${lastErrorParams}, "attempts" = "attempts" - 1, "leaseOwner" = NULL,
      "leaseExpiresAt" = NULL, "updatedAt" = ${now}
    WHERE "id" = ${delivery.id} AND "status" = 'delivering' AND "leaseOwner" = ${delivery.leaseOwner}`;
  return updated === 1;
}

/**
 * Back in the queue until `nextAttemptAt`, with why it waits (docs/decisions/224): no attempt at the platform, so
 * the claim's count is taken back.
 */
export async function deferDelivery(
  delivery: Leased,
  reason: DeliveryError,
  nextAttemptAt: Date,
  now: Date,
  db: PrismaClient = prisma,
) {
  const { lastError, lastErrorCode, lastErrorParams } = lastErrorColumns(reason);
  const updated = await hotSql(db).execute`
    UPDATE "Delivery"
    SET "status" = 'queued', "nextAttemptAt" = ${nextAttemptAt}, "lastError" = ${lastError},
      "lastErrorCode" = ${lastErrorCode}, "lastErrorParams" = ${lastErrorParams}, "attempts" = "attempts" - 1,
      "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updatedAt" = ${now}
    WHERE "id" = ${delivery.id} AND "status" = 'delivering' AND "leaseOwner" = ${delivery.leaseOwner}`;
  return updated === 1;
}
