import { EventEmitter } from "node:events";
import type pg from "pg";
import type { Job as GraphileJob, JobHelpers, Runner, TaskList, WorkerEvents } from "graphile-worker";
import { logger } from "../../logger.server";
import { attemptJob, queueOf } from "./attempt.server";
import type { AddJob, Job, JobKinds, JobQueue } from "./types";

/**
 * The mechanism on PostgreSQL, on graphile-worker (docs/decisions/310): its jobs table, `job_key` for "at most one
 * live job per key" (mode unsafe_dedupe: a live job stays as it is), named queues for one at a time, LISTEN/NOTIFY
 * pickup. What graphile-worker does not decide our way is decided here: the retry schedule (a failed try is
 * added again with the kind's delay and this try completes), the pause and the per-kind concurrency (job flags that
 * forbiddenFlags skips), and the lease after kill -9: each worker holds an advisory lock for as long as its
 * connection lives, and a job locked by a worker whose lock is free is unlocked at once
 * (`force_unlock_workers`) instead of after graphile-worker's four hours.
 */

export interface GraphileRunnerOptions {
  kinds: JobKinds;
  /** The process's pool: adds, removals and the schema's migration, beside the requests that add them. */
  pool: pg.Pool;
  /**
   * Connections of the runner's own (claims, completions, LISTEN, the liveness lock), made at start for
   * `connections` and ended at stop, so that a burst of jobs never leaves a request waiting for a connection behind
   * them (docs/decisions/327). Without it the runner shares `pool`.
   */
  runnerPool?: (connections: number) => pg.Pool;
  /** How often jobs of dead workers are looked for. */
  reapEveryMs?: number;
  pollMs?: number;
}

/** What a job carries in graphile-worker's payload besides the kind's own data. */
interface Envelope {
  shop: string | null;
  /** Tries made by earlier rows of this job (a retry is a new row). */
  tries: number;
  data: Record<string, unknown>;
}

const LIVENESS_LOCKS = 31_040;
/** A worker's lock is taken just after it starts; a job locked for less than this is never judged. */
const REAP_GRACE_SECONDS = 5;
const MAX_ATTEMPTS = 25;

type Graphile = typeof import("graphile-worker");
let library: Promise<Graphile> | null = null;
/** graphile-worker loads at the first job or start, never at import (docs/decisions/247). */
const graphile = () => (library ??= import("graphile-worker"));

const migrated = new WeakMap<pg.Pool, Promise<void>>();
const watched = new WeakSet<pg.Pool>();

/**
 * A dropped connection is an event on the pool and on its client, never an unhandled error that ends the
 * process; graphile-worker checks that both are handled.
 */
function watchErrors(pool: pg.Pool) {
  if (watched.has(pool)) return;
  watched.add(pool);
  const log = logger.child({ component: "jobs" });
  const report = (error: Error) => log.error({ err: error.message }, "job database connection failed");
  pool.on("error", report);
  pool.on("connect", (client) => client.on("error", report));
}

/** graphile-worker's schema, migrated once per pool (its own migrations, under its own advisory lock). */
export function migrateJobSchema(pool: pg.Pool) {
  watchErrors(pool);
  let done = migrated.get(pool);
  if (!done) {
    done = graphile().then((g) => g.runMigrations({ pgPool: pool, logger: quietLogger(g) }));
    migrated.set(pool, done);
  }
  return done;
}

function quietLogger(g: Graphile) {
  const log = logger.child({ component: "graphile-worker" });
  return new g.Logger(() => (level, message) => {
    if (level === "error") log.error(message);
    else if (level === "warning") log.warn(message);
  });
}

const flagOfKind = (kind: string) => `kind:${kind}`;
const flagOfShop = (shop: string) => `shop:${shop}`;

export class GraphileJobRunner implements JobQueue {
  private runner: Runner | null = null;
  /** The runner's connections: its own pool once started with one, else the process's. */
  private work: pg.Pool;
  private starting: Promise<void> | null = null;
  private readonly running = new Map<string, number>();
  private readonly ownWorkers = new Set<string>();
  private liveness: pg.PoolClient | null = null;
  /** The liveness connection's statements, one after another (a pg client runs one query at a time). */
  private livenessQueue: Promise<unknown> = Promise.resolve();
  private reaper: NodeJS.Timeout | null = null;
  private paused: { shops: string[]; at: number } = { shops: [], at: 0 };
  private readonly log = logger.child({ component: "jobs" });

