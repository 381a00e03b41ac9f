/**
 * `npm run bench:journey -- [--parcels 1000] [--rate 100] [--batch 200] [--order-rate 50] [--postgres] [--unmatched]`
 * (or `npm run bench -- --journey …`): the supplier marketplace's status pushes for a shop's parcels, compressed in
 * time, against the app's production build (docs/decisions/324). A shop with 10,000 parcels a day gets about 80,000 statuses a day (8 per delivered parcel),
 * about 1 a second on average; here `parcels` parcels' 8 statuses each are pushed at `rate` a second on average, in
 * batches of `batch` sent all at once, with ~10 % pushed twice and ~10 % after the status that followed them.
 *
 * - orders: orders/create webhooks at `order-rate` a second for as long, alone (the order path's reference);
 * - statuses: the pushes alone: acknowledgements, the app's CPU per status (the apply jobs included, to the last
 *   event applied), push to applied projection p50 / p99, and the events not yet applied as the last push is answered;
 * - orders beside statuses: both at once, a second set of parcels.
 *
 * The parcels are the orders of the orders-alone phase (`shop_order_id` names them), so each apply matches its store
 * order and owes the store's steps (fulfil, carrier events, paid), run as jobs meanwhile; `--unmatched` pushes
 * parcels no store order is known for (every apply tries the match again, no steps).
 *
 * `--parcels 20 --rate 40` is a run of a few seconds a phase (its figures mean nothing; it shows the bench works).
 */
import os from "node:os";
import { readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { DEMO_SHOP } from "../sandbox/platform/seed";
import { sleep } from "../sandbox/lib/http";
import { adminAction, configureShop, installShop, startStack, type Stack } from "../sandbox/stack";
import { statusPushes, PARCEL_PATH } from "./lib/journey-day";
import { prepareRun } from "./lib/prepare-run";
import { millisOf, readAppDb } from "./lib/read-app-db";
import { option } from "./lib/setup";
import { createSignedOrder, orderWebhookHeaders } from "./lib/signed-orders";

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return null;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 10) / 10;
}

const latencies = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: percentile(sorted, 100) };
};

/** CPU seconds (user + system) the app's processes have used, from /proc (Linux). */
function appCpuSeconds(stack: Stack) {
  return [...stack.webPids].reduce((sum, pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return sum + (Number(fields[11]) + Number(fields[12])) / 100;
  }, 0);
}

interface Options {
  parcels: number;
  rate: number;
  batch: number;
  orderRate: number;
  drainSeconds: number;
}

function thread<T>(file: string, workerData: unknown) {
  const worker = new Worker(new URL(file, import.meta.url), { workerData, execArgv: ["--import", "tsx"] });
  return new Promise<T>((resolve, reject) => {
    worker.once("message", (message: T) => void worker.terminate().then(() => resolve(message)));
    worker.once("error", reject);
  });
}

/** Orders/create webhooks at `rate` a second for `seconds`, sent and timed by bench/lib/ack-timer.ts. */
function sendOrders(stack: Stack, rate: number, seconds: number) {
  const shop = stack.platform.shopState(DEMO_SHOP);
  const orders = Array.from({ length: Math.round(rate * seconds) }, () => createSignedOrder(shop));
  const webhooks = orders.map(({ body }) => ({ body, headers: orderWebhookHeaders(body) }));
  return {
    names: orders.map((order) => order.name),
    timed: thread<{ acks: number[]; failed: number }>("./lib/ack-timer.ts", { appUrl: stack.appUrl, rate, webhooks }),
  };
}

const unapplied = async (stack: Stack) =>
  Number(
    (
      await readAppDb<{ n: number }>(
        stack,
        `SELECT COUNT(*) AS n FROM "SupplierStatusEvent" WHERE "shop" = ? AND "appliedAt" IS NULL`,
        [DEMO_SHOP],
      )
    )[0].n,
  );

