/**
 * `npm run crash-test`: the reliability proof under kill -9. Starts the app (its production build, inline worker,
 * a fresh SQLite file) with the sandbox's simulators, sends a few thousand signed orders/create webhooks, and
 * SIGKILLs the app every few seconds, restarting it at once on the same database and port. A webhook that got no
 * 200 is sent again with the same event id, as the platform redelivers. Then it waits for the outbox to drain and
 * prints, per order: acknowledged, triggered, duplicates (as the automation platform ran them honouring the
 * Idempotency-Key, and as a receiver that ignores the key would have run them), lost, and kills.
 *
 *   npm run crash-test -- --count 3000 --rate 150 --concurrency 32 --kill-every 2 --drain 120 [--no-build]
 *
 * Exits 1 when an acknowledged order was lost or triggered twice despite the key.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { createClient } from "@libsql/client";
import { sleep } from "../sandbox/lib/http";
import { DEMO_SHOP } from "../sandbox/platform/seed";
import { APP_SERVER_ARGS, buildApp, configureShop, installShop, ROOT, startStack } from "../sandbox/stack";
import { SERVER_ENTRY } from "./lib/server-entry";
import { createSignedOrder, numberOption, orderWebhookHeaders, postOrderWebhook } from "../bench/lib/signed-orders";

const argv = process.argv.slice(2);
const arg = (name: string, fallback: number) => numberOption(argv, name, fallback);
const options = {
  count: arg("count", 3000),
  rate: arg("rate", 150),
  /** Senders at most in flight, as the platform bounds its own deliveries. */
  concurrency: arg("concurrency", 32),
  killEverySeconds: arg("kill-every", 2),
  drainSeconds: arg("drain", 120),
  build: !argv.includes("--no-build"),
};

const dir = path.join(ROOT, "tmp/crash-test");
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const databaseFile = path.join(dir, "app.sqlite");

if (options.build) {
  console.log("building the app...");
  buildApp(true);
}
const appErrors = new Map<string, number>();
const noteLine = (line: string) => {
  try {
    const entry = JSON.parse(line) as { level?: number; msg?: string };
    if ((entry.level ?? 0) >= 50) appErrors.set(entry.msg ?? "?", (appErrors.get(entry.msg ?? "?") ?? 0) + 1);
  } catch {
    // Not a log line of the app's logger.
  }
};
const stack = await startStack({ databaseFile, logLevel: "warn", onAppLog: noteLine });
let app: ChildProcess = stack.app;
const children = new Set<ChildProcess>([app]);
process.once("exit", () => children.forEach((child) => child.kill("SIGKILL")));

/** The app again, on the same port, database and settings, as the process manager of a real deployment would. */
function spawnApp() {
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const args = APP_SERVER_ARGS.map((arg) => (arg === SERVER_ENTRY ? path.join(ROOT, arg) : arg));
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: stack.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream?.on("data", (chunk: Buffer) => {
      const lines = (rest + chunk.toString("utf8")).split("\n");
      rest = lines.pop() ?? "";
      lines.filter(Boolean).forEach((line) => {
        // Printed once the server listens and its background services are started.
        if (line.includes("app listening on")) markReady();
        if (process.env.CRASH_TEST_DEBUG || !line.startsWith("{")) console.log(`[app] ${line.slice(0, 300)}`);
        noteLine(line);
      });
    });
  }
  children.add(child);
  child.once("exit", (code, signal) => {
    children.delete(child);
    if (signal !== "SIGKILL" && signal !== "SIGTERM") console.log(`the app exited by itself (code ${code}, ${signal})`);
  });
  return { child, ready };
}

async function waitForHealth() {
  // Generous: on a loaded machine a cold start of the app has taken over a minute.
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; await sleep(50)) {
    try {
      const response = await fetch(`${stack.appUrl}/healthz`, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return;
      if (process.env.CRASH_TEST_DEBUG) console.log(`[health] ${response.status}`);
    } catch (error) {
      // Not listening yet.
      if (process.env.CRASH_TEST_DEBUG) console.log(`[health] ${String((error as Error).cause ?? error)}`);
    }
  }
  throw new Error("the restarted app did not become healthy within 180 s");
}

await installShop(stack, DEMO_SHOP);
const configured = await configureShop(stack, DEMO_SHOP);
if (configured.find((step) => step.step === "automation")?.status !== 200)
  throw new Error("automation settings refused");
await fetch(`${stack.automationUrl}/sim/mode`, {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ callback: { status: "none" }, honourIdempotencyKey: true }),
});

const shop = stack.platform.shopState(DEMO_SHOP);
const orders = Array.from({ length: options.count }, () => createSignedOrder(shop));

const acked = new Set<string>();
let refusedSends = 0;
async function deliverWebhook(order: (typeof orders)[number]) {
  // The platform redelivers an event until it gets a 200; the event id stays the same.
  // Up to 10 minutes, as the platform keeps trying for hours: a loaded machine has taken over 50 s to restart.
  for (let attempt = 0; attempt < 3_000; attempt++) {
    try {
      const headers = orderWebhookHeaders(order.body, { eventId: order.eventId });
      if ((await postOrderWebhook(stack.appUrl, order.body, headers, 10_000)) === 200) {
        acked.add(order.name);
        return;
      }
    } catch {
      // The app was killed under this request: sent again below.
    }
    refusedSends++;
    await sleep(200);
  }
}

