import { spawn } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { JobProblem, type JobKind, type JobKinds } from "~/services/jobs/types";
import { onPostgres } from "../../helpers/db";
import { eventually, jobEngine, sleep } from "./engines";

/**
 * The contract every engine of the job mechanism keeps (docs/decisions/310), run on SQLite (the small runner) and
 * on PostgreSQL (graphile-worker) alike.
 */

const engines: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

function started(kinds: JobKinds, holder = "test") {
  const engine = jobEngine(kinds, holder);
  engines.push(engine);
  return engine.queue;
}

interface Run {
  runAt: Date;
  key: string | null;
  shop: string | null;
  payload: Record<string, unknown>;
  attempt: number;
  start: number;
  end: number;
}

function kindRecording(runs: Run[], declared: Partial<JobKind> & { work?: (run: Run) => Promise<void> } = {}): JobKind {
  const { work, ...rest } = declared;
  return {
    retryDelaysMs: [],
    pause: { holds: false, why: "test" },
    concurrency: 4,
    ...rest,
    handler: async () => async (job) => {
      const run: Run = { ...job, start: Date.now(), end: 0 };
      runs.push(run);
      try {
        await work?.(run);
      } finally {
        run.end = Date.now();
      }
    },
  };
}

const overlaps = (runs: Run[]) =>
  runs.some((a, i) => runs.some((b, j) => i !== j && a.start < b.end && b.start < a.end && a.start <= b.start));

