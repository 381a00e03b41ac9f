/**
 * `npm run bench:sweep`: the highest full-loop rate one web process sustains. Runs `npm run bench` at rising
 * arrival rates (each run 10 seconds of orders, callbacks on) and stops at the first rate where a webhook went
 * unanswered or ack p99 reached 250 ms; prints each run's figures with the machine's load average beside them.
 *
 *   npm run bench:sweep -- --rates 50,100,150,200,300,400 --seconds 10
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { buildApp, ROOT } from "../sandbox/stack";

const ACK_P99_LIMIT_MS = 250;

function value(name: string) {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

interface RunResult {
  loadAverage: { before: number; after: number };
  sent: number;
  acknowledged: number;
  ackLatencyMs: { p50: number | null; p99: number | null };
  endToEndMs: { p50: number | null };
  appEventLoopDelayMs: { p99: number | null };
  appPeakRssMb: number;
  appCpuMsPerOrder: number | null;
}

const rates = (value("rates") ?? "50,100,150,200,300,400").split(",").map(Number);
const seconds = Number(value("seconds") ?? 10);
buildApp(true);
let highest: number | null = null;
for (const rate of rates) {
  const run = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(ROOT, "bench/run.ts"),
      "--rate",
      String(rate),
      "--count",
      String(rate * seconds),
      "--drain",
      "20",
      "--no-build",
    ],
    { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 2 ** 20 },
  );
  const last = run.stdout.trim().split("\n").at(-1) ?? "";
  let result: RunResult;
  try {
    result = JSON.parse(last) as RunResult;
  } catch {
    console.log(`rate ${rate}/s: the bench failed\n${run.stderr.slice(-2000)}`);
    break;
  }
  const held = result.acknowledged === result.sent && (result.ackLatencyMs.p99 ?? Infinity) < ACK_P99_LIMIT_MS;
  console.log(
    `rate ${String(rate).padStart(4)}/s  acked ${result.acknowledged}/${result.sent}  ack p50/p99 ${result.ackLatencyMs.p50}/${result.ackLatencyMs.p99} ms  ` +
      `sent→trigger p50 ${result.endToEndMs.p50} ms  loop delay p99 ${result.appEventLoopDelayMs.p99} ms  ` +
      `RSS ${result.appPeakRssMb} MB  CPU/order ${result.appCpuMsPerOrder} ms  load ${result.loadAverage.before}/${result.loadAverage.after}  ${held ? "held" : "NOT held"}`,
  );
  if (!held) break;
  highest = rate;
}
console.log(
  `\nhighest full-loop rate with every webhook answered and ack p99 < ${ACK_P99_LIMIT_MS} ms: ${highest === null ? "none of the rates tried" : `${highest} orders/s`}`,
);