/** One set of parcels' pushes, timed; the backlog sampled each second; then waited on until every event is applied. */
async function pushStatuses(
  stack: Stack,
  receiver: string,
  options: Options,
  firstId: number,
  orderNames: string[] | undefined,
  beside?: boolean,
) {
  const statuses = options.parcels * PARCEL_PATH.length;
  const spanMs = (statuses / options.rate) * 1000;
  const day = statusPushes({
    parcels: options.parcels,
    firstId,
    spanMs,
    batch: options.batch,
    duplicateShare: 0.1,
    outOfOrderShare: 0.1,
    seed: firstId,
    orderNames,
  });
  const orders = beside ? sendOrders(stack, options.orderRate, spanMs / 1000) : null;
  const cpuBefore = appCpuSeconds(stack);
  const started = performance.now();
  const pushed = thread<{ acks: number[]; statuses: Record<string, number>; duplicates: number; seconds: number }>(
    "./lib/status-pusher.ts",
    { url: receiver, batches: day.batches },
  );
  let sending = true;
  const backlog: number[] = [];
  const sampler = (async () => {
    while (sending) {
      backlog.push(await unapplied(stack));
      await sleep(1_000);
    }
  })();
  const sent = await pushed;
  sending = false;
  await sampler;
  const backlogAtLastAck = await unapplied(stack);
  const drainUntil = Date.now() + options.drainSeconds * 1000;
  let left = backlogAtLastAck;
  while (left > 0 && Date.now() < drainUntil) {
    await sleep(250);
    left = await unapplied(stack);
  }
  const drainedAfterS = left === 0 ? Math.round(performance.now() - started) / 1000 - sent.seconds : null;
  const cpuSeconds = appCpuSeconds(stack) - cpuBefore;
  const wallSeconds = (performance.now() - started) / 1000;
  const ordersTimed = orders ? await orders.timed : null;

  const events = await readAppDb<{ supplierOrderId: string; receivedAt: unknown; appliedAt: unknown }>(
    stack,
    `SELECT "supplierOrderId", "receivedAt", "appliedAt" FROM "SupplierStatusEvent" WHERE "shop" = ?`,
    [DEMO_SHOP],
  );
  const stored = events.filter((event) => {
    const id = Number(event.supplierOrderId);
    return id >= firstId && id < firstId + options.parcels;
  });
  const toApplied = stored
    .filter((event) => event.appliedAt !== null)
    .map((event) => millisOf(event.appliedAt)! - millisOf(event.receivedAt)!);
  const projections = await readAppDb<{
    stage: string;
    eventCount: number;
    supplierOrderId: string;
    orderId: string | null;
  }>(stack, `SELECT "stage", "eventCount", "supplierOrderId", "orderId" FROM "SupplierOrder" WHERE "shop" = ?`, [
    DEMO_SHOP,
  ]);
  const ours = (row: { supplierOrderId: string }) => {
    const id = Number(row.supplierOrderId);
    return id >= firstId && id < firstId + options.parcels;
  };
  const ourProjections = projections.filter(ours);
  // The store's steps the applies owed (fulfil, carrier events, paid, end): jobs of their own, run meanwhile.
  const steps = (
    await readAppDb<{ supplierOrderId: string; status: string }>(
      stack,
      `SELECT "supplierOrderId", "status" FROM "JourneyStep" WHERE "shop" = ?`,
      [DEMO_SHOP],
    )
  ).filter(ours);
  const stepsByStatus = steps.reduce<Record<string, number>>((counts, step) => {
    counts[step.status] = (counts[step.status] ?? 0) + 1;
    return counts;
  }, {});
  return {
    parcels: options.parcels,
    statuses,
    pushes: day.pushes,
    repeatsSent: day.duplicates,
    outOfOrder: day.outOfOrder,
    batches: day.batches.length,
    pushSeconds: Math.round(sent.seconds * 10) / 10,
    answers: sent.statuses,
    answeredDuplicate: sent.duplicates,
    ackMs: latencies(sent.acks),
    eventsStored: stored.length,
    pushToAppliedMs: latencies(toApplied),
    backlogMaxWhilePushing: Math.max(0, ...backlog),
    backlogAtLastAck,
    drainedAfterLastAckS: drainedAfterS === null ? null : Math.round(drainedAfterS * 10) / 10,
    unappliedAfterDrain: left,
    projections: ourProjections.length,
    projectionsMatchedToStoreOrders: ourProjections.filter((row) => row.orderId !== null).length,
    storeStepsAtDrain: stepsByStatus,
    projectionsDeliveredWithAllEvents: ourProjections.filter(
      (row) => row.stage === "delivered" && Number(row.eventCount) === PARCEL_PATH.length,
    ).length,
    appCpuSeconds: Math.round(cpuSeconds * 100) / 100,
    appCpuPercentOfOneCore: Math.round((cpuSeconds / wallSeconds) * 100),
    appCpuMsPerPush: Math.round(((cpuSeconds * 1000) / day.pushes) * 100) / 100,
    appCpuMsPerStatus: Math.round(((cpuSeconds * 1000) / statuses) * 100) / 100,
    orders: ordersTimed && orders ? { names: orders.names, ...ordersTimed } : null,
  };
}

