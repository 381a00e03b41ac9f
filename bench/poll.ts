/**
 * `npm run bench -- --poll [--parcels 10000] [--days 2] [--drop 0.1] [--engine sqlite|postgresql]`: supplier
 * polling (docs/decisions/304) for a shop with `parcels` parcels a day on a simulated clock. The shop starts at
 * steady state (six days of parcels, each 2-6 days through eight statuses, the open ones on schedule: no backlog),
 * then for `days` simulated days, each minute: the statuses of that minute are pushed (a `drop` share never is:
 * only polling can find those), the real poll job runs once (`pollSupplierOrders`, the job's body, with the
 * simulated time), and the `journey-apply` jobs its answers added run (the tests' runner of due jobs). The marketplace is msw in this process, behind the supplier simulator's own limiter
 * (sandbox/supplier/rate-limit.ts: 60 a minute, then 429 and a lockout) on the simulated clock.
 *
 * Pushes are applied to the order's row directly (stage, time of the last move), which is all the planner reads:
 * the push receiver's cost is another bench's. Prints calls per hour against the limit, lockouts, how long a
 * dropped push took to be found, and the open orders overdue at the end (the backlog).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { findPostgresBin } from "../scripts/lib/postgres-cluster";
import { preparePostgres, ROOT } from "../sandbox/stack";
import { createRateLimiter } from "../sandbox/supplier/rate-limit";
import { DAY_MS, generateParcels, orderAnswer, PARCEL_STATUSES, percentile, reached, type Parcel } from "./lib/parcels";
import { freshBenchDatabase, option } from "./lib/setup";

const SHOP = "bench-poll.myshopify.com";
const TOKEN = "bench-poll-supplier-token";
const SUPPLIER = "https://supplier.invalid";
const T0 = Date.parse("2026-11-28T00:00:00Z");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export async function runPollBench(argv: string[]) {
  if (process.env.POLL_BENCH_DATABASE_URL) return measure(argv, process.env.POLL_BENCH_DATABASE_URL);
  const engineIndex = argv.indexOf("--engine");
  const engines = engineIndex >= 0 ? [argv[engineIndex + 1]] : ["sqlite", "postgresql"];
  let failed = false;
  for (const engine of engines) {
    let url: string;
    let stop = () => {};
    if (engine === "sqlite") url = `file:${freshBenchDatabase("poll")}`;
    else if (process.env.TEST_POSTGRES_URL) url = process.env.TEST_POSTGRES_URL;
    else if (findPostgresBin()) {
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
        env: { ...process.env, POLL_BENCH_DATABASE_URL: url },
      });
      if (child.status !== 0) failed = true;
    } finally {
      stop();
    }
  }
  if (failed) process.exit(1);
}

async function measure(argv: string[], url: string) {
  const perDay = option(argv, "parcels", 10_000);
  const days = option(argv, "days", 2);
  const dropRate = option(argv, "drop", 0.1);
  const end = T0 + days * DAY_MS;
  Object.assign(process.env, {
    DATABASE_URL: url,
    PLATFORM_API_KEY: "bench",
    PLATFORM_API_SECRET: "bench-secret",
    PLATFORM_APP_URL: "https://bench.invalid",
    ENCRYPTION_KEY: "0".repeat(64),
    AUTOMATION_API_URL: "https://automation.invalid",
    SUPPLIER_API_URL: SUPPLIER,
    SUPPLIER_ORIGIN: SUPPLIER,
    SUPPLIER_IMAGE_BASE_URL: SUPPLIER,
    SCOPES: "read_orders,write_orders",
    LOG_LEVEL: "silent",
    NODE_ENV: "development",
  });
  const { http, HttpResponse } = await import("msw");
  const { setupServer } = await import("msw/node");
  const { default: prisma } = await import("../app/db.server");
  const { env } = await import("../app/env.server");
  const { saveShopSettings } = await import("../app/services/shops/configuration.server");
  const { pollSupplierOrders } = await import("../app/services/journey/poll.server");
  const { pollDueAt, pollIntervalMs } = await import("../app/services/journey/poll-schedule");
  const { DEFAULT_CARRIER_PACE } = await import("../app/lib/carrier-pace");
  const { runDueJobs } = await import("../tests/services/jobs/run-due");
  const { normaliseStatus, FINAL_STAGES } = await import("../app/services/journey/stages");

  // The marketplace: the supplier simulator's limiter on the simulated clock, the parcels' histories so far.
  let simNow = T0;
  const limiter = createRateLimiter({}, () => simNow);
  const parcels = generateParcels({ perDay, from: T0 - 6 * DAY_MS, to: end, dropRate });
  const byId = new Map(parcels.map((parcel) => [parcel.id, parcel]));
  const answered: { id: string; at: number }[] = [];
  const server = setupServer(
    http.get(`${SUPPLIER}/orders/myorders/:id`, ({ request, params }) => {
      const decision = limiter.take(request.headers.get("supplier-integration-key") ?? "");
      if (!decision.allowed)
        return HttpResponse.json(
          { message: "Too Many Attempts." },
          { status: 429, headers: { "Retry-After": String(decision.retryAfterS) } },
        );
      const parcel = byId.get(String(params.id));
      if (!parcel || parcel.createdAt > simNow)
        return HttpResponse.json({ isSuccess: false, status: 404, message: "Orden no encontrada" }, { status: 404 });
      answered.push({ id: parcel.id, at: simNow });
      return HttpResponse.json(orderAnswer(parcel, simNow));
    }),
  );
  server.listen({ onUnhandledRequest: "error" });

  await saveShopSettings(SHOP, { supplierToken: TOKEN });
  const row = (parcel: Parcel, at: number, nextPollAt: Date | null) => {
    const count = reached(parcel, at);
    const last = new Date(parcel.statusAt[count - 1]);
    const raw = PARCEL_STATUSES[count - 1];
    return {
      shop: SHOP,
      supplierOrderId: parcel.id,
      // What the marketplace's pushes and answers give as shipping_company: its pace is the carrier's.
      carrier: "COORDINADORA",
      rawStatus: raw,
      stage: normaliseStatus(raw),
      stageSince: last,
      lastEventAt: last,
      createdAt: new Date(parcel.createdAt),
      nextPollAt,
    };
  };
  // Steady state at T0: every parcel still open, on schedule (never polled: due when its stage looks late).
  const seedStart = performance.now();
  const open = parcels.filter((parcel) => parcel.createdAt <= T0 && parcel.statusAt.at(-1)! > T0);
  const intervalMs = pollIntervalMs(open.length, env().SUPPLIER_POLL_PER_MINUTE);
  for (let from = 0; from < open.length; from += 500) {
    const data = open.slice(from, from + 500).map((parcel) => {
      const seeded = row(parcel, T0, null);
      const scheduled = { ...seeded, openIncident: null, incidentSince: null, lastPolledAt: null };
      return { ...seeded, nextPollAt: pollDueAt(scheduled, DEFAULT_CARRIER_PACE, intervalMs) };
    });
    await prisma.supplierOrder.createMany({ data });
  }
  const seedSeconds = (performance.now() - seedStart) / 1000;

  // Every status of the simulated days, in time order: the first makes the order known, the rest are pushes.
  const moves = parcels
    .flatMap((parcel) => parcel.statusAt.map((at, k) => ({ parcel, k, at })))
    .filter((move) => move.at > T0 && move.at <= end)
    .sort((a, b) => a.at - b.at);
  const drops: { parcel: Parcel; k: number; at: number }[] = [];
  const perMinute: number[] = [];
  const runMs: number[] = [];
  let next = 0;
  const simStart = performance.now();
  for (simNow = T0 + MINUTE; simNow <= end; simNow += MINUTE) {
    const created = [];
    for (; next < moves.length && moves[next].at <= simNow; next++) {
      const move = moves[next];
      if (move.k === 0) created.push(row(move.parcel, move.at, null));
      else if (move.parcel.dropped[move.k]) drops.push(move);
      else {
        const raw = PARCEL_STATUSES[move.k];
        await prisma.supplierOrder.updateMany({
          where: { shop: SHOP, supplierOrderId: move.parcel.id },
          data: {
            rawStatus: raw,
            stage: normaliseStatus(raw),
            stageSince: new Date(move.at),
            lastEventAt: new Date(move.at),
          },
        });
      }
    }
    if (created.length) await prisma.supplierOrder.createMany({ data: created });
    const before = answered.length;
    const started = performance.now();
    await pollSupplierOrders(new Date(simNow));
    runMs.push(performance.now() - started);
    await runDueJobs("journey-apply", new Date(simNow));
    perMinute.push(answered.length - before);
  }
  const simSeconds = (performance.now() - simStart) / 1000;

  // A dropped push is found by the first answered poll of its order after it happened (the answer's history has it).
  const pollsOf = new Map<string, number[]>();
  for (const call of answered) pollsOf.set(call.id, [...(pollsOf.get(call.id) ?? []), call.at]);
  const foundAfter: number[] = [];
  let closedFirst = 0;
  // A drop "left behind" its order: no later status was pushed before a poll found it (or by the end), so the app
  // showed a stage the parcel had left. The others only miss a step of the history: the next push moved the stage.
  const leftBehindFoundAfter: number[] = [];
  let leftBehind = 0;
  for (const drop of drops) {
    const found = pollsOf.get(drop.parcel.id)?.find((at) => at >= drop.at);
    if (found !== undefined) foundAfter.push(found - drop.at);
    else if (!drop.parcel.dropped.at(-1) && drop.parcel.statusAt.at(-1)! <= end) closedFirst++;
    const nextPush = drop.parcel.statusAt.find((at, k) => k > drop.k && !drop.parcel.dropped[k] && at <= end);
    if (nextPush !== undefined && (found === undefined || nextPush < found)) continue;
    leftBehind++;
    if (found !== undefined) leftBehindFoundAfter.push(found - drop.at);
  }
  foundAfter.sort((a, b) => a - b);
  leftBehindFoundAfter.sort((a, b) => a - b);
  const hours = (ms: number | null) => (ms === null ? null : Math.round((ms / HOUR) * 10) / 10);

  const openWhere = { shop: SHOP, stage: { notIn: [...FINAL_STAGES] as string[] } };
  const endDate = new Date(end);
  const overdueWhere = { ...openWhere, OR: [{ nextPollAt: null }, { nextPollAt: { lte: endDate } }] };
  const oldest = await prisma.supplierOrder.findFirst({
    where: overdueWhere,
    orderBy: [{ nextPollAt: { sort: "asc", nulls: "first" } }, { createdAt: "asc" }],
  });
  const hourly = Array.from({ length: Math.ceil(perMinute.length / 60) }, (_, h) =>
    perMinute.slice(h * 60, h * 60 + 60).reduce((sum, calls) => sum + calls, 0),
  );
  const tokenCalls = limiter.calls()[TOKEN];
  const sortedRuns = [...runMs].sort((a, b) => a - b);
  const result = {
    engine: url.startsWith("file:") ? "sqlite" : "postgresql",
    parcelsPerDay: perDay,
    simulatedDays: days,
    dropRate,
    budgetPerMinute: env().SUPPLIER_POLL_PER_MINUTE,
    marketplaceLimitPerMinute: limiter.settings().limit,
    openAtStart: open.length,
    seedSeconds: Math.round(seedSeconds),
    simulationSeconds: Math.round(simSeconds),
    pollRunMs: { p50: percentile(sortedRuns, 0.5), p99: percentile(sortedRuns, 0.99), max: sortedRuns.at(-1) },
    calls: {
      answered: answered.length,
      refused: tokenCalls?.refused ?? 0,
      lockouts: tokenCalls?.lockouts ?? 0,
      perHourMean: Math.round(hourly.reduce((sum, calls) => sum + calls, 0) / hourly.length),
      perHourMax: Math.max(...hourly),
      perMinuteMean: Math.round((answered.length / perMinute.length) * 10) / 10,
      perMinuteMax: Math.max(...perMinute),
    },
    droppedPushes: {
      dropped: drops.length,
      found: foundAfter.length,
      foundAfterHours: { p50: hours(percentile(foundAfter, 0.5)), p99: hours(percentile(foundAfter, 0.99)) },
      orderClosedByALaterPushFirst: closedFirst,
      notFoundByTheEnd: drops.length - foundAfter.length - closedFirst,
      leftTheOrderBehind: {
        dropped: leftBehind,
        found: leftBehindFoundAfter.length,
        foundAfterHours: {
          p50: hours(percentile(leftBehindFoundAfter, 0.5)),
          p99: hours(percentile(leftBehindFoundAfter, 0.99)),
        },
      },
    },
    atTheEnd: {
      open: await prisma.supplierOrder.count({ where: openWhere }),
      overdue: await prisma.supplierOrder.count({ where: overdueWhere }),
      neverPolled: await prisma.supplierOrder.count({ where: { ...openWhere, lastPolledAt: null } }),
      oldestOverdueHours: oldest ? hours(end - (oldest.nextPollAt?.getTime() ?? oldest.createdAt.getTime())) : 0,
      deliveredButShownOpen: (
        await prisma.supplierOrder.findMany({ where: openWhere, select: { supplierOrderId: true } })
      )
        .map((order) => byId.get(order.supplierOrderId)!)
        .filter((parcel) => parcel.statusAt.at(-1)! <= end).length,
    },
  };
  console.log(JSON.stringify(result, null, 2));
  server.close();
  await prisma.$disconnect();
}
