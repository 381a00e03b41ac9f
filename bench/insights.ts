/**
 * `npm run bench -- --insights [--outcomes] [--rows 1000000] [--repeats 20] [--engine sqlite|postgresql]`: the insights and the
 * log's queries at scale, on SQLite and (when PostgreSQL is installed, or TEST_POSTGRES_URL names a server) on
 * PostgreSQL, each in a process of its own. Each seeds a throwaway store (the app's migrations) with `rows`
 * deliveries: half of them one busy shop's last 30 days (the worst case for its queries), the rest 1,000 per other
 * shop, every one with a buyer's search key; then times, for the busy shop, the 7- and 30-day insights, the log's
 * first page (the loader's three reads), three searches (a surname typed without its accent, a full name in
 * another case, a phone as typed) and a search that finds nothing, and prints p50/p95 of each and the statements'
 * plans. `--outcomes` gives every order a journey and its projection (bench/lib/outcomes-seed.ts), times the outcomes'
 * page reads (7 and 30 days) and the projection job's rate on a sample of re-marked orders.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { findPostgresBin } from "../scripts/lib/postgres-cluster";
import { preparePostgres, ROOT } from "../sandbox/stack";
import { freshBenchDatabase, option } from "./lib/setup";
import { BUSY_SHOP, PHONE_OF, seedDeliveries } from "./lib/insights-seed";
import { seedOutcomes } from "./lib/outcomes-seed";

type Engine = "sqlite" | "postgresql";

export async function runInsightsBench(argv: string[]) {
  const engineIndex = argv.indexOf("--engine");
  const only = engineIndex >= 0 ? (argv[engineIndex + 1] as Engine) : undefined;
  if (process.env.INSIGHTS_BENCH_DATABASE_URL) return measure(argv, process.env.INSIGHTS_BENCH_DATABASE_URL);
  const engines: Engine[] = only ? [only] : ["sqlite", "postgresql"];
  let failed = false;
  for (const engine of engines) {
    let url: string;
    let stop = () => {};
    if (engine === "sqlite") {
      url = `file:${freshBenchDatabase("insights")}`;
    } else if (process.env.TEST_POSTGRES_URL) {
      url = process.env.TEST_POSTGRES_URL;
    } else if (findPostgresBin()) {
      const cluster = await preparePostgres();
      url = cluster.databaseUrl;
      stop = cluster.stop;
    } else {
      console.warn("\n!! SKIPPED PostgreSQL: not installed and TEST_POSTGRES_URL not set\n");
      continue;
    }
    try {
      // A process per engine: the app's modules read the store's URL once.
      const child = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "bench/run.ts"), ...argv], {
        cwd: ROOT,
        stdio: "inherit",
        env: { ...process.env, INSIGHTS_BENCH_DATABASE_URL: url },
      });
      if (child.status !== 0) failed = true;
    } finally {
      stop();
    }
  }
  if (failed) process.exit(1);
}

function percentile(sorted: number[], p: number) {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] * 10) / 10;
}

async function measure(argv: string[], url: string) {
  const rows = option(argv, "rows", 1_000_000);
  const repeats = option(argv, "repeats", 20);
  const engine: Engine = url.startsWith("file:") ? "sqlite" : "postgresql";
  // The app's modules read their configuration on first use; the values only need to be valid.
  Object.assign(process.env, {
    DATABASE_URL: url,
    PLATFORM_API_KEY: "bench",
    PLATFORM_API_SECRET: "bench-secret",
    PLATFORM_APP_URL: "https://bench.invalid",
    ENCRYPTION_KEY: "0".repeat(64),
    AUTOMATION_API_URL: "https://automation.invalid",
    SUPPLIER_API_URL: "https://supplier.invalid",
    SUPPLIER_ORIGIN: "https://supplier.invalid",
    SUPPLIER_IMAGE_BASE_URL: "https://supplier.invalid",
    LOG_LEVEL: "silent",
    NODE_ENV: "production",
  });
  const { default: prisma } = await import("../app/db.server");
  const { deliveryInsights } = await import("../app/services/deliveries/insights.server");
  const { searchDeliveries, countRetryableFailed, automationState } =
    await import("../app/services/deliveries/operations.server");
  const { listDeliveries } = await import("../app/services/deliveries/queries.server");
  const { foldInsightCountChanges } = await import("../app/services/deliveries/insight-counts.server");
  const { outcomeInsights } = await import("../app/services/outcomes/insights.server");
  const outcomes = argv.includes("--outcomes");

  const now = new Date();
  const seedStart = performance.now();
  const phases: string[] = [];
  const phase = async (name: string, step: () => Promise<unknown>) => {
    const start = performance.now();
    await step();
    phases.push(`${name} ${((performance.now() - start) / 1000).toFixed(1)} s`);
  };
  // SQLite's default page cache (2 MB) makes a million rows' inserts into a dozen indexes of random keys go to the
  // disk for every row; the seed gets a large cache, the timed reads the app's default again.
  if (engine === "sqlite") await prisma.$executeRawUnsafe("PRAGMA cache_size = -1000000");
  await phase("deliveries", () => seedDeliveries(prisma, engine, rows, now));
  // The shop's own day (docs/decisions/200): the busy shop is in Bogotá, as most of the app's merchants.
  await prisma.shopTimeZone.create({ data: { shop: BUSY_SHOP, timeZone: "America/Bogota", fetchedAt: now } });
  // The deliveries' count changes, folded as the periodic job does once a minute (docs/decisions/201).
  await phase("insight counts", () => foldInsightCountChanges());
  if (outcomes) await phase("outcomes", () => seedOutcomes(prisma, engine));
  await phase("analyze", async () => {
    await prisma.$executeRawUnsafe(engine === "sqlite" ? "ANALYZE" : 'VACUUM ANALYZE "Delivery"');
    await prisma.$executeRawUnsafe(engine === "sqlite" ? "ANALYZE" : 'ANALYZE "InsightCount"');
    if (outcomes && engine === "postgresql") await prisma.$executeRawUnsafe('VACUUM ANALYZE "OutcomeCount"');
  });
  if (engine === "sqlite") await prisma.$executeRawUnsafe("PRAGMA cache_size = -2000");
  const seedSeconds = (performance.now() - seedStart) / 1000;
  console.log(`\nseed: ${phases.join(", ")}`);
  const total = await prisma.delivery.count();
  const shopTotal = await prisma.delivery.count({ where: { shop: BUSY_SHOP } });

  const search = (q: string) => searchDeliveries(BUSY_SHOP, { q, page: 1, pageSize: 25 });
  const phone = PHONE_OF(12_345);
  const outcomeQueries: [string, () => Promise<string>][] = outcomes
    ? [7, 30].map((days) => [
        `outcomes, ${days} days`,
        async () => `${(await outcomeInsights(BUSY_SHOP, { days }, now)).totals.orders} orders`,
      ])
    : [];
  const queries: [string, () => Promise<string>][] = [
    ...outcomeQueries,
    ["insights, 7 days", async () => `${(await deliveryInsights(BUSY_SHOP, 7, now)).orderToTrigger.count} orders`],
    ["insights, 30 days", async () => `${(await deliveryInsights(BUSY_SHOP, 30, now)).orderToTrigger.count} orders`],
    [
      "log, first page",
      async () => {
        const [list] = await Promise.all([
          listDeliveries(BUSY_SHOP, { page: 1, pageSize: 25 }),
          countRetryableFailed(BUSY_SHOP),
          automationState(BUSY_SHOP),
        ]);
        return `${list.total} in the log`;
      },
    ],
    ['search "ramirez"', async () => `${(await search("ramirez")).total} found`],
    ['search "Andres Lopez"', async () => `${(await search("Andres LÓPEZ")).total} found`],
    [`search "${phone}"`, async () => `${(await search(phone)).total} found`],
    ['search "zzyzx" (no match)', async () => `${(await search("zzyzx")).total} found`],
  ];
  const results = [];
  for (const [name, run] of queries) {
    await run(); // warm the page cache once
    const runs: number[] = [];
    // This process's CPU per run (on SQLite the store's work too): what the read costs whatever the machine's load.
    const cpu: number[] = [];
    let found = "";
    for (let i = 0; i < repeats; i++) {
      const start = performance.now();
      const startCpu = process.cpuUsage();
      found = await run();
      runs.push(performance.now() - start);
      const used = process.cpuUsage(startCpu);
      cpu.push((used.user + used.system) / 1000);
    }
    runs.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    results.push({
      name,
      cpuP50Ms: percentile(cpu, 0.5),
      p50Ms: percentile(runs, 0.5),
      p95Ms: percentile(runs, 0.95),
      p99Ms: percentile(runs, 0.99),
      found,
    });
  }

  console.log(
    `\n${engine}: ${total.toLocaleString("en-US")} deliveries, ${shopTotal.toLocaleString("en-US")} of them the busy shop's (seeded in ${seedSeconds.toFixed(1)} s), ${repeats} runs each\n`,
  );
  for (const r of results) {
    console.log(
      `  ${r.name.padEnd(32)} p50 ${String(r.p50Ms).padStart(7)} ms  p95 ${String(r.p95Ms).padStart(7)} ms  p99 ${String(r.p99Ms).padStart(7)} ms  cpu p50 ${String(r.cpuP50Ms).padStart(6)} ms  (${r.found})`,
    );
  }
  if (outcomes) console.log(`  ${await projectionRate(prisma)}`);
  console.log(`\n${JSON.stringify({ engine, rows: total, shopRows: shopTotal, seedSeconds, repeats, results })}`);
  await prisma.$disconnect();
}

/** The projection job's rate: a sample of the busy shop's orders re-marked (their flow changed), then projected. */
async function projectionRate(prisma: import("@prisma/client").PrismaClient) {
  const { projectOutcomes } = await import("../app/services/outcomes/project.server");
  const sample = 5000;
  const ids = await prisma.delivery.findMany({ where: { shop: BUSY_SHOP }, select: { id: true }, take: sample });
  for (let i = 0; i < ids.length; i += 500) {
    const batch = ids.slice(i, i + 500).map((row) => row.id);
    await prisma.delivery.updateMany({ where: { id: { in: batch } }, data: { flowId: "f_303" } });
  }
  const start = performance.now();
  const projected = await projectOutcomes();
  const seconds = (performance.now() - start) / 1000;
  return `projection: ${projected} re-marked orders in ${seconds.toFixed(1)} s (${Math.round(projected / seconds)} orders/s)`;
}
