import { randomUUID } from "node:crypto";
import { env } from "../../env.server";
import type { GraphqlOptions } from "../platform/graphql.server";

/** The delivery worker's options (worker.server.ts), resolved once per worker or pass. */
export interface WorkerOptions {
  /** Names this process in leases; unique per process. */
  workerId?: string;
  now?: () => Date;
  /** Waits while idle; resolves early when `woken` resolves. */
  sleep?: (ms: number, woken: Promise<void>) => Promise<void>;
  pollIntervalMs?: number;
  /**
   * How long a claim holds unless renewed. Renewed every leaseMs / 3 while the call runs, so a live worker never
   * loses it and a dead worker's deliveries go out again within this time.
   */
  leaseMs?: number;
  /** Deliveries in flight at once: a freed slot is refilled at once, and no more is claimed than slots can send. */
  concurrency?: number;
  random?: () => number;
  /** Passed to the platform GraphQL client (its own throttle waits). */
  graphql?: GraphqlOptions;
  /**
   * Whether the idle wait holds the process open. The standalone worker (`npm run worker`) must; inside the
   * web process it must not, or the server could never exit on SIGTERM.
   */
  keepProcessAlive?: boolean;
}

export type Resolved = Required<Omit<WorkerOptions, "graphql">> & { graphql: GraphqlOptions };

// Twice the trigger's 15 s timeout; renewed while a call runs (docs/decisions/083-small-in-flight-window.md).
export const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_CONCURRENCY = 16;

export function resolve(options: WorkerOptions): Resolved {
  return {
    workerId: options.workerId ?? `worker-${process.pid}-${randomUUID().slice(0, 8)}`,
    now: options.now ?? (() => new Date()),
    sleep: options.sleep ?? ((ms, woken) => idleSleep(ms, woken, options.keepProcessAlive ?? false)),
    pollIntervalMs: options.pollIntervalMs ?? env().WORKER_POLL_INTERVAL_MS,
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    random: options.random ?? Math.random,
    graphql: options.graphql ?? {},
    keepProcessAlive: options.keepProcessAlive ?? false,
  };
}

/** Waits `ms`, or less when woken. */
function idleSleep(ms: number, woken: Promise<void>, keepProcessAlive: boolean) {
  return new Promise<void>((done) => {
    const timer = setTimeout(done, ms);
    if (!keepProcessAlive) timer.unref();
    void woken.then(() => {
      clearTimeout(timer);
      done();
    });
  });
}

/** An error as a log field. */
export function describe(error: unknown) {
  return error instanceof Error ? { message: error.message, stack: error.stack } : String(error);
}