  constructor(private readonly options: GraphileRunnerOptions) {
    this.work = options.pool;
  }

  async add(kindName: string, job: AddJob = {}, mode: "unsafe_dedupe" | "replace" = "unsafe_dedupe", tries = 0) {
    const kind = this.options.kinds[kindName];
    if (!kind) throw new Error(`no job kind "${kindName}"`);
    await migrateJobSchema(this.options.pool);
    const shop = job.shop ?? null;
    const key = job.key ?? null;
    const envelope: Envelope = { shop, tries, data: job.payload ?? {} };
    const flags = [flagOfKind(kindName), ...(shop && kind.pause.holds ? [flagOfShop(shop)] : [])];
    const insert = () =>
      this.options.pool.query<{ running: boolean }>(
        `SELECT locked_at IS NOT NULL AS running FROM graphile_worker.add_job($1, $2::json, queue_name => $3,
           run_at => $4, max_attempts => $5, job_key => $6, flags => $7, job_key_mode => $8)`,
        [
          kindName,
          JSON.stringify(envelope),
          queueOf(kindName, kind, key, shop),
          job.runAt ?? null,
          MAX_ATTEMPTS,
          key,
          flags,
          mode,
        ],
      );
    const { rows } = await insert();
    if (key && mode === "unsafe_dedupe" && rows[0]?.running) {
      // unsafe_dedupe keeps a running job's key too: it gives it up here, as add_job's other modes do, and this
      // add runs after it (JobQueue.add). graphile-worker never retries the running row itself (our retries are
      // new rows), so its attempts are spent as add_job spends them.
      await this.options.pool.query(
        `UPDATE graphile_worker._private_jobs SET key = NULL, attempts = max_attempts
         WHERE key = $1 AND locked_at IS NOT NULL`,
        [key],
      );
      await insert();
    }
  }

  async removeShopJobs(shop: string) {
    await migrateJobSchema(this.options.pool);
    // The public view leaves the payload out, so the shop is read from the table; the jobs go through
    // graphile-worker's own function, which leaves a running job to finish.
    const { rows } = await this.options.pool.query<{ count: string }>(
      `SELECT count(*) FROM graphile_worker.complete_jobs(ARRAY(
         SELECT id FROM graphile_worker._private_jobs WHERE payload->>'shop' = $1 AND locked_at IS NULL))`,
      [shop],
    );
    return Number(rows[0]?.count ?? 0);
  }

  start() {
    return (this.starting ??= this.begin());
  }

  private async begin() {
    const g = await graphile();
    await migrateJobSchema(this.options.pool);
    const concurrency = Object.values(this.options.kinds).reduce((sum, kind) => sum + kind.concurrency, 0);
    // Each job slot claims and completes on a connection; LISTEN and the liveness lock hold one each for good.
    if (this.options.runnerPool) {
      this.work = this.options.runnerPool(concurrency + 2);
      watchErrors(this.work);
    }
    this.liveness = await this.work.connect();
    for (const [name, kind] of Object.entries(this.options.kinds)) {
      if (kind.everyMs) await this.add(name, { key: `periodic:${name}` });
    }
    const taskList: TaskList = {};
    for (const name of Object.keys(this.options.kinds)) {
      taskList[name] = (payload, helpers) => this.perform(name, payload as Envelope, helpers);
    }
    const events = new EventEmitter() as WorkerEvents;
    // graphile-worker 0.18 locks jobs and queues with the pool's id (`pool-…`), not a worker's: the pool's lock is
    // the one the reaper looks for, so a live pool's long job is not unlocked and run a second time beside it.
    events.on("pool:create", ({ workerPool }) => void this.holdLiveness(workerPool.id));
    events.on("worker:create", ({ worker }) => void this.holdLiveness(worker.workerId));
    this.runner = await g.run({
      events,
      pgPool: this.work,
      taskList,
      concurrency,
      noHandleSignals: true,
      pollInterval: this.options.pollMs ?? 2_000,
      logger: quietLogger(g),
      forbiddenFlags: () => this.forbiddenFlags(),
    });
    this.reaper = setInterval(() => void this.reap(), this.options.reapEveryMs ?? 5_000);
    this.reaper.unref();
  }

