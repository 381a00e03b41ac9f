/**
 * What the holds chaos proof (bench/chaos-holds.ts) reads from the app's database while it runs, on either engine:
 * the fulfilment tasks' rows and their jobs, in graphile-worker's tables on PostgreSQL and the small runner's `Job`
 * table on SQLite (docs/decisions/310). Read-only: the proof counts, the app does the work.
 */
import { createClient } from "@libsql/client";
import pg from "pg";

const TASK_JOB = "fulfilment-task";

export interface BenchDatabase {
  /** Every fulfilment task row: its kind (hold, release, cancel), status (owed, done, stood_down, given_up), tries. */
  tasks(): Promise<TaskRow[]>;
  /** Fulfilment-task jobs a worker holds right now. */
  lockedTaskJobs(): Promise<number>;
  /** Keys of fulfilment-task jobs started more than once (a kill or a failed try under them). */
  retriedTaskJobs(): Promise<string[]>;
  /** Fulfilment-task jobs not yet done. */
  taskJobsLeft(): Promise<number>;
  close(): Promise<void>;
}

export interface TaskRow {
  kind: string;
  status: string;
  attempts: number;
  lastProblem: string | null;
}

const TASKS_SQL = `SELECT "kind", "status", "attempts", "lastProblem" FROM "FulfilmentTask"`;

export async function openDatabase(databaseUrl: string): Promise<BenchDatabase> {
  if (databaseUrl.startsWith("postgres")) {
    // A pool: the killer, the watcher and the waits read at once.
    const client = new pg.Pool({ connectionString: databaseUrl, max: 3 });
    const jobs = `graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = '${TASK_JOB}'`;
    const count = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0].n);
    return {
      tasks: async () => (await client.query<TaskRow>(TASKS_SQL)).rows,
      lockedTaskJobs: () => count(`SELECT count(*) AS n FROM ${jobs} AND j.locked_at IS NOT NULL`),
      retriedTaskJobs: async () =>
        (await client.query<{ key: string }>(`SELECT j.key FROM ${jobs} AND j.attempts > 1`)).rows.map((r) => r.key),
      taskJobsLeft: () => count(`SELECT count(*) AS n FROM ${jobs}`),
      close: () => client.end(),
    };
  }
  const client = createClient({ url: databaseUrl });
  const count = async (sql: string) => Number((await client.execute(sql)).rows[0].n);
  const jobs = `"Job" WHERE "kind" = '${TASK_JOB}'`;
  return {
    tasks: async () =>
      (await client.execute(TASKS_SQL)).rows.map((row) => ({
        kind: String(row.kind),
        status: String(row.status),
        attempts: Number(row.attempts),
        lastProblem: row.lastProblem === null ? null : String(row.lastProblem),
      })),
    lockedTaskJobs: () => count(`SELECT count(*) AS n FROM ${jobs} AND "lockedBy" IS NOT NULL`),
    retriedTaskJobs: async () =>
      (await client.execute(`SELECT "key" FROM ${jobs} AND "attempts" > 1`)).rows.map((row) => String(row.key)),
    taskJobsLeft: () => count(`SELECT count(*) AS n FROM ${jobs}`),
    close: async () => client.close(),
  };
}
