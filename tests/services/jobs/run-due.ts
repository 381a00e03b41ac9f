import prisma, { postgresConnection } from "~/db.server";
import { hotSql } from "~/lib/hot-sql.server";
import { attemptJob } from "~/services/jobs/attempt.server";
import { GraphileJobRunner, migrateJobSchema } from "~/services/jobs/graphile-runner.server";
import { JOB_KINDS } from "~/services/jobs/registry.server";
import type { Job, JobHandler } from "~/services/jobs/types";

/**
 * Runs the jobs of one kind that are due at `now` (a test's clock), once each, on the test database's engine: the
 * kind's own retry schedule and pause from the registry (policies.ts), its handler unless the test passes one (a
 * platform client that does not sleep). What the app's runners do with a try's outcome is done here the same way:
 * a retry is due on the schedule from `now`, a job done or given up is gone. One job after another, so the kind's
 * one-at-a-time rule holds. Returns how many were tried.
 */
export async function runDueJobs(
  kindName: keyof typeof JOB_KINDS & string,
  now = new Date(),
  options: { handler?: JobHandler } = {},
): Promise<number> {
  const declared = JOB_KINDS[kindName];
  const kind = options.handler ? { ...declared, handler: async () => options.handler! } : declared;
  const paused = declared.pause.holds
    ? new Set((await prisma.automationPause.findMany({ select: { shop: true } })).map((row) => row.shop))
    : new Set<string>();
  const pool = postgresConnection();
  if (pool) await migrateJobSchema(pool);
  const jobs = (pool ? await dueOnPostgres(pool, kindName, now) : await dueOnSqlite(kindName, now)).filter(
    (job) => !job.shop || !paused.has(job.shop),
  );
  for (const job of jobs) {
    const outcome = await attemptJob(kind, job, () => now);
    if (pool) {
      const runner = new GraphileJobRunner({ kinds: JOB_KINDS, pool });
      if (outcome.status === "again") {
        const again = { key: job.key, shop: job.shop, payload: job.payload, runAt: outcome.runAt };
        await runner.add(kindName, again, "replace", job.attempt);
      } else {
        await pool.query("SELECT graphile_worker.complete_jobs(ARRAY[$1::bigint])", [job.id]);
      }
    } else if (outcome.status === "again") {
      await hotSql().executeText(`UPDATE "Job" SET "runAt" = ?, "attempts" = ?, "lastError" = ? WHERE "id" = ?`, [
        outcome.runAt,
        job.attempt,
        outcome.problem,
        job.id,
      ]);
    } else {
      await hotSql().executeText(`DELETE FROM "Job" WHERE "id" = ?`, [job.id]);
    }
  }
  return jobs.length;
}

async function dueOnSqlite(kind: string, now: Date): Promise<Job[]> {
  const rows = await hotSql().queryText<{
    id: string;
    key: string | null;
    shop: string | null;
    payload: string;
    runAt: Date | string;
    attempts: number | bigint;
  }>(
    `SELECT "id", "key", "shop", "payload", "runAt", "attempts" FROM "Job"
     WHERE "kind" = ? AND "runAt" <= ? AND "lockedBy" IS NULL ORDER BY "runAt"`,
    [kind, now],
  );
  return rows.map((row) => ({
    id: row.id,
    kind,
    key: row.key,
    shop: row.shop,
    payload: JSON.parse(row.payload) as Job["payload"],
    attempt: Number(row.attempts) + 1,
    runAt: new Date(row.runAt),
  }));
}

async function dueOnPostgres(pool: NonNullable<ReturnType<typeof postgresConnection>>, kind: string, now: Date) {
  const { rows } = await pool.query<{
    id: string;
    key: string | null;
    payload: { shop: string | null; tries: number; data: Job["payload"] };
    attempts: number;
    run_at: Date;
  }>(
    `SELECT j.id, j.key, j.payload, j.attempts, j.run_at FROM graphile_worker._private_jobs j
     JOIN graphile_worker._private_tasks t ON t.id = j.task_id
     WHERE t.identifier = $1 AND j.run_at <= $2 AND j.locked_at IS NULL ORDER BY j.run_at`,
    [kind, now],
  );
  return rows.map(
    (row): Job => ({
      id: row.id,
      kind,
      key: row.key,
      shop: row.payload.shop,
      payload: row.payload.data,
      attempt: row.payload.tries + row.attempts + 1,
      runAt: new Date(row.run_at),
    }),
  );
}
