import { randomUUID } from "node:crypto";
import { hotSql } from "../../lib/hot-sql.server";
import { logger } from "../../logger.server";
import { attemptJob, queueOf } from "./attempt.server";
import { claimStatement } from "./sqlite-claim.server";
import type { AddJob, Job, JobKinds, JobQueue } from "./types";

/**
 * The small runner on SQLite, the one-machine default (docs/decisions/310): one table (Job), claimed by one
 * `UPDATE … RETURNING` (sqlite-claim.server.ts; SQLite serialises writers, so of two processes claiming at once
 * each gets another job), a lease renewed while the job runs and free again when its holder died, and a poll that
 * only asks for the kinds that have a free slot here. Its statements go straight to the SQLite thread (`hotSql`), as the order path's do:
 * every poll of every process runs one, and an idle worker never compiles Prisma's query engine for it
 * (docs/decisions/247, 270). graphile-runner.server.ts is the same contract on PostgreSQL.
 */

export interface SqliteRunnerOptions {
  kinds: JobKinds;
  holder: string;
  /** How long a claimed job is this process's; renewed every third of it while the job runs. */
  leaseMs?: number;
  /** How often due jobs are looked for when nothing woke the runner. */
  pollMs?: number;
}

interface JobRow {
  id: string;
  kind: string;
  key: string | null;
  shop: string | null;
  payload: string;
  runAt: Date | string;
  attempts: number | bigint;
}

/** As the outbox's lease (docs/decisions/240): a killed process's job waits at most this long for another. */
const DEFAULT_LEASE_MS = 30_000;

export class SqliteJobRunner implements JobQueue {
  private readonly running = new Map<string, number>();
  private readonly active = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private pollAgain = false;
  private started = false;
  private readonly log = logger.child({ component: "jobs" });

  constructor(private readonly options: SqliteRunnerOptions) {}

  private get leaseMs() {
    return this.options.leaseMs ?? DEFAULT_LEASE_MS;
  }

  async add(kindName: string, job: AddJob = {}) {
    const kind = this.options.kinds[kindName];
    if (!kind) throw new Error(`no job kind "${kindName}"`);
    const key = job.key ?? null;
    const shop = job.shop ?? null;
    const insert = () =>
      hotSql().executeText(
        `INSERT INTO "Job" ("id", "kind", "key", "shop", "queue", "payload", "runAt", "attempts", "createdAt")
         VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?) ON CONFLICT ("key") DO NOTHING`,
        [
          randomUUID(),
          kindName,
          key,
          shop,
          queueOf(kindName, kind, key, shop),
          JSON.stringify(job.payload ?? {}),
          job.runAt ?? new Date(),
          new Date(),
        ],
      );
    if (!(await insert()) && key) {
      // The key's job is taken only while it waits; a running one gives its key to this add (JobQueue.add).
      await hotSql().executeText(`UPDATE "Job" SET "key" = NULL WHERE "key" = ? AND "lockedUntil" > ?`, [
        key,
        new Date(),
      ]);
      await insert();
    }
    this.wake();
  }

  async removeShopJobs(shop: string) {
    return hotSql().executeText(`DELETE FROM "Job" WHERE "shop" = ? AND "lockedBy" IS NULL`, [shop]);
  }

  async start() {
    if (this.started) return;
    this.started = true;
    for (const [name, kind] of Object.entries(this.options.kinds)) {
      if (kind.everyMs) await this.add(name, { key: `periodic:${name}` });
    }
    this.wake();
  }

  async stop() {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.polling;
    await Promise.all([...this.active]);
  }

  /** Looks for due jobs now (an add in this process, a finished job freeing a slot, the poll). */
  private wake() {
    if (!this.started) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.polling = this.poll()
      .catch((error) =>
        this.log.error({ err: error instanceof Error ? error.message : String(error) }, "job poll failed"),
      )
      .finally(() => {
        this.polling = null;
        if (!this.started) return;
        if (this.pollAgain) {
          this.pollAgain = false;
          this.wake();
        } else {
          this.timer = setTimeout(() => this.wake(), this.options.pollMs ?? 1_000);
          this.timer.unref();
        }
      });
  }

  private freeKinds() {
    return Object.entries(this.options.kinds)
      .filter(([name, kind]) => (this.running.get(name) ?? 0) < kind.concurrency)
      .map(([name]) => name);
  }

  private async poll() {
    for (;;) {
      const free = this.freeKinds();
      if (!free.length || !this.started) return;
      const job = await this.claim(free);
      if (!job) return;
      this.running.set(job.kind, (this.running.get(job.kind) ?? 0) + 1);
      const run = this.run(job).finally(() => {
        this.running.set(job.kind, (this.running.get(job.kind) ?? 1) - 1);
        this.active.delete(run);
        this.wake();
      });
      this.active.add(run);
    }
  }

  /** The next due job of the given kinds: not leased, its queue idle, its shop not paused where the kind says so. */
  private async claim(kinds: string[]): Promise<Job | null> {
    const now = new Date();
    const { text, values } = claimStatement(this.options.kinds, kinds, {
      holder: this.options.holder,
      leaseUntil: new Date(now.getTime() + this.leaseMs),
      now,
    });
    const rows = await hotSql().queryText<JobRow>(text, values);
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      kind: row.kind,
      key: row.key,
      shop: row.shop,
      payload: JSON.parse(row.payload) as Job["payload"],
      attempt: Number(row.attempts),
      runAt: new Date(row.runAt),
    };
  }

  private async run(job: Job) {
    const mine = `"id" = ? AND "lockedBy" = ?`;
    // The lease outlives a slow job only while this process is alive to renew it.
    const renew = setInterval(() => {
      void hotSql()
        .executeText(`UPDATE "Job" SET "lockedUntil" = ? WHERE ${mine}`, [
          new Date(Date.now() + this.leaseMs),
          job.id,
          this.options.holder,
        ])
        .catch((error) => this.log.warn({ err: String(error), jobId: job.id }, "job lease not renewed"));
    }, this.leaseMs / 3);
    renew.unref();
    try {
      const outcome = await attemptJob(this.options.kinds[job.kind], job, () => new Date());
      if (outcome.status === "again") {
        const again = [outcome.runAt, outcome.problem, this.options.kinds[job.kind].everyMs ? 0 : job.attempt];
        // Added again while it ran, its key went to the new job: that job takes this try's schedule (as
        // graphile-worker's replace does), so the key still has one live job.
        const merged = job.key
          ? await hotSql().executeText(
              `UPDATE "Job" SET "runAt" = ?, "lastError" = ?, "attempts" = ?, "payload" = ?
               WHERE "key" = ? AND "id" <> ? AND "lockedBy" IS NULL`,
              [...again, JSON.stringify(job.payload), job.key, job.id],
            )
          : 0;
        await hotSql().executeText(
          merged
            ? `DELETE FROM "Job" WHERE ${mine}`
            : `UPDATE "Job" SET "runAt" = ?, "lockedBy" = NULL, "lockedUntil" = NULL, "lastError" = ?,
                 "attempts" = ? WHERE ${mine}`,
          [...(merged ? [] : again), job.id, this.options.holder],
        );
      } else {
        await hotSql().executeText(`DELETE FROM "Job" WHERE ${mine}`, [job.id, this.options.holder]);
      }
    } catch (error) {
      this.log.error(
        { err: error instanceof Error ? error.message : String(error), jobId: job.id },
        "job not recorded",
      );
    } finally {
      clearInterval(renew);
    }
  }
}
