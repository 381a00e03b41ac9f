/**
 * `npm run bench -- --backlog [--orders 10000] [--rate 50] [--seconds 20] [--postgres]`: what a shop's day of
 * orders costs the order path (docs/decisions/288). The app (production build, its simulators) holds `orders`
 * orders of the last 24 hours, already sent; the platform simulator lists them too. Webhooks arrive at `rate` a
 * second through three phases of `seconds` each, and the acknowledgements are timed in each:
 *
 * - quiet: nothing else running (the reference);
 * - first duplicate check: the merchant has just turned duplicate hints on with a 24-hour window, so every new
 *   order's check meets a window of unfingerprinted orders, and the periodic job fingerprints them meanwhile;
 * - 24-hour checks: "Check the last 24 hours" run back to back (as often as the route allows) over the day.
 *
 * Also: how many of each phase's orders reached the flow, and when the backlog's fingerprints were complete.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { DEMO_SHOP } from "../sandbox/platform/seed";
import { createOrder } from "../sandbox/platform/state";
import { orderPayload } from "../sandbox/platform/webhooks";
import { sleep } from "../sandbox/lib/http";
import { adminFetch, configureShop, installShop, ROOT, startStack, type Stack } from "../sandbox/stack";
import { prepareRun } from "./lib/prepare-run";
import { option } from "./lib/setup";
import { createSignedOrder, orderWebhookHeaders } from "./lib/signed-orders";

const DAY_MS = 86_400_000;

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return null;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 10) / 10;
}

function seeder(databaseUrl: string, args: string[]) {
  const run = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "bench/lib/seed-deliveries.ts"), ...args],
    {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: databaseUrl },
    },
  );
  if (run.status !== 0) throw new Error(`seeding failed: ${run.stderr.slice(-2000)}`);
  return Number(run.stdout.trim().split("\n").at(-1));
}

/** CPU seconds (user + system) the app's processes have used, from /proc (Linux). */
function appCpuSeconds(stack: Stack) {
  return [...stack.webPids].reduce((sum, pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return sum + (Number(fields[11]) + Number(fields[12])) / 100;
  }, 0);
}

/** Webhooks at `rate` a second for `seconds`, sent and timed by a thread of their own while `during` runs. */
async function phase(stack: Stack, rate: number, seconds: number, during: () => Promise<unknown> = async () => {}) {
  const shop = stack.platform.shopState(DEMO_SHOP);
  const orders = Array.from({ length: rate * seconds }, () => createSignedOrder(shop));
  const webhooks = orders.map(({ body }) => ({ body, headers: orderWebhookHeaders(body) }));
  const worker = new Worker(new URL("./lib/ack-timer.ts", import.meta.url), {
    workerData: { appUrl: stack.appUrl, rate, webhooks },
    execArgv: ["--import", "tsx"],
  });
  const timed = new Promise<{ acks: number[]; failed: number }>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  const cpuBefore = appCpuSeconds(stack);
  const started = performance.now();
  const [{ acks, failed }, duringResult] = await Promise.all([timed, during()]);
  const appCpuPercent = Math.round(((appCpuSeconds(stack) - cpuBefore) / ((performance.now() - started) / 1000)) * 100);
  await worker.terminate();
  acks.sort((a, b) => a - b);
  return {
    names: orders.map((order) => order.name),
    sent: orders.length,
    acknowledged: acks.length,
    failed,
    ackMs: { p50: percentile(acks, 50), p99: percentile(acks, 99), max: percentile(acks, 100) },
    appCpuPercent,
    during: duringResult,
  };
}

/** Of these orders, how many reached the flow within `seconds` of the phase's end, and the time it took. */
async function reached(stack: Stack, names: string[], seconds: number) {
  const waitUntil = Date.now() + seconds * 1000;
  const triggered = () => new Set(stack.automation.triggers.map((trigger) => String(trigger.payload.orderName)));
  while (Date.now() < waitUntil && names.some((name) => !triggered().has(name))) await sleep(250);
  const seen = triggered();
  return names.filter((name) => seen.has(name)).length;
}

