/**
 * `npm run bench`: fires N signed orders/create webhooks at the app (its production build, started with the
 * sandbox's simulators on free ports and a fresh SQLite file) and measures what a merchant's flow would see.
 *
 *   npm run bench -- --count 2000 --rate 200        a fixed arrival rate (webhooks per second)
 *   npm run bench -- --count 2000 --concurrency 50  as fast as 50 senders can go (throughput)
 *   --callback-delay 500 | --no-callbacks           the automation platform's callbacks (tagsAdd load)
 *   --drain 60                                      seconds to wait for triggers after the last ack
 *   --separate-worker                               the delivery worker in its own process (WORKER_INLINE=false)
 *   --postgres                                      a throwaway PostgreSQL cluster instead of the SQLite file
 *   --web 2 --workers 3                             web processes behind one port (node:cluster), worker processes
 *   --profile                                       a V8 CPU profile of the app in tmp/bench/profile
 *   --baseline                                      first the same webhooks at a bare node:http + SQLite server
 *                                                   (bench/baseline.ts); prints the app's acks/s as a ratio of it
 *   --insights [--rows 1000000]                     the delivery insights' queries instead (bench/insights.ts)
 *   --theme-installs [--installs 8,16] [--wrapped]  concurrent theme installs of a large archive instead, and the
 *                                                   app's memory (bench/theme-installs.ts)
 *   --order-sweep [--orders 10000] [--missing 100]  the reconciliation sweep's cost instead (bench/order-sweep.ts)
 *   --backlog [--orders 10000] [--rate 50]          acks while a day of orders is checked: duplicate hints turned
 *                                                   on over it, the 24-hour check back to back (bench/backlog.ts)
 *   --journey [--parcels 1000] [--rate 100]         the supplier's status pushes for a shop's parcels, in batches,
 *                                                   with repeats and out of order, beside orders (bench/journey.ts)
 *   --poll [--parcels 10000] [--days 2]             supplier polling on a simulated clock: calls against the limit,
 *                                                   dropped pushes found, the backlog (bench/poll.ts)
 *   --first-visit [--runs 7] [--identity]           every admin page's first visit over a throttled 4G link in
 *                                                   Chromium instead: LCP, bytes, requests (bench/first-visit.ts)
 *
 * It prints a table and the same figures as JSON, and never fails on time: it is a benchmark, not a test.
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import path from "node:path";
import { sleep } from "../sandbox/lib/http";
import { measureBaseline, type BaselineResult } from "./baseline";
import { memoryOf } from "./lib/process-memory";
import { prepareRun } from "./lib/prepare-run";
import { DEMO_SHOP } from "../sandbox/platform/seed";
import { configureShop, installShop, ROOT, SANDBOX, startStack } from "../sandbox/stack";
import { createSignedOrder, orderWebhookHeaders, postOrderWebhook, stringOption } from "./lib/signed-orders";

interface Options {
  /** Writes a V8 CPU profile of the app to tmp/bench/profile (open it in Chrome DevTools). */
  profile: boolean;
  separateWorker: boolean;
  postgres: boolean;
  web: number;
  workers: number;
  count: number;
  rate: number | null;
  concurrency: number | null;
  callbackDelayMs: number | null;
  drainSeconds: number;
  baseline: boolean;
}

function parseArgs(argv: string[]): Options {
  const value = (name: string) => stringOption(argv, name);
  const baseline = argv.includes("--baseline");
  // The baseline is a throughput figure: unless told otherwise, both servers get 32 concurrent senders.
  const concurrency = value("concurrency") ? Number(value("concurrency")) : baseline && !value("rate") ? 32 : null;
  return {
    profile: argv.includes("--profile"),
    separateWorker: argv.includes("--separate-worker"),
    postgres: argv.includes("--postgres"),
    web: Number(value("web") ?? 1),
    workers: Number(value("workers") ?? (argv.includes("--separate-worker") ? 1 : 0)),
    count: Number(value("count") ?? 2000),
    rate: concurrency ? null : Number(value("rate") ?? 200),
    concurrency,
    callbackDelayMs: argv.includes("--no-callbacks") ? null : Number(value("callback-delay") ?? 500),
    drainSeconds: Number(value("drain") ?? 60),
    baseline,
  };
}

/** A web process's memory as bench/probe.mjs reports it, in MB. */
interface AppMemory {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return null;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)] * 10) / 10;
}

