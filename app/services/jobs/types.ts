/**
 * Work done later, on one mechanism (docs/decisions/310): a job has a kind, an optional key (at most one live job
 * per key), a shop, a payload, a due time, attempts and a lease. What a kind is (its handler, retry schedule, pause
 * policy, concurrency, one-at-a-time rule, period) is declared once, in registry.server.ts; the engines that run
 * jobs (sqlite-runner.server.ts on SQLite, graphile-runner.server.ts on PostgreSQL) read only these types.
 */

export type JobPayload = Record<string, unknown>;

export interface Job {
  id: string;
  kind: string;
  key: string | null;
  shop: string | null;
  payload: JobPayload;
  /** This try's number: 1 for the first. */
  attempt: number;
  runAt: Date;
}

/** `now` is the engine's clock: a handler that records when its work is due again reads it, never its own. */
export type JobHandler = (job: Job, now: () => Date) => Promise<void>;

/** What a kind is: read by both engines, so "when is this tried again, does a pause hold it?" has one answer. */
export interface JobKind {
  /** Loaded at the first job of the kind, so an idle worker never loads what it does not run (docs/decisions/247). */
  handler: () => Promise<JobHandler>;
  /** After failed try n the next waits retryDelaysMs[n - 1]; none left (or a problem not worth retrying): given up. */
  retryDelaysMs: readonly number[];
  /** Whether a paused shop's jobs of this kind wait for the resume, and why (shown to whoever adds a kind). */
  pause: { holds: boolean; why: string };
  /** How many jobs of this kind one process runs at once. */
  concurrency: number;
  /**
   * Jobs that must not run at the same time anywhere in the fleet: of one key, of one shop, or of the whole kind.
   * A periodic kind is always one at a time.
   */
  oneAtATime?: "key" | "shop" | "kind";
  /** Periodic work: one job of the kind, run once across the fleet every period, then due again. */
  everyMs?: number;
}

export type JobKinds = Record<string, JobKind>;

export interface AddJob {
  key?: string | null;
  shop?: string | null;
  payload?: JobPayload;
  runAt?: Date;
}

/** A try that failed: worth trying again on the kind's schedule (the platform down) or not (it refused). */
export class JobProblem extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** One engine's side of the mechanism; the contract suite (tests/services/jobs/) holds both to it. */
export interface JobQueue {
  /**
   * Adds a job; with a key that a job waiting to run already has, that job stays as it is (it will read what this
   * add is about when it runs). A job of the key that is running may have read it already: it gives up its key and
   * the added job runs after it (one at a time, when the kind is one at a time per key); a retry or next period
   * of the running job then goes to the added one, so the key has one live job again (docs/decisions/327).
   */
  add(kind: string, job?: AddJob): Promise<void>;
  /** Every job of the shop, gone with the shop (uninstall, shop/redact). A job running now finishes its try. */
  removeShopJobs(shop: string): Promise<number>;
  /** Starts claiming jobs in this process (every periodic kind is made due first, once across the fleet). */
  start(): Promise<void>;
  /** Stops claiming and waits for the jobs running here. */
  stop(): Promise<void>;
}
