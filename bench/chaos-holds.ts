/**
 * `npm run chaos:holds`: the kill -9 proof of the holds' tasks on the job mechanism (docs/decisions/310, 311). A
 * burst of cash-on-delivery orders is created on the platform simulator, which routes each into a fulfilment order
 * and tells the app; the app owes a hold for each (a `fulfilment-task` job). Once every order is held, the buyer
 * confirms every order, and the app owes a release for each. All along, a random worker process is killed with
 * SIGKILL every few seconds and started again. Then it counts what the platform recorded:
 *
 *   double holds   fulfilment orders the app placed more than one hold on (the platform records each hold)
 *   lost tasks     owed holds or releases never done (a task row not done, an order never held, a hold left)
 *
 *   npm run chaos:holds                          PostgreSQL, 1 web + 3 worker processes, 200 orders, a kill every 2 s
 *   npm run chaos:holds -- --sqlite --workers 2  SQLite
 *   --orders 200 --kill-every 2000 --min-kills 10 --stall-ms 200 --phase-timeout 600
 *
 * `--stall-ms` holds back the platform's answer to each hold that long after placing it: the window in which a kill
 * leaves a hold placed and not recorded (the case a second hold would come from). A benchmark-style script: it
 * reports, and exits 1 when a double hold or a lost task was counted.
 */
import os from "node:os";
import { sleep } from "../sandbox/lib/http";
import { fulfillmentOrdersOf } from "../sandbox/platform/fulfillment";
import { DEMO_SHOP } from "../sandbox/platform/seed";
import { configureShop, installShop, startStack, type Stack } from "../sandbox/stack";
import { openDatabase, type BenchDatabase } from "./lib/bench-database";
import { each, holdsOn, post, waitFor } from "./lib/holds-chaos";
import { prepareRun } from "./lib/prepare-run";
import { helpRequested, numberOption } from "./lib/signed-orders";

const USAGE = `
npm run chaos:holds -- [options]   (npx tsx bench/chaos-holds.ts)
  Holds and releases owed for a burst of orders while a random worker process is SIGKILLed every --kill-every ms;
  prints double holds and lost tasks.
  --sqlite                SQLite instead of PostgreSQL (a throwaway cluster)
  --web N                 web processes (default 1; they are not killed)
  --workers N             worker processes (default 3)
  --orders N              orders created (default 200)
  --concurrency N         orders created / answers sent at once (default 8)
  --kill-every MS         a worker SIGKILLed every MS milliseconds (default 2000)
  --min-kills N           keep killing until N kills even when the tasks are done sooner (default 10)
  --stall-ms MS           the platform answers each hold MS after placing it (default 200; 0: at once)
  --phase-timeout S       seconds to wait for every hold, then for every release (default 600)
Exits 1 when a fulfilment order got two holds from the app or an owed hold or release was not done.
`;

function parseArgs(argv: string[]) {
  const value = (name: string, fallback: number) => numberOption(argv, name, fallback);
  return {
    postgres: !argv.includes("--sqlite"),
    web: value("web", 1),
    workers: value("workers", 3),
    orders: value("orders", 200),
    concurrency: value("concurrency", 8),
    killEveryMs: value("kill-every", 2_000),
    minKills: value("min-kills", 10),
    stallMs: value("stall-ms", 200),
    phaseTimeoutSeconds: value("phase-timeout", 600),
  };
}

type Options = ReturnType<typeof parseArgs>;

async function main() {
  helpRequested(process.argv.slice(2), USAGE);
  const options = parseArgs(process.argv.slice(2));
  const { databaseFile, postgres } = await prepareRun("chaos-holds", { postgres: options.postgres });
  const appErrors = new Map<string, number>();
  const holdCalls = { placed: 0, refused: 0 };
  const stack = await startStack({
    databaseFile,
    databaseUrl: postgres?.databaseUrl,
    logLevel: "error",
    webProcesses: options.web,
    superviseWeb: true,
    workerProcesses: options.workers,
    events: (event) => {
      if (event.system !== "platform") return;
      if (event.message.startsWith("fulfillmentOrderHold refused")) holdCalls.refused++;
      else if (event.message.startsWith("fulfillmentOrderHold ")) holdCalls.placed++;
    },
    onAppLog: (line) => {
      if (line.includes('"msg":"web process') || line.includes('"level":30')) return;
      const message = line.slice(0, 160);
      appErrors.set(message, (appErrors.get(message) ?? 0) + 1);
    },
    extraEnv: { CALLBACK_RATE_LIMIT_BURST: "100000", CALLBACK_RATE_LIMIT_PER_SECOND: "10000" },
  });
  const database = await openDatabase(stack.databaseUrl);
  const stop = async () => {
    await database.close();
    await stack.stop();
    postgres?.stop();
  };
  process.once("SIGINT", () => void stop().then(() => process.exit(130)));
  try {
    const result = await run(stack, database, options, holdCalls);
    print(options, result, holdCalls, appErrors);
    if (result.doubleHolds || result.lost.total) process.exitCode = 1;
  } finally {
    await stop();
  }
}

