/**
 * `npx tsx bench/jobs.ts [--postgres] [--count 2000] [--blocked 2000]`: what one job costs on the job mechanism
 * (docs/decisions/310): N jobs added one by one (each its own statement, as the app adds them), then run to the
 * end by one runner with a handler that does nothing. Prints the add and run times per job and the process CPU per
 * job. SQLite: the small runner on a fresh file; PostgreSQL: graphile-worker on a throwaway cluster.
 * `--blocked B`: first B jobs of another kind, due before them, whose kind is at its concurrency all along (its one
 * slot holds a job until the N have run): a burst's backlog the runner must claim past (docs/decisions/347).
 * A benchmark: it reports and never fails on time.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { prepareDatabase, preparePostgres, ROOT } from "../sandbox/stack";
import { TEST_ENV } from "../tests/helpers/test-env";

const argv = process.argv.slice(2);
const value = (name: string) => {
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? argv[index + 1] : undefined;
};

if (process.env.JOBS_BENCH_CHILD) {
  const count = Number(process.env.JOBS_BENCH_COUNT);
  const blocked = Number(process.env.JOBS_BENCH_BLOCKED ?? 0);
  const { GraphileJobRunner } = await import("../app/services/jobs/graphile-runner.server");
  const { SqliteJobRunner } = await import("../app/services/jobs/sqlite-runner.server");
  const { postgresConnection } = await import("../app/db.server");
  let done = 0;
  let finished: () => void = () => {};
  const all = new Promise<void>((resolve) => (finished = resolve));
  const kinds = {
    noop: {
      retryDelaysMs: [],
      pause: { holds: true, why: "measured as the fulfilment tasks are: a pause holds it" },
      concurrency: 4,
      handler: async () => async () => {
        if (++done === count) finished();
      },
    },
    blocked: {
      retryDelaysMs: [],
      pause: { holds: false, why: "not measured: it only keeps its one slot taken" },
      concurrency: 1,
      handler: async () => () => all,
    },
  };
  const pool = postgresConnection();
  const queue = pool
    ? new GraphileJobRunner({ kinds, pool })
    : new SqliteJobRunner({ kinds, holder: "bench", pollMs: 1_000 });
  // The first add migrates graphile-worker's schema: not counted.
  await queue.add("noop", { key: "warm-up", runAt: new Date(Date.now() + 3_600_000) });
  const earlier = new Date(Date.now() - 60_000);
  for (let index = 0; index < blocked; index++) {
    await queue.add("blocked", { key: `blocked-${index}`, shop: "blocked.myshopify.com", runAt: earlier });
  }
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let index = 0; index < count; index++) {
    await queue.add("noop", { key: `job-${index}`, shop: `shop-${index % 20}.myshopify.com`, payload: { index } });
  }
  const cpu1 = process.cpuUsage(cpu0);
  const t1 = performance.now();
  await queue.start();
  await all;
  const t2 = performance.now();
  const cpu2 = process.cpuUsage(cpu0);
  await queue.stop();
  const ms = (micros: { user: number; system: number }) => (micros.user + micros.system) / 1000;
  const result = {
    engine: pool ? "postgresql (graphile-worker 0.18)" : "sqlite (small runner)",
    count,
    blocked,
    addMsPerJob: +((t1 - t0) / count).toFixed(3),
    addCpuMsPerJob: +(ms(cpu1) / count).toFixed(3),
    runMsPerJob: +((t2 - t1) / count).toFixed(3),
    runCpuMsPerJob: +((ms(cpu2) - ms(cpu1)) / count).toFixed(3),
  };
  console.log(JSON.stringify(result));
  await pool?.end();
  process.exit(0);
}

const count = Number(value("count") ?? 2000);
const dir = path.join(ROOT, "tmp", "bench-jobs");
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const postgres = argv.includes("--postgres") ? await preparePostgres({ durable: false }) : null;
const databaseFile = path.join(dir, "jobs.sqlite");
if (!postgres) prepareDatabase(databaseFile);
try {
  const result = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "bench/jobs.ts")], {
    cwd: ROOT,
    stdio: "inherit",
    env: {
      ...process.env,
      // The app's required settings; nothing here calls an outside system.
      ...TEST_ENV,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      JOBS_BENCH_CHILD: "1",
      JOBS_BENCH_COUNT: String(count),
      JOBS_BENCH_BLOCKED: String(Number(value("blocked") ?? 0)),
      DATABASE_URL: postgres?.databaseUrl ?? `file:${databaseFile}`,
    },
  });
  process.exitCode = result.status ?? 1;
} finally {
  postgres?.stop();
}