/** Of these orders, how many reached the flow within `seconds`. */
async function reached(stack: Stack, names: string[], seconds: number) {
  const waitUntil = Date.now() + seconds * 1000;
  const triggered = () => new Set(stack.automation.triggers.map((trigger) => String(trigger.payload.orderName)));
  while (Date.now() < waitUntil && names.some((name) => !triggered().has(name))) await sleep(250);
  const seen = triggered();
  return names.filter((name) => seen.has(name)).length;
}

export async function runJourneyBench(argv: string[]) {
  const options: Options = {
    parcels: option(argv, "parcels", 1000),
    rate: option(argv, "rate", 100),
    batch: option(argv, "batch", 200),
    orderRate: option(argv, "order-rate", 50),
    drainSeconds: option(argv, "drain", 180),
  };
  const postgresRun = argv.includes("--postgres");
  const unmatched = argv.includes("--unmatched");
  const { databaseFile, postgres } = await prepareRun("journey", {
    postgres: postgresRun,
    build: !argv.includes("--no-build"),
  });
  const stack = await startStack({ databaseFile, databaseUrl: postgres?.databaseUrl, logLevel: "warn" });
  try {
    await installShop(stack, DEMO_SHOP);
    await configureShop(stack, DEMO_SHOP);
    await fetch(`${stack.automationUrl}/sim/mode`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ callback: { status: "none" } }),
    });
    const made = await adminAction<{ receiverUrl: string }>(stack, DEMO_SHOP, "/app/settings", {
      intent: "supplier-receiver-new",
    });
    if (made.status !== 200) throw new Error(`the receiver URL answered ${made.status}`);
    const url = made.data.receiverUrl;
    const receiver = new URL(new URL(url).pathname, stack.appUrl).toString();
    const loadAtStart = os.loadavg()[0];
    const seconds = (options.parcels * PARCEL_PATH.length) / options.rate;

    // First the orders alone: the parcels of the next phases are theirs (the marketplace names the store order),
    // so each apply matches its order and owes the store's steps, unless `--unmatched`.
    console.log(`orders: ${options.orderRate} webhooks/s for ${seconds} s, nothing else`);
    const ordersAlone = sendOrders(stack, options.orderRate, seconds);
    const ordersAloneTimed = await ordersAlone.timed;
    const ordersAloneReached = await reached(stack, ordersAlone.names, 30);
    const names = (from: number) =>
      unmatched ? undefined : ordersAlone.names.slice(from * options.parcels, (from + 1) * options.parcels);

    console.log(
      `statuses: ${options.parcels} parcels × ${PARCEL_PATH.length} at ${options.rate}/s, batches of ${options.batch}`,
    );
    const statusesAlone = await pushStatuses(stack, receiver, options, 100_000, names(0));

    console.log("orders beside statuses");
    const beside = await pushStatuses(stack, receiver, options, 200_000, names(1), true);
    const besideReached = beside.orders ? await reached(stack, beside.orders.names, 30) : 0;

    const orderSummary = (timed: { acks: number[]; failed: number }, names: string[], reachedFlow: number) => ({
      sent: names.length,
      acknowledged: timed.acks.length,
      failed: timed.failed,
      ackMs: latencies(timed.acks),
      reachedFlowWithin30s: reachedFlow,
    });
    const { orders: besideOrders, ...besideStatuses } = beside;
    const result = {
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "unknown"}, ${Math.round(os.totalmem() / 2 ** 30)} GB`,
      load: { atStart: Math.round(loadAtStart * 100) / 100, atEnd: Math.round(os.loadavg()[0] * 100) / 100 },
      engine: postgresRun ? "PostgreSQL" : "SQLite",
      options: { ...options, parcelsMatchStoreOrders: !unmatched },
      statusesAlone: { ...statusesAlone, orders: undefined },
      ordersAlone: orderSummary(ordersAloneTimed, ordersAlone.names, ordersAloneReached),
      statusesBesideOrders: besideStatuses,
      ordersBesideStatuses: besideOrders ? orderSummary(besideOrders, besideOrders.names, besideReached) : null,
    };
    console.table({
      "statuses alone": { ...statusesAlone.ackMs, cpuMsPerStatus: statusesAlone.appCpuMsPerStatus },
      "statuses beside orders": { ...beside.ackMs, cpuMsPerStatus: beside.appCpuMsPerStatus },
      "orders alone": result.ordersAlone.ackMs,
      "orders beside statuses": result.ordersBesideStatuses?.ackMs,
    });
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await stack.stop();
    postgres?.stop();
  }
}
