import { logger } from "../logger.server";
import { hotSql } from "./hot-sql.server";

/**
 * One scheduler for the periodic jobs (retention purge, temporary-file sweep, owed error tags). Every process
 * may run one; a job runs in whichever process first moves its PeriodicJob row's lastRunAt forward once its
 * period has passed, so a fleet runs each job once per period (docs/decisions/081-periodic-jobs-once-per-fleet.md).
 */

export interface PeriodicJob {
  name: string;
  everyMs: number;
  run: (now: Date) => Promise<number>;
}

/**
 * True when this process won the job's run for the period that ends now: one conditional UPDATE, so of many
 * processes asking at the same moment exactly one wins.
 */
export async function claimPeriodicRun(name: string, everyMs: number, now: Date, holder: string) {
  // Every tick of every process runs these: straight to the connection, as the order path's statements go.
  const sql = hotSql();
  await sql.execute`INSERT INTO "PeriodicJob" ("name") VALUES (${name}) ON CONFLICT ("name") DO NOTHING`;
  const due = new Date(now.getTime() - everyMs);
  const won = await sql.execute`
    UPDATE "PeriodicJob" SET "lastRunAt" = ${now}, "holder" = ${holder}
    WHERE "name" = ${name} AND ("lastRunAt" IS NULL OR "lastRunAt" <= ${due})`;
  return won === 1;
}

export interface SchedulerOptions {
  holder: string;
  /** How often the jobs are checked; a job runs at most once per its own period across the fleet. */
  tickMs?: number;
  now?: () => Date;
}

export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private readonly log = logger.child({ component: "scheduler" });

  constructor(
    private readonly jobs: PeriodicJob[],
    private readonly options: SchedulerOptions,
  ) {}

  /** Checks at once (work left by an earlier process), then every tickMs; the timer never holds the process open. */
  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.options.tickMs ?? 5_000);
    this.timer.unref();
    void this.tick();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
  }

  /** Runs every job whose period has passed and that no other process ran meanwhile. Returns the names run. */
  async tick(): Promise<string[]> {
    if (this.ticking) return [];
    const ran: string[] = [];
    const run = async () => {
      for (const job of this.jobs) {
        const now = (this.options.now ?? (() => new Date()))();
        try {
          if (!(await claimPeriodicRun(job.name, job.everyMs, now, this.options.holder))) continue;
          ran.push(job.name);
          const count = await job.run(now);
          if (count) this.log.info({ job: job.name, count }, "periodic job done");
        } catch (error) {
          this.log.error(
            { job: job.name, err: error instanceof Error ? error.message : String(error) },
            "periodic job failed",
          );
        }
      }
    };
    this.ticking = run();
    try {
      await this.ticking;
    } finally {
      this.ticking = null;
    }
    return ran;
  }
}