export async function runBacklogBench(argv: string[]) {
  const orders = option(argv, "orders", 10_000);
  const rate = option(argv, "rate", 50);
  const seconds = option(argv, "seconds", 20);
  const postgresRun = argv.includes("--postgres");
  const { dir, databaseFile, postgres } = await prepareRun("backlog", { postgres: postgresRun });
  const databaseUrl = postgres?.databaseUrl ?? `file:${databaseFile}`;
  const stack = await startStack({ databaseFile, databaseUrl: postgres?.databaseUrl, logLevel: "warn" });
  try {
    await installShop(stack, DEMO_SHOP);
    await configureShop(stack, DEMO_SHOP);
    await fetch(`${stack.automationUrl}/sim/mode`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ callback: { status: "none" } }),
    });
    // The day: on the platform (the 24-hour check lists it) and in the app, each order received and sent.
    const shop = stack.platform.shopState(DEMO_SHOP);
    shop.orders.length = 0;
    const now = Date.now();
    const day = Array.from({ length: orders }, (_, index) =>
      createOrder(shop, { createdAt: new Date(now - DAY_MS + 120_000 + (index * (DAY_MS - 600_000)) / orders) }),
    );
    const file = path.join(dir, "day.json");
    writeFileSync(
      file,
      JSON.stringify(day.map((order) => ({ payload: orderPayload(order), createdAt: order.createdAt }))),
    );
    console.log(`storing ${orders} orders of the last 24 hours...`);
    seeder(databaseUrl, [DEMO_SHOP, file]);

    console.log(`phase 1: ${rate} webhooks/s for ${seconds} s, nothing else running`);
    const quiet = await phase(stack, rate, seconds);
    const quietReached = await reached(stack, quiet.names, 30);

    console.log("phase 2: duplicate hints turned on (24 hours) over the day's orders");
    const turnedOn = await adminFetch(stack, DEMO_SHOP, "/app/order-rules", {
      method: "POST",
      body: new URLSearchParams({ noPhoneAction: "send", duplicateWindowMinutes: "1440", duplicateAction: "send" }),
    });
    if (turnedOn.status !== 200) throw new Error(`order rules answered ${turnedOn.status}`);
    const hintsOnAt = Date.now();
    const firstCheck = await phase(stack, rate, seconds);
    const firstCheckReached = await reached(stack, firstCheck.names, 30);
    // The periodic job runs once a minute: wait for it to have fingerprinted the day.
    let fingerprinted = seeder(databaseUrl, ["--count-fingerprints", DEMO_SHOP]);
    while (fingerprinted < orders && Date.now() - hintsOnAt < 240_000) {
      await sleep(5_000);
      fingerprinted = seeder(databaseUrl, ["--count-fingerprints", DEMO_SHOP]);
    }
    const fingerprintsCompleteAfterS = fingerprinted >= orders ? Math.round((Date.now() - hintsOnAt) / 1000) : null;

    console.log("phase 3: 24-hour checks back to back");
    const checks: { status: number; ms: number }[] = [];
    const dayChecks = await phase(stack, rate, seconds, async () => {
      const until = performance.now() + seconds * 1000;
      while (performance.now() < until) {
        const started = performance.now();
        const response = await adminFetch(stack, DEMO_SHOP, "/app/order-sweep", { method: "POST" });
        await response.arrayBuffer();
        checks.push({ status: response.status, ms: Math.round(performance.now() - started) });
        if (response.status === 429) await sleep(1_000);
      }
      return checks;
    });
    const dayChecksReached = await reached(stack, dayChecks.names, 30);

    const summary = (run: Awaited<ReturnType<typeof phase>>, reachedFlow: number) => ({
      sent: run.sent,
      acknowledged: run.acknowledged,
      ackMs: run.ackMs,
      reachedFlowWithin30s: reachedFlow,
      appCpuPercentOfOneCore: run.appCpuPercent,
    });
    const result = {
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "unknown"}, load ${os.loadavg()[0].toFixed(2)}`,
      engine: postgresRun ? "PostgreSQL" : "SQLite",
      ordersInTheDay: orders,
      rate,
      seconds,
      quiet: summary(quiet, quietReached),
      firstDuplicateCheck: { ...summary(firstCheck, firstCheckReached), fingerprintsCompleteAfterS, fingerprinted },
      dayChecksBackToBack: {
        ...summary(dayChecks, dayChecksReached),
        checksRun: checks.filter((check) => check.status === 200).map((check) => check.ms),
        checksRefused: checks.filter((check) => check.status === 429).length,
      },
    };
    console.table({
      quiet: { ...quiet.ackMs, reached: quietReached, appCpu: quiet.appCpuPercent },
      "first duplicate check": { ...firstCheck.ackMs, reached: firstCheckReached, appCpu: firstCheck.appCpuPercent },
      "24-hour checks": { ...dayChecks.ackMs, reached: dayChecksReached, appCpu: dayChecks.appCpuPercent },
    });
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await stack.stop();
    postgres?.stop();
  }
}