let sending = true;
let kills = 0;
const restarts: number[] = [];
const killer = (async () => {
  while (sending) {
    // A random moment in each interval, so kills land on receiving, claiming, sending and recording alike.
    await sleep(options.killEverySeconds * 1000 * (0.5 + Math.random()));
    if (!sending) break;
    app.kill("SIGKILL");
    kills++;
    const restarting = performance.now();
    const restarted = spawnApp();
    app = restarted.child;
    await Promise.race([restarted.ready, sleep(180_000)]);
    await waitForHealth();
    restarts.push(performance.now() - restarting);
  }
})();

console.log(
  `sending ${options.count} signed webhooks at up to ${options.rate}/s (${options.concurrency} senders), SIGKILL of the app every ~${options.killEverySeconds} s...`,
);
const started = performance.now();
const inflight = new Set<Promise<void>>();
for (let index = 0; index < orders.length; index++) {
  const wait = started + (index * 1000) / options.rate - performance.now();
  if (wait > 1) await sleep(wait);
  while (inflight.size >= options.concurrency) await Promise.race(inflight);
  const sending = deliverWebhook(orders[index]).finally(() => inflight.delete(sending));
  inflight.add(sending);
}
await Promise.all(inflight);
sending = false;
await killer;
const sendSeconds = (performance.now() - started) / 1000;

/** Per order: the trigger runs the platform accepted, and the repeats it dropped by their Idempotency-Key. */
function tally() {
  const runs = new Map<string, number>();
  const dropped = new Map<string, number>();
  for (const trigger of stack.automation.triggers) {
    if (trigger.answered !== 200) continue;
    const name = String(trigger.payload.orderName);
    runs.set(name, (runs.get(name) ?? 0) + 1);
  }
  for (const repeat of stack.automation.dropped) {
    const name = String(repeat.orderName);
    dropped.set(name, (dropped.get(name) ?? 0) + 1);
  }
  return { runs, dropped };
}

console.log(`sent in ${sendSeconds.toFixed(1)} s; draining (up to ${options.drainSeconds} s)...`);
const drainStarted = performance.now();
for (const deadline = Date.now() + options.drainSeconds * 1000; Date.now() < deadline; await sleep(250)) {
  const { runs } = tally();
  if ([...acked].every((name) => runs.has(name))) break;
}
const drainSeconds = (performance.now() - drainStarted) / 1000;
// A moment more for a duplicate that a lease expiry would still cause.
await sleep(1_000);

const { runs, dropped } = tally();
const ackedOrders = [...acked];
const lost = ackedOrders.filter((name) => !runs.has(name));
const duplicatesHonoured = [...runs.values()].reduce((sum, count) => sum + count - 1, 0);
const duplicatesWithoutKey = [...runs.keys()].reduce(
  (sum, name) => sum + runs.get(name)! + (dropped.get(name) ?? 0) - 1,
  0,
);
const db = createClient({ url: `file:${databaseFile}` });
const statuses = await db.execute(`SELECT "status", COUNT(*) AS n FROM "Delivery" GROUP BY "status"`);
db.close();

const figures = {
  webhooks: options.count,
  acked: ackedOrders.length,
  sendsRefusedOrCut: refusedSends,
  triggered: runs.size,
  duplicatesWithKeyHonoured: duplicatesHonoured,
  duplicatesWithoutKey,
  droppedByKey: [...dropped.values()].reduce((sum, count) => sum + count, 0),
  lost: lost.length,
  kills,
  restartMsMax: Math.round(Math.max(0, ...restarts)),
  sendSeconds: Number(sendSeconds.toFixed(1)),
  drainSeconds: Number(drainSeconds.toFixed(1)),
  deliveries: Object.fromEntries(statuses.rows.map((row) => [String(row.status), Number(row.n)])),
  appErrors: Object.fromEntries(appErrors),
};
console.log(`
  webhooks sent                      ${figures.webhooks}
  acknowledged (200)                 ${figures.acked}    (sends refused or cut by a kill, then redelivered: ${figures.sendsRefusedOrCut})
  triggered (orders)                 ${figures.triggered}
  duplicates, key honoured           ${figures.duplicatesWithKeyHonoured}
  duplicates, key ignored            ${figures.duplicatesWithoutKey}    (repeats the simulator dropped by Idempotency-Key: ${figures.droppedByKey})
  lost (acked, never triggered)      ${figures.lost}
  kills (SIGKILL of the app)         ${figures.kills}
  deliveries by status               ${JSON.stringify(figures.deliveries)}
`);
console.log(JSON.stringify(figures));

app.kill("SIGTERM");
await stack.stop();
process.exit(figures.lost > 0 || figures.duplicatesWithKeyHonoured > 0 ? 1 : 0);