  async stop() {
    await this.starting?.catch(() => {});
    this.starting = null;
    if (this.reaper) clearInterval(this.reaper);
    this.reaper = null;
    await this.runner?.stop();
    this.runner = null;
    await this.livenessQueue;
    // Closed rather than returned to the pool: its advisory locks go with it.
    this.liveness?.release(true);
    this.liveness = null;
    this.ownWorkers.clear();
    if (this.work !== this.options.pool) await this.work.end();
    this.work = this.options.pool;
  }

  private onLiveness<T>(run: (client: pg.PoolClient) => Promise<T>): Promise<T | undefined> {
    const next = this.livenessQueue.then(() => (this.liveness ? run(this.liveness) : undefined));
    this.livenessQueue = next.catch(() => {});
    return next;
  }

  private async holdLiveness(workerId: string) {
    this.ownWorkers.add(workerId);
    await this.onLiveness((client) =>
      client.query("SELECT pg_advisory_lock($1, hashtext($2))", [LIVENESS_LOCKS, workerId]),
    ).catch((error) => this.log.error({ err: String(error), workerId }, "worker liveness lock not taken"));
  }

  /** Kinds at their concurrency here, and paused shops' jobs of the kinds a pause holds. */
  private async forbiddenFlags() {
    const full = Object.entries(this.options.kinds)
      .filter(([name, kind]) => (this.running.get(name) ?? 0) >= kind.concurrency)
      .map(([name]) => flagOfKind(name));
    if (Date.now() - this.paused.at > 1_000) {
      const { rows } = await this.work.query<{ shop: string }>(`SELECT "shop" FROM "AutomationPause"`);
      this.paused = { shops: rows.map((row) => row.shop), at: Date.now() };
    }
    return [...full, ...this.paused.shops.map(flagOfShop)];
  }

  private async perform(name: string, envelope: Envelope, helpers: JobHelpers) {
    const kind = this.options.kinds[name];
    const row: GraphileJob = helpers.job;
    // The worker running this job is alive: its liveness lock is taken before it is judged.
    this.running.set(name, (this.running.get(name) ?? 0) + 1);
    try {
      const job: Job = {
        id: row.id,
        kind: name,
        key: row.key,
        shop: envelope.shop,
        payload: envelope.data,
        attempt: envelope.tries + row.attempts,
        runAt: new Date(row.run_at),
      };
      const outcome = await attemptJob(kind, job, () => new Date());
      if (outcome.status === "again") {
        const add = { key: row.key, shop: envelope.shop, payload: envelope.data, runAt: outcome.runAt };
        await this.add(name, add, "replace", kind.everyMs ? 0 : job.attempt);
      }
    } finally {
      this.running.set(name, (this.running.get(name) ?? 1) - 1);
    }
  }

  /** Unlocks the jobs of workers whose process died: their liveness lock is free (its connection closed). */
  private async reap() {
    await this.onLiveness((client) => this.reapOn(client));
  }

  private async reapOn(client: pg.PoolClient) {
    try {
      const { rows } = await client.query<{ locked_by: string }>(
        `SELECT DISTINCT locked_by FROM graphile_worker.jobs
         WHERE locked_by IS NOT NULL AND locked_at < now() - make_interval(secs => $1)`,
        [REAP_GRACE_SECONDS],
      );
      const dead: string[] = [];
      for (const { locked_by: workerId } of rows) {
        if (this.ownWorkers.has(workerId)) continue;
        const free = await client.query<{ free: boolean }>("SELECT pg_try_advisory_lock($1, hashtext($2)) AS free", [
          LIVENESS_LOCKS,
          workerId,
        ]);
        if (!free.rows[0]?.free) continue;
        dead.push(workerId);
        await client.query("SELECT pg_advisory_unlock($1, hashtext($2))", [LIVENESS_LOCKS, workerId]);
      }
      if (!dead.length) return;
      await client.query("SELECT graphile_worker.force_unlock_workers($1::text[])", [dead]);
      this.log.warn({ workers: dead }, "jobs of dead workers unlocked");
    } catch (error) {
      this.log.error({ err: error instanceof Error ? error.message : String(error) }, "job reaper failed");
    }
  }
}
