import { logger } from "../../logger.server";
import { JobProblem, type Job, type JobHandler, type JobKind } from "./types";

/**
 * One try of one job, the same on both engines: what the engine does with the job afterwards. A periodic job is
 * due again one period after it was due (or now, when the fleet was down longer); a failed one is due again on its
 * kind's retry schedule, or given up.
 */
export type AttemptOutcome =
  | { status: "done" }
  | { status: "again"; runAt: Date; problem: string | null }
  | { status: "given_up"; problem: string };

const handlers = new WeakMap<JobKind, Promise<JobHandler>>();

function handlerOf(kind: JobKind) {
  let handler = handlers.get(kind);
  if (!handler) handlers.set(kind, (handler = kind.handler()));
  return handler;
}

/** The wait after failed try `attempt`, or null when the problem is not worth a retry or the schedule is spent. */
export function retryDelayMs(kind: JobKind, attempt: number, retryable = true): number | null {
  if (!retryable) return null;
  return kind.retryDelaysMs[attempt - 1] ?? null;
}

export async function attemptJob(kind: JobKind, job: Job, now: () => Date): Promise<AttemptOutcome> {
  const log = logger.child({ component: "jobs", kind: job.kind, jobId: job.id, shop: job.shop ?? undefined });
  let problem: JobProblem | null = null;
  try {
    await (
      await handlerOf(kind)
    )(job, now);
  } catch (error) {
    problem =
      error instanceof JobProblem
        ? error
        : new JobProblem(error instanceof Error ? error.message : String(error), true);
  }
  if (kind.everyMs) {
    if (problem) log.error({ problem: problem.message }, "periodic job failed");
    const next = Math.max(job.runAt.getTime() + kind.everyMs, now().getTime());
    return { status: "again", runAt: new Date(next), problem: problem?.message ?? null };
  }
  if (!problem) return { status: "done" };
  const delay = retryDelayMs(kind, job.attempt, problem.retryable);
  if (delay === null) {
    log.error({ problem: problem.message, attempt: job.attempt }, "job given up");
    return { status: "given_up", problem: problem.message };
  }
  log.warn({ problem: problem.message, attempt: job.attempt }, "job failed; tried again later");
  return { status: "again", runAt: new Date(now().getTime() + delay), problem: problem.message };
}

/** The queue a job waits in when its kind runs one at a time (null: it runs beside any other). */
export function queueOf(kindName: string, kind: JobKind, key: string | null, shop: string | null): string | null {
  if (kind.everyMs || kind.oneAtATime === "kind") return kindName;
  if (kind.oneAtATime === "key" && key) return `${kindName}:${key}`;
  if (kind.oneAtATime === "shop" && shop) return `${kindName}:${shop}`;
  return null;
}
