import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { hotSql } from "~/lib/hot-sql.server";
import { claimPeriodicRun, Scheduler } from "~/lib/scheduler.server";
import { PERIODIC_JOBS } from "~/bootstrap.server";

const T0 = new Date("2026-11-22T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

describe("periodic jobs across a fleet", () => {
  it("lets exactly one of many processes run a job per period", async () => {
    const wins = await Promise.all(
      Array.from({ length: 6 }, (_, i) => claimPeriodicRun("purge", 60_000, T0, `process-${i}`)),
    );
    expect(wins.filter(Boolean)).toHaveLength(1);
    expect(await claimPeriodicRun("purge", 60_000, at(59_999), "late")).toBe(false);
    expect(await claimPeriodicRun("purge", 60_000, at(60_000), "next")).toBe(true);
    expect(await prisma.periodicJob.findUniqueOrThrow({ where: { name: "purge" } })).toMatchObject({
      lastRunAt: at(60_000),
      holder: "next",
    });
  });

  it("runs each job once when two schedulers tick at the same moment, then again after its period", async () => {
    const runs: string[] = [];
    const now = { value: T0 };
    const jobs = [
      { name: "fast", everyMs: 1_000, run: async () => (runs.push("fast"), 1) },
      { name: "slow", everyMs: 3_600_000, run: async () => (runs.push("slow"), 0) },
    ];
    const a = new Scheduler(jobs, { holder: "a", now: () => now.value });
    const b = new Scheduler(jobs, { holder: "b", now: () => now.value });
    const [ranA, ranB] = await Promise.all([a.tick(), b.tick()]);
    expect([...ranA, ...ranB].sort()).toEqual(["fast", "slow"]);
    now.value = at(1_000);
    await Promise.all([a.tick(), b.tick()]);
    expect(runs.sort()).toEqual(["fast", "fast", "slow"]);
  });

  it("claims the period of a job whose table is empty without running it, and runs it once a row is there", async () => {
    const runs: Date[] = [];
    const job = {
      name: "theme-sweep",
      everyMs: 1_000,
      run: async (now: Date) => (runs.push(now), 0),
      worksFrom: "TemporaryThemeFile",
    };
    const scheduler = new Scheduler([job], { holder: "a", now: () => T0 });
    expect(await scheduler.tick()).toEqual(["theme-sweep"]);
    expect(runs).toEqual([]);
    expect(await prisma.periodicJob.findUniqueOrThrow({ where: { name: "theme-sweep" } })).toMatchObject({
      lastRunAt: T0,
      holder: "a",
    });
    await prisma.temporaryThemeFile.create({
      data: { id: "f1", shop: "s.myshopify.com", data: Buffer.from("x"), size: 1, expiresAt: T0, deleteAfter: T0 },
    });
    const later = new Scheduler([job], { holder: "b", now: () => at(1_000) });
    expect(await later.tick()).toEqual(["theme-sweep"]);
    expect(runs).toEqual([at(1_000)]);
  });

  it("runs none of the periodic jobs on an empty store: an idle process leaves Prisma's client unused", async () => {
    const runs: string[] = [];
    const recorded = PERIODIC_JOBS.map((job) => ({ ...job, run: async () => (runs.push(job.name), 0) }));
    expect(await new Scheduler(recorded, { holder: "idle", now: () => T0 }).tick()).toHaveLength(PERIODIC_JOBS.length);
    expect(runs).toEqual([]);
  });

  it("names an existing table for every periodic job", async () => {
    for (const job of PERIODIC_JOBS) {
      expect(job.worksFrom).toBeTypeOf("string");
      await expect(hotSql().queryText(`SELECT COUNT(*) AS "n" FROM "${job.worksFrom}"`, [])).resolves.toHaveLength(1);
    }
  });

  it("schedules each periodic job with its period", () => {
    expect(PERIODIC_JOBS.map((job) => [job.name, job.everyMs])).toEqual([
      ["retention-purge", 3_600_000],
      ["temporary-theme-files", 60_000],
      ["error-tags", 60_000],
      ["unattended-loop-tests", 60_000],
      ["stock-sync", 300_000],
      ["stock-history-purge", 86_400_000],
      ["order-sweep", 900_000],
      ["order-fingerprints", 3_600_000],
      ["insight-counts", 60_000],
      ["fulfilment-tasks", 10_000],
      ["no-answer-timeouts", 60_000],
    ]);
  });
});
