import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
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
      ["order-fingerprint-backlog", 60_000],
      ["insight-counts", 60_000],
      ["fulfilment-tasks", 10_000],
      ["no-answer-timeouts", 60_000],
    ]);
  });
});
