import pg from "pg";
import { onPostgres } from "../../helpers/db";
import { GraphileJobRunner } from "~/services/jobs/graphile-runner.server";
import { SqliteJobRunner } from "~/services/jobs/sqlite-runner.server";
import type { JobKinds, JobQueue } from "~/services/jobs/types";

/**
 * The engine the test database runs on: the small runner on SQLite, graphile-worker on PostgreSQL (each with its
 * own connections there, as another process would have). Short polls and leases keep the suite quick; the kinds'
 * own rules are the app's.
 */
export function jobEngine(kinds: JobKinds, holder: string, options: { leaseMs?: number } = {}) {
  const pools: pg.Pool[] = [];
  let queue: JobQueue;
  if (onPostgres()) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
    pools.push(pool);
    queue = new GraphileJobRunner({ kinds, pool, pollMs: 100, reapEveryMs: 250 });
  } else {
    queue = new SqliteJobRunner({ kinds, holder, pollMs: 50, leaseMs: options.leaseMs ?? 2_000 });
  }
  return {
    queue,
    async close() {
      await queue.stop();
      await Promise.all(pools.map((pool) => pool.end()));
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function eventually<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 10_000) {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`not reached in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await sleep(25);
  }
}