describe(`the job mechanism on ${onPostgres() ? "PostgreSQL (graphile-worker)" : "SQLite (the small runner)"}`, () => {
  it("keeps one live job per key: a second add with the key changes nothing", async () => {
    const runs: Run[] = [];
    const queue = started({ tag: kindRecording(runs) });
    const later = new Date(Date.now() + 300);
    await queue.add("tag", { key: "order-1", shop: "a.myshopify.com", payload: { n: 1 }, runAt: later });
    await queue.add("tag", { key: "order-1", shop: "a.myshopify.com", payload: { n: 2 } });
    await queue.add("tag", { key: "order-2", shop: "a.myshopify.com", payload: { n: 3 } });
    await queue.start();
    await eventually(
      () => runs.length,
      (n) => n >= 2,
    );
    await sleep(600);
    expect(runs.map((run) => [run.key, run.payload.n]).sort()).toEqual([
      ["order-1", 1],
      ["order-2", 3],
    ]);
    expect(runs.find((run) => run.key === "order-1")!.start).toBeGreaterThanOrEqual(later.getTime() - 50);
  });

  // The running job may have read the world before what the add is about (a status stored during its order's
  // apply): the add is never dropped, it runs once more after the running one, one at a time per key.
  it("runs a job added while a job of its key runs, once more, after the running one", async () => {
    const runs: Run[] = [];
    let finish: () => void = () => {};
    const firstRun = new Promise<void>((resolve) => (finish = resolve));
    const queue = started({
      apply: kindRecording(runs, { oneAtATime: "key", work: (run) => (run.payload.n === 1 ? firstRun : sleep(0)) }),
    });
    await queue.start();
    await queue.add("apply", { key: "parcel-1", shop: "a.myshopify.com", payload: { n: 1 } });
    await eventually(
      () => runs.length,
      (n) => n === 1,
    );
    await queue.add("apply", { key: "parcel-1", shop: "a.myshopify.com", payload: { n: 2 } });
    await queue.add("apply", { key: "parcel-1", shop: "a.myshopify.com", payload: { n: 3 } });
    await sleep(300);
    expect(runs).toHaveLength(1);
    finish();
    await eventually(
      () => runs.filter((run) => run.end).length,
      (n) => n === 2,
    );
    await sleep(500);
    // One run for the two adds made while it ran (the second found the new job waiting), after the first ended.
    expect(runs.map((run) => run.payload.n)).toEqual([1, 2]);
    expect(runs[1].start).toBeGreaterThanOrEqual(runs[0].end);
    // The key is one live job again: an add now is a job of its own, after the last.
    await queue.add("apply", { key: "parcel-1", shop: "a.myshopify.com", payload: { n: 4 } });
    await eventually(
      () => runs.map((run) => run.payload.n),
      (ns) => ns.length === 3 && ns[2] === 4,
    );
  });

  it("tries a job that fails while added again once more on its schedule, as the one live job of its key", async () => {
    const runs: Run[] = [];
    let fail: () => void = () => {};
    const failing = new Promise<void>((resolve) => (fail = resolve));
    const queue = started({
      apply: kindRecording(runs, {
        oneAtATime: "key",
        retryDelaysMs: [400],
        work: async (run) => {
          if (run.attempt > 1) return;
          await failing;
          throw new JobProblem("down", true);
        },
      }),
    });
    await queue.start();
    await queue.add("apply", { key: "parcel-1", payload: { n: 1 } });
    await eventually(
      () => runs.length,
      (n) => n === 1,
    );
    await queue.add("apply", { key: "parcel-1", payload: { n: 1 } });
    fail();
    await eventually(
      () => runs.length,
      (n) => n === 2,
    );
    await sleep(800);
    // The added job took the retry: one more run, on the schedule, counted as the second try.
    expect(runs.map((run) => run.attempt)).toEqual([1, 2]);
    expect(runs[1].start - runs[0].end).toBeGreaterThanOrEqual(400 - 30);
  });

  it("tries a failing job again on its kind's schedule, then gives it up; a refusal is not tried again", async () => {
    const runs: Run[] = [];
    const queue = started({
      flaky: kindRecording(runs, {
        retryDelaysMs: [400, 800],
        work: async (run) => {
          throw new JobProblem(`down (${run.payload.name as string})`, run.payload.name !== "refused");
        },
      }),
    });
    await queue.start();
    await queue.add("flaky", { key: "a", payload: { name: "down" } });
    await queue.add("flaky", { key: "b", payload: { name: "refused" } });
    await eventually(
      () => runs.filter((run) => run.key === "a").length,
      (n) => n === 3,
    );
    await sleep(1_200);
    const tries = runs.filter((run) => run.key === "a");
    expect(tries.map((run) => run.attempt)).toEqual([1, 2, 3]);
    expect(tries[1].start - tries[0].start).toBeGreaterThanOrEqual(400 - 30);
    expect(tries[2].start - tries[1].start).toBeGreaterThanOrEqual(800 - 30);
    expect(runs.filter((run) => run.key === "b").map((run) => run.attempt)).toEqual([1]);
    // Given up: the key is free again.
    await queue.add("flaky", { key: "a", payload: { name: "down" } });
    await eventually(
      () => runs.filter((run) => run.key === "a").length,
      (n) => n === 4,
    );
  });

  it("holds a paused shop's jobs of a kind the pause holds, and only those, until the resume", async () => {
    const runs: Run[] = [];
    const queue = started({
      held: kindRecording(runs, { pause: { holds: true, why: "test" } }),
      free: kindRecording(runs, { pause: { holds: false, why: "test" } }),
    });
    await prisma.automationPause.create({ data: { shop: "paused.myshopify.com" } });
    await queue.start();
    await queue.add("held", { key: "h1", shop: "paused.myshopify.com" });
    await queue.add("held", { key: "h2", shop: "open.myshopify.com" });
    await queue.add("free", { key: "f1", shop: "paused.myshopify.com" });
    await eventually(
      () => runs.length,
      (n) => n >= 2,
    );
    await sleep(1_500);
    expect(runs.map((run) => run.key).sort()).toEqual(["f1", "h2"]);
    await prisma.automationPause.delete({ where: { shop: "paused.myshopify.com" } });
    await eventually(
      () => runs.map((run) => run.key),
      (keys) => keys.includes("h1"),
      5_000,
    );
  });

  it("runs one shop's jobs one at a time when the kind says so, beside other shops' jobs", async () => {
    const runs: Run[] = [];
    const queue = started({
      hold: kindRecording(runs, { oneAtATime: "shop", work: () => sleep(250) }),
    });
    for (const n of [1, 2, 3]) await queue.add("hold", { key: `a${n}`, shop: "a.myshopify.com" });
    await queue.add("hold", { key: "b1", shop: "b.myshopify.com" });
    await queue.start();
    await eventually(
      () => runs.filter((run) => run.end).length,
      (n) => n === 4,
    );
    const shopA = runs.filter((run) => run.shop === "a.myshopify.com");
    expect(overlaps(shopA)).toBe(false);
    expect(overlaps(runs)).toBe(true);
  });

  it("runs a periodic job once per period across two runners, never two runs at once", async () => {
    const runs: Run[] = [];
    const kinds = { tick: kindRecording(runs, { everyMs: 600, concurrency: 2, work: () => sleep(100) }) };
    const first = started(kinds, "first");
    const second = started(kinds, "second");
    await Promise.all([first.start(), second.start()]);
    await sleep(2_000);
    await Promise.all([first.stop(), second.stop()]);
    // Due at once, then every 600 ms: 4 runs in 2 s at most, whatever the number of runners.
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs.length).toBeLessThanOrEqual(4);
    expect(overlaps(runs)).toBe(false);
    // Each run is due one period after the one before, and none starts before it is due (a clock's ms apart).
    for (let i = 1; i < runs.length; i++) {
      expect(runs[i].runAt.getTime() - runs[i - 1].runAt.getTime()).toBeGreaterThanOrEqual(600);
      expect(runs[i].start).toBeGreaterThanOrEqual(runs[i].runAt.getTime() - 5);
    }
  });

  // A sweep or a stock sync may run for a minute. The test does not wait a minute: what a minute stresses is scaled
  // down. The long job stays running for 6 s, past its lease: six of the SQLite runner's leases (1 s here, 30 s in
  // the app), which it keeps only by renewing, and past the 5 s after which graphile-worker's reaper looks at
  // whether a locked job's holder is alive (docs/decisions/311). A second runner polls for it all along.
  it("keeps the hold job's 300 ms cadence while a periodic job runs for a minute, past its lease, and no second runner takes it", async () => {
    const slow: Run[] = [];
    const holds: Run[] = [];
    let finish: () => void = () => {};
    const longRunning = new Promise<void>((resolve) => (finish = resolve));
    const kinds = {
      // Stands for a minute-long sweep: it ends only when the test lets it.
      "order-sweep": kindRecording(slow, { everyMs: 60_000, concurrency: 1, work: () => longRunning }),
      "fulfilment-tasks": kindRecording(holds, { everyMs: 300, concurrency: 1 }),
    };
    const leaseMs = 1_000;
    const first = jobEngine(kinds, "first", { leaseMs });
    const second = jobEngine(kinds, "second", { leaseMs });
    engines.push(first, second);
    await first.queue.start();
    await second.queue.start();
    await eventually(
      () => slow.length,
      (n) => n === 1,
    );
    const since = Date.now();
    await sleep(60_000);
    const during = holds.filter((run) => run.start >= since && run.start < since + 60_000);
    // Still running, and started once: neither runner took it again when its first lease ran out.
    expect(slow[0].end).toBe(0);
    expect(slow).toHaveLength(1);
    finish();
    // A minute at one run per 300 ms: 200, give or take the poll.
    expect(during.length).toBeGreaterThanOrEqual(160);
  }, 90_000);

  it("gives a job whose process was killed (kill -9) to another process once its lease is over", async () => {
    const runs: Run[] = [];
    const queue = started({ stuck: kindRecording(runs) });
    const child = spawn(process.execPath, ["--import", "tsx", path.resolve("tests/services/jobs/hanging-runner.ts")], {
      env: process.env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const claimed = new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("claimed") && resolve());
      child.on("exit", (code) => reject(new Error(`the hanging runner exited (${code})`)));
    });
    await claimed;
    child.kill("SIGKILL");
    await queue.start();
    const run = await eventually(() => runs[0], Boolean, 12_000);
    expect(run).toMatchObject({ key: "stuck-1", attempt: 2 });
  }, 20_000);

  it("removes a shop's jobs with the shop", async () => {
    const runs: Run[] = [];
    const queue = started({ tag: kindRecording(runs) });
    await queue.add("tag", { key: "gone", shop: "gone.myshopify.com" });
    await queue.add("tag", { key: "kept", shop: "kept.myshopify.com" });
    expect(await queue.removeShopJobs("gone.myshopify.com")).toBe(1);
    await queue.start();
    await eventually(
      () => runs.length,
      (n) => n === 1,
    );
    await sleep(300);
    expect(runs.map((run) => run.key)).toEqual(["kept"]);
  });
});