async function run(stack: Stack, database: BenchDatabase, options: Options, holdCalls: { placed: number }) {
  await installShop(stack, DEMO_SHOP);
  await configureShop(stack, DEMO_SHOP);
  await holdsOn(stack);
  const stall = await post(`${stack.platformUrl}/sim/fulfillment/stall`, {
    count: options.stallMs ? options.orders * 2 : 0,
    ms: options.stallMs,
  });
  if (stall.status !== 200) throw new Error(`stall: HTTP ${stall.status}`);
  const shop = stack.platform.shopState(DEMO_SHOP);

  // The killer: a random worker every killEveryMs until both phases are over and at least minKills were made.
  const kills = { holdPhase: 0, releasePhase: 0, whileTaskLocked: 0 };
  const now: { phase: "hold" | "release" | "done" } = { phase: "hold" };
  const killer = (async () => {
    while (now.phase !== "done" || kills.holdPhase + kills.releasePhase < options.minKills) {
      await sleep(options.killEveryMs);
      if ((await database.lockedTaskJobs()) > 0) kills.whileTaskLocked++;
      stack.killWorker(Math.floor(Math.random() * options.workers));
      if (now.phase !== "hold") kills.releasePhase++;
      else kills.holdPhase++;
    }
  })();
  // Tasks whose job was tried more than once: a kill (or a failed try) under it.
  const retried = new Set<string>();
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      for (const key of await database.retriedTaskJobs()) retried.add(key);
      await sleep(200);
    }
  })();

  console.log(
    `creating ${options.orders} cash-on-delivery orders on ${options.postgres ? "PostgreSQL" : "SQLite"}, ${options.web} web + ${options.workers} worker processes, a worker SIGKILLed every ${options.killEveryMs} ms...`,
  );
  const started = performance.now();
  const orders: { id: number; name: string }[] = [];
  await each(
    Array.from({ length: options.orders }, (_, index) => index),
    options.concurrency,
    async () => {
      const response = await post(`${stack.platformUrl}/sim/orders`, { shop: DEMO_SHOP });
      const { order } = (await response.json()) as { order: { id: string; name: string } };
      orders.push({ id: Number(order.id.split("/").pop()), name: order.name });
    },
  );
  const appHolds = (order: { id: number }) =>
    fulfillmentOrdersOf(shop, order.id).flatMap((fulfillmentOrder) =>
      fulfillmentOrder.holds.filter((hold) => hold.owner === "app"),
    );
  const heldAll = await waitFor(
    async () =>
      orders.every((order) => appHolds(order).length > 0) &&
      (await database.tasks()).filter((task) => task.kind === "hold" && task.status === "done").length ===
        orders.length,
    options.phaseTimeoutSeconds,
  );
  const holdSeconds = (performance.now() - started) / 1000;
  console.log(
    `held: ${heldAll ? "every order" : "NOT every order"} in ${Math.round(holdSeconds)} s; the buyers confirm...`,
  );

  now.phase = "release";
  const releaseStarted = performance.now();
  await each(orders, options.concurrency, async (order) => {
    // 404 until the flow was triggered for the order; a callback the app did not take (200) is sent again.
    for (let attempt = 0; attempt < 600; attempt++) {
      const response = await post(`${stack.automationUrl}/sim/answer`, { orderName: order.name, status: "confirmed" });
      const body = (await response.json()) as { callbacks?: { httpStatus: number }[] };
      if (response.status === 200 && body.callbacks?.[0]?.httpStatus === 200) return;
      await sleep(500);
    }
    throw new Error(`the buyer's answer for ${order.name} was never taken`);
  });
  // Over when no app hold is left and every release is finished (none still owed): a release that stood down
  // (the row says why) is finished, not lost.
  const releasedAll = await waitFor(async () => {
    if (orders.some((order) => appHolds(order).length > 0)) return false;
    const releases = (await database.tasks()).filter((task) => task.kind === "release");
    return releases.length === orders.length && releases.every((task) => task.status !== "owed");
  }, options.phaseTimeoutSeconds);
  const releaseSeconds = (performance.now() - releaseStarted) / 1000;
  now.phase = "done";
  await killer;
  // A late second try would come now: give the fleet a moment before counting.
  await sleep(3_000);
  watching = false;
  await watcher;

  // What the platform recorded for each order (the simulator routes an order into one fulfilment order): every
  // hold the app placed on it.
  const holdsPerOrder = new Map<string, number>();
  let releasedByApp = 0;
  let releasedByMerchant = 0;
  for (const order of orders) {
    const response = await fetch(
      `${stack.platformUrl}/sim/fulfillment?shop=${DEMO_SHOP}&order=${encodeURIComponent(order.name)}`,
    );
    const view = (await response.json()) as { events: { action: string; detail: Record<string, unknown> }[] };
    const placed = view.events.filter((event) => event.action === "hold" && event.detail.owner === "app");
    holdsPerOrder.set(order.name, placed.length);
    if (view.events.some((event) => event.action === "release" && event.detail.owner === "app")) releasedByApp++;
    if (view.events.some((event) => event.action === "release" && event.detail.owner === "merchant"))
      releasedByMerchant++;
  }
  const fulfillmentOrders = orders.reduce((sum, order) => sum + fulfillmentOrdersOf(shop, order.id).length, 0);
  const tasks = await database.tasks();
  const byKindAndStatus = (kind: string, status: string) =>
    tasks.filter((task) => task.kind === kind && task.status === status).length;
  // Lost: a task still owed, or given up. A task that stood down finished (its row says why; listed below).
  const notDone = tasks.filter((task) => task.status === "owed" || task.status === "given_up").length;
  const neverHeld = [...holdsPerOrder.values()].filter((count) => count === 0).length;
  const stillHeld = orders.filter((order) => appHolds(order).length > 0).length;
  return {
    machine: {
      cpus: os.cpus().length,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      loadAverage1m: Math.round(os.loadavg()[0] * 100) / 100,
    },
    orders: orders.length,
    fulfillmentOrders: fulfillmentOrders,
    holdSeconds: Math.round(holdSeconds),
    releaseSeconds: Math.round(releaseSeconds),
    holdsPlaced: [...holdsPerOrder.values()].reduce((sum, count) => sum + count, 0),
    holdCallsPlaced: holdCalls.placed,
    releases: { byApp: releasedByApp, byMerchant: releasedByMerchant },
    doubleHolds: [...holdsPerOrder.values()].filter((count) => count > 1).length,
    tasks: {
      holdDone: byKindAndStatus("hold", "done"),
      releaseDone: byKindAndStatus("release", "done"),
      other: tasks.length - byKindAndStatus("hold", "done") - byKindAndStatus("release", "done"),
    },
    // What became of every task not done, and why (the row's last problem).
    notDoneTasks: tasks
      .filter((task) => task.status !== "done")
      .map((task) => `${task.kind} ${task.status} after ${task.attempts} tries: ${task.lastProblem ?? "-"}`),
    lost: { total: notDone + neverHeld + stillHeld + (heldAll && releasedAll ? 0 : 1), notDone, neverHeld, stillHeld },
    jobsLeft: await database.taskJobsLeft(),
    retriedTasks: retried.size,
    kills: { total: kills.holdPhase + kills.releasePhase, ...kills },
  };
}