/** CPU seconds (user + system) a process has used, from /proc (Linux). */
function cpuSecondsOf(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Seconds the process's main thread spent runnable but waiting for a CPU (/proc/<pid>/schedstat, Linux): on a
 * shared machine this, not the app's code, is what an event-loop delay is made of when it is high.
 */
function runQueueSecondsOf(pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[1]) / 1e9;
  } catch {
    return null;
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  // --no-build: a sweep (bench/sweep.ts) builds once for all its runs.
  const { dir, databaseFile, postgres } = await prepareRun("bench", {
    postgres: options.postgres,
    build: !process.argv.includes("--no-build"),
  });
  // Warnings and errors the app logged during the run, by message: the first place to look when figures are off.
  const appProblems = new Map<string, number>();
  const appLoopDelays: {
    p50Ms: number;
    p99Ms: number;
    maxMs: number;
    run: { p50Ms: number; p99Ms: number };
    memoryMb?: AppMemory;
  }[] = [];
  const stack = await startStack({
    databaseFile,
    databaseUrl: postgres?.databaseUrl,
    logLevel: "warn",
    webProcesses: options.web,
    workerProcesses: options.workers,
    onAppLog: (line) => {
      if (line.startsWith('{"benchProbe"')) {
        const probe = JSON.parse(line) as (typeof appLoopDelays)[number];
        appLoopDelays.push(probe);
        return;
      }
      // The cluster's own info lines (web processes starting) are not problems.
      if (line.includes('"msg":"web process')) return;
      let message = line.slice(0, 160);
      try {
        const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } | string };
        const err = typeof entry.err === "string" ? entry.err : entry.err?.message;
        message = `${entry.msg ?? ""}${err ? `: ${err.slice(0, 120)}` : ""}`;
      } catch {
        // Not a log line of the app's logger (a stack trace, a library's console output).
        if (/^\s/.test(line)) return;
      }
      appProblems.set(message, (appProblems.get(message) ?? 0) + 1);
    },
    extraEnv: {
      // The callback's per-key rate limit (5/s by default) would refuse most callbacks at benchmark rates: the
      // benchmark measures the pipeline, so the limit is lifted here.
      CALLBACK_RATE_LIMIT_BURST: "100000",
      CALLBACK_RATE_LIMIT_PER_SECOND: "10000",
      // A separate worker is not woken by the web process: it polls.
      ...(options.workers > 0 ? { WORKER_POLL_INTERVAL_MS: "100" } : {}),
      NODE_OPTIONS: [
        `--import=${path.join(ROOT, "bench/probe.mjs")}`,
        options.profile ? `--cpu-prof --cpu-prof-dir=${path.join(dir, "profile")}` : "",
      ].join(" "),
    },
  });
  // The simulators and the senders share this process: its event-loop delay says whether the bench itself kept up.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const stop = async () => {
    await stack.stop();
    postgres?.stop();
  };
  process.once("SIGINT", () => void stop().then(() => process.exit(130)));

  try {
    await installShop(stack, DEMO_SHOP);
    const configured = await configureShop(stack, DEMO_SHOP);
    const automation = configured.find((step) => step.step === "automation");
    if (automation?.status !== 200) {
      console.log(`note: automation settings answered HTTP ${automation?.status}; the app cannot trigger flows`);
    }
    await fetch(`${stack.automationUrl}/sim/mode`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        callback:
          options.callbackDelayMs === null
            ? { status: "none" }
            : { status: "success", delayMs: options.callbackDelayMs },
      }),
    });

    // The orders exist on the simulated platform (so callbacks can tag them); the bench posts their webhooks itself.
    const shop = stack.platform.shopState(DEMO_SHOP);
    const bodies = Array.from({ length: options.count }, () => createSignedOrder(shop));
    const sentAt = new Map<string, number>();
    const failures = new Map<string, number>();
    const acks: { name: string; ms: number; status: number | null }[] = [];
    const rssSamples: number[] = [];
    // The app is every web and worker process (the cluster's primary only passes connections on).
    const appPids = () => [...stack.webPids, ...stack.workers.map((child) => child.pid!)];
    const sumOver = (read: (pid: number) => number | null) => {
      const values = appPids().map(read);
      return values.some((value) => value === null) ? null : values.reduce<number>((a, b) => a + (b ?? 0), 0);
    };
    const sampler = setInterval(() => {
      const rss = sumOver((pid) => memoryOf(pid, "VmRSS"));
      if (rss !== null) rssSamples.push(rss);
    }, 100);

    // Fresh event and webhook ids on every send: the baseline's copy and the app's are separate events.
    const headersFor = (body: string) => orderWebhookHeaders(body);
    const baseline: BaselineResult | null = options.baseline
      ? await measureBaseline({
          secret: SANDBOX.secret,
          databaseFile: path.join(dir, "baseline.sqlite"),
          webhooks: bodies.map(({ body }) => ({ body, headers: headersFor(body) })),
          concurrency: options.concurrency ?? 32,
        })
      : null;
    const sendOne = async (index: number) => {
      const { name, body } = bodies[index];
      const started = performance.now();
      sentAt.set(name, Date.now());
      let status: number | null = null;
      try {
        status = await postOrderWebhook(stack.appUrl, body, headersFor(body), 10_000);
      } catch (error) {
        status = null;
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        failures.set(
          String(cause?.code ?? (error as Error).name),
          (failures.get(String(cause?.code ?? (error as Error).name)) ?? 0) + 1,
        );
      }
      acks.push({ name, ms: performance.now() - started, status });
    };

    // The probe reports once a second: a fresh report gives the app's memory as the run starts.
    const probesSoFar = appLoopDelays.length;
    const probeDeadline = Date.now() + 2_000;
    while (appLoopDelays.length === probesSoFar && Date.now() < probeDeadline) await sleep(50);
    console.log(
      `sending ${options.count} orders/create webhooks ${options.rate ? `at ${options.rate}/s` : `with ${options.concurrency} concurrent senders`}...`,
    );
    const firstSent = performance.now();
    const loadBefore = os.loadavg()[0];
    const appCpuBefore = sumOver(cpuSecondsOf);
    const appRssBefore = sumOver((pid) => memoryOf(pid, "VmRSS"));
    // Each worker process on its own (`--workers N`): a worker serves no page, so it should stay small.
    const workerRssBefore = stack.workers.map((child) => memoryOf(child.pid!, "VmRSS"));
    const memoryBefore = appLoopDelays.at(-1)?.memoryMb ?? null;
    // The probes from here on are the run's; those before cover start-up, the install and the first admin pages.
    const probesBeforeSending = appLoopDelays.length;
    const appWaitBefore = sumOver(runQueueSecondsOf);
    const benchCpuBefore = process.cpuUsage();
    // The probe's run histogram starts now (bench/probe.mjs).
    for (const pid of stack.webPids) process.kill(pid, "SIGUSR2");
    if (options.rate) {
      const inflight: Promise<void>[] = [];
      for (let index = 0; index < options.count; index++) {
        const due = firstSent + (index * 1000) / options.rate;
        const wait = due - performance.now();
        if (wait > 1) await sleep(wait);
        inflight.push(sendOne(index));
      }
      await Promise.all(inflight);
    } else {
      let next = 0;
      await Promise.all(
        Array.from({ length: options.concurrency! }, async () => {
          while (next < options.count) await sendOne(next++);
        }),
      );
    }
    const sendSeconds = (performance.now() - firstSent) / 1000;

    const acked = acks.filter((ack) => ack.status === 200);
    const ackedNames = new Set(acked.map((ack) => ack.name));
    const triggered = () => new Set(stack.automation.triggers.map((trigger) => String(trigger.payload.orderName)));
    const drainUntil = Date.now() + options.drainSeconds * 1000;
    while (Date.now() < drainUntil && [...ackedNames].some((name) => !triggered().has(name))) await sleep(250);
    clearInterval(sampler);
    const wallSeconds = (performance.now() - firstSent) / 1000;
    const appCpuAfter = sumOver(cpuSecondsOf);
    const benchCpu = process.cpuUsage(benchCpuBefore);

    const firstTrigger = new Map<string, number>();
    let duplicateTriggers = 0;
    for (const trigger of stack.automation.triggers) {
      const name = String(trigger.payload.orderName);
      if (firstTrigger.has(name)) duplicateTriggers++;
      else firstTrigger.set(name, Date.parse(trigger.receivedAt));
    }
    const endToEnd = [...ackedNames]
      .filter((name) => firstTrigger.has(name))
      .map((name) => firstTrigger.get(name)! - sentAt.get(name)!)
      .sort((a, b) => a - b);
    const ackTimes = acked.map((ack) => ack.ms).sort((a, b) => a - b);
    const statuses = acks.reduce<Record<string, number>>((counts, ack) => {
      const key = String(ack.status ?? "no answer");
      counts[key] = (counts[key] ?? 0) + 1;
      return counts;
    }, {});

    const runProbes = appLoopDelays.slice(probesBeforeSending);
    const result = {
      // Other processes on the machine take the same cores: the 1-minute load average before and after the run.
      loadAverage: { before: Math.round(loadBefore * 100) / 100, after: Math.round(os.loadavg()[0] * 100) / 100 },
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? "unknown",
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
        platform: `${os.platform()} ${os.release()}`,
      },
      options,
      sent: options.count,
      acknowledged: acked.length,
      statuses,
      failures: Object.fromEntries(failures),
      ackLatencyMs: {
        p50: percentile(ackTimes, 50),
        p95: percentile(ackTimes, 95),
        p99: percentile(ackTimes, 99),
        max: percentile(ackTimes, 100),
      },
      acknowledgedPerSecond: Math.round((acked.length / sendSeconds) * 10) / 10,
      endToEndMs: { p50: percentile(endToEnd, 50), p99: percentile(endToEnd, 99) },
      triggered: firstTrigger.size,
      duplicateTriggers,
      lost: [...ackedNames].filter((name) => !firstTrigger.has(name)).length,
      // Share of one core used from the first send to the last trigger (or the end of the drain).
      appCpuPercent:
        appCpuBefore !== null && appCpuAfter !== null
          ? Math.round(((appCpuAfter - appCpuBefore) / wallSeconds) * 100)
          : null,
      benchCpuPercent: Math.round(((benchCpu.user + benchCpu.system) / 1e6 / wallSeconds) * 100),
      appEventLoopDelayMs: {
        p50: appLoopDelays.at(-1)?.run.p50Ms ?? null,
        p99: appLoopDelays.at(-1)?.run.p99Ms ?? null,
        // Each probe covers the second before it: the first one of the run may include a little of the set-up.
        worstSecondP99: Math.round(Math.max(0, ...runProbes.map((probe) => probe.p99Ms))),
        max: Math.round(Math.max(0, ...runProbes.map((probe) => probe.maxMs))),
        maxBeforeSending: Math.round(
          Math.max(0, ...appLoopDelays.slice(0, probesBeforeSending).map((probe) => probe.maxMs)),
        ),
      },
      baseline,
      ackRatioToBaseline: baseline
        ? Math.round((acked.length / sendSeconds / baseline.acknowledgedPerSecond) * 100) / 100
        : null,
      appWarningsAndErrors: Object.fromEntries(appProblems),
      benchEventLoopDelayP99Ms: Math.round(loopDelay.percentile(99) / 1e5) / 10,
      // The probe's sample with the highest RSS, and the last before sending: heap, external, the rest.
      appMemoryAtPeakMb: appLoopDelays.reduce<AppMemory | null>(
        (peak, probe) => (probe.memoryMb && (!peak || probe.memoryMb.rss > peak.rss) ? probe.memoryMb : peak),
        null,
      ),
      appMemoryBeforeMb: memoryBefore,
      appPeakRssMb: Math.round(Math.max(sumOver((pid) => memoryOf(pid, "VmHWM")) ?? 0, ...rssSamples)),
      appRssBeforeMb: appRssBefore,
      workerRssMb: stack.workers.map((child, index) => ({
        before: workerRssBefore[index],
        peak: memoryOf(child.pid!, "VmHWM"),
      })),
      appMainThreadWaitingForCpuPercent: (() => {
        const after = sumOver(runQueueSecondsOf);
        return appWaitBefore === null || after === null
          ? null
          : Math.round(((after - appWaitBefore) / wallSeconds) * 100);
      })(),
      // CPU time the app spent per acknowledged order, triggers and callbacks included: unlike rates and
      // latencies, it hardly moves when other processes take the cores.
      appCpuMsPerOrder:
        appCpuBefore !== null && appCpuAfter !== null && acked.length
          ? Math.round(((appCpuAfter - appCpuBefore) * 1000 * 10) / acked.length) / 10
          : null,
    };

    const row = (label: string, value: unknown) => console.log(`  ${label.padEnd(34)} ${String(value)}`);
    const loadText = `${result.loadAverage.before} / ${result.loadAverage.after}`;
    console.log("\nresults");
    row(
      "machine",
      `${result.machine.cpus} × ${result.machine.cpuModel}, ${result.machine.memoryGb} GB, Node ${result.machine.node}`,
    );
    row("machine load average (1 min) before / after", `${result.loadAverage.before} / ${result.loadAverage.after}`);
    row(
      "mode",
      `${options.rate ? `${options.rate} webhooks/s` : `${options.concurrency} concurrent senders`}, ${options.callbackDelayMs === null ? "no callbacks" : `callbacks after ${options.callbackDelayMs} ms`}, ${options.postgres ? "PostgreSQL" : "SQLite"}, ${options.web} web process(es), ${options.workers ? `${options.workers} worker process(es)` : "worker in the app"}`,
    );
    row("sent / acknowledged (HTTP 200)", `${result.sent} / ${result.acknowledged}  ${JSON.stringify(statuses)}`);
    row(
      "ack latency p50 / p95 / p99 / max",
      `${result.ackLatencyMs.p50} / ${result.ackLatencyMs.p95} / ${result.ackLatencyMs.p99} / ${result.ackLatencyMs.max} ms  (load ${loadText})`,
    );
    row("acknowledged per second", `${result.acknowledgedPerSecond}  (load ${loadText})`);
    row(
      "end to end (sent → trigger) p50 / p99",
      `${result.endToEndMs.p50} / ${result.endToEndMs.p99} ms  (load ${loadText})`,
    );
    row("triggered / duplicate triggers", `${result.triggered} / ${result.duplicateTriggers}`);
    row("lost (acked, never triggered)", result.lost);
    row("app peak RSS (before sending)", `${result.appPeakRssMb} MB (${result.appRssBeforeMb} MB)  (load ${loadText})`);
    const memoryText = (memory: AppMemory | null) =>
      memory
        ? `RSS ${memory.rss}: V8 heap ${memory.heapUsed} used of ${memory.heapTotal}, external ${memory.external} (array buffers ${memory.arrayBuffers}), rest ${memory.rss - memory.heapTotal - memory.external}`
        : "not reported";
    if (result.workerRssMb.length) {
      row(
        "worker process peak RSS (before)",
        result.workerRssMb.map((worker) => `${worker.peak} MB (${worker.before} MB)`).join(", "),
      );
    }
    row("app memory before sending (MB)", memoryText(result.appMemoryBeforeMb));
    row("app memory at its peak (MB)", memoryText(result.appMemoryAtPeakMb));
    row("app CPU per acknowledged order", `${result.appCpuMsPerOrder} ms`);
    row(
      "app main thread waiting for a CPU",
      `${result.appMainThreadWaitingForCpuPercent} % of the run (runnable, not scheduled: other processes' load)`,
    );
    row("CPU: app / bench process (simulators)", `${result.appCpuPercent} % / ${result.benchCpuPercent} % of one core`);
    row(
      "app event-loop delay p50 / p99 (run)",
      `${result.appEventLoopDelayMs.p50} / ${result.appEventLoopDelayMs.p99} ms  (load ${loadText})`,
    );
    row(
      "app event-loop delay: worst second's p99 / max (run)",
      `${result.appEventLoopDelayMs.worstSecondP99} / ${result.appEventLoopDelayMs.max} ms; before sending (start, install, first admin pages) max ${result.appEventLoopDelayMs.maxBeforeSending} ms`,
    );
    if (baseline) {
      row(
        "baseline (node:http + SQLite) acks/s",
        `${baseline.acknowledgedPerSecond}  (${baseline.acknowledged}/${baseline.sent}, p50 / p99 ${baseline.ackLatencyMs.p50} / ${baseline.ackLatencyMs.p99} ms, CPU ${baseline.cpuMsPerWebhook} ms each, load ${baseline.loadAverage.before} / ${baseline.loadAverage.after})`,
      );
      row("app acks/s ÷ baseline acks/s", `${result.ackRatioToBaseline}  (load ${loadText})`);
    }
    row("bench process event-loop delay p99", `${result.benchEventLoopDelayP99Ms} ms (simulators + senders)`);
    for (const [message, count] of appProblems) row(`app logged ×${count}`, message);
    console.log(`\n${JSON.stringify(result)}`);
  } finally {
    await stop();
  }
}

(process.argv.includes("--insights")
  ? import("./insights").then(({ runInsightsBench }) => runInsightsBench(process.argv.slice(2)))
  : process.argv.includes("--theme-installs")
    ? import("./theme-installs").then(({ runThemeInstallsBench }) => runThemeInstallsBench(process.argv.slice(2)))
    : process.argv.includes("--order-sweep")
      ? import("./order-sweep").then(({ runOrderSweepBench }) => runOrderSweepBench(process.argv.slice(2)))
      : process.argv.includes("--backlog")
        ? import("./backlog").then(({ runBacklogBench }) => runBacklogBench(process.argv.slice(2)))
        : process.argv.includes("--first-visit")
          ? import("./first-visit").then(({ runFirstVisitBench }) => runFirstVisitBench(process.argv.slice(2)))
          : process.argv.includes("--journey")
            ? import("./journey").then(({ runJourneyBench }) => runJourneyBench(process.argv.slice(2)))
            : process.argv.includes("--poll")
              ? import("./poll").then(({ runPollBench }) => runPollBench(process.argv.slice(2)))
              : main()
).catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