function print(
  options: Options,
  result: Awaited<ReturnType<typeof run>>,
  holdCalls: { refused: number },
  appErrors: Map<string, number>,
) {
  const row = (label: string, value: unknown) => console.log(`  ${label.padEnd(52)} ${String(value)}`);
  console.log("\nholds chaos results");
  row(
    "setup",
    `${options.postgres ? "PostgreSQL" : "SQLite"}, ${options.web} web + ${options.workers} worker processes`,
  );
  row(
    "machine: cpus / memory / load average (1 min) at the end",
    `${result.machine.cpus} / ${result.machine.memoryGb} GB / ${result.machine.loadAverage1m}`,
  );
  row("orders / fulfilment orders routed", `${result.orders} / ${result.fulfillmentOrders}`);
  row("every order held in / every hold released in", `${result.holdSeconds} s / ${result.releaseSeconds} s`);
  row(
    "kills (hold phase / release phase)",
    `${result.kills.total} (${result.kills.holdPhase} / ${result.kills.releasePhase})`,
  );
  row("kills while a hold or release job was locked", result.kills.whileTaskLocked);
  row("tasks whose job was tried again", result.retriedTasks);
  row(
    "holds the platform placed for the app",
    `${result.holdsPlaced} (hold calls: ${result.holdCallsPlaced} placed, ${holdCalls.refused} refused)`,
  );
  row("double holds (a fulfilment order held twice)", result.doubleHolds);
  row(
    "hold tasks done / release tasks done / other",
    `${result.tasks.holdDone} / ${result.tasks.releaseDone} / ${result.tasks.other}`,
  );
  row(
    "lost: tasks owed or given up / never held / hold left",
    `${result.lost.notDone} / ${result.lost.neverHeld} / ${result.lost.stillHeld}`,
  );
  row("fulfilment-task jobs left", result.jobsLeft);
  row(
    "orders the platform saw released by the app / the merchant",
    `${result.releases.byApp} / ${result.releases.byMerchant}`,
  );
  for (const task of result.notDoneTasks) row("a task not done (status, why)", task);
  for (const [message, count] of appErrors) row(`app logged ×${count}`, message);
  console.log(`\n${JSON.stringify({ options, ...result })}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
