import { expect, it } from "vitest";
import { setTimeout as sleep } from "node:timers/promises";
import { DeliveryWorker } from "~/services/deliveries/worker.server";
import { createAutomatedShop, createDelivery, restOrder } from "../../tests/helpers/factories";
import orderRest from "../../tests/fixtures/webhooks/order-rest.json";
import { triggerHandler, type TriggerCall } from "../../tests/mocks/automation";
import { server } from "../../tests/mocks/server";

/*
 * The worker's walk: one order's delivery from the worker taking it (DeliveryWorker's claim) to the trigger's HTTP call
 * (postJson in app/services/automation/trigger-http.server.ts), as the app's functions are entered. A stop is an
 * entry into a file from another one (functions entered one after another in the same file are one stop); a
 * re-entry is a stop in a file the walk already left once. The shop has its key and flow and no order rules; the
 * order has a usable mobile and is sent at once. A warm-up delivery first, so what loads once per process is not
 * counted. The connection layer every statement goes through (env, logger, the Prisma client and its adapter, the
 * SQLite thread's client, hot SQL and the statement compiler) is left out: it is the same whoever calls it, and
 * would count one stop per SQL value. So is the worker loop's own bookkeeping while the delivery awaits (tracking the
 * task, the idle sleep): it runs beside the delivery, not on its path.
 */

declare global {
  var __walk: ((file: string, name: string) => void) | undefined;
}

const T0 = new Date("2026-11-22T10:00:00.000Z");
const CONNECTION_LAYER =
  /(^|\/)(env|logger|db|db-adapter)\.server\.ts$|\/(sqlite-[^/]*|hot-sql[^/]*|statement(\.server)?\.ts)$/;

async function walkOneOrder(order: Record<string, unknown>, calls: TriggerCall[]) {
  const shop = await createAutomatedShop();
  await createDelivery(shop, { order, nextAttemptAt: T0, createdAt: T0 });
  const entries: { file: string; name: string }[] = [];
  let claimed = false;
  let done = false;
  globalThis.__walk = (file, name) => {
    claimed ||= file === "app/services/deliveries/worker.server.ts" && name === "claim";
    if (!claimed || done) return;
    entries.push({ file, name });
    if (file === "app/services/automation/trigger-http.server.ts" && name === "postJson") done = true;
  };
  const sent = calls.length;
  // One slot: with more, the loop claims again while the order is in flight, and that claim's stops would fall
  // in the middle of the walk on some runs and not on others.
  const worker = new DeliveryWorker({
    workerId: "walk",
    now: () => T0,
    random: () => 0.5,
    pollIntervalMs: 50,
    concurrency: 1,
  });
  try {
    worker.start();
    for (let waited = 0; calls.length === sent && waited < 10_000; waited += 20) await sleep(20);
  } finally {
    await worker.stop();
    globalThis.__walk = undefined;
  }
  return { entries, done };
}

it("measures the worker's walk of one order", async () => {
  const calls: TriggerCall[] = [];
  server.use(triggerHandler(calls));
  await walkOneOrder(restOrder(), calls);
  const { entries, done } = await walkOneOrder(orderRest, calls);
  expect(done).toBe(true);
  expect(calls).toHaveLength(2);

  const stops: { file: string; names: string[] }[] = [];
  const onPath = ({ file, name }: { file: string; name: string }) =>
    !CONNECTION_LAYER.test(file) &&
    !file.endsWith("/worker-options.server.ts") &&
    (!file.endsWith("/deliveries/worker.server.ts") || name === "claim");
  for (const { file, name } of entries.filter(onPath)) {
    const last = stops.at(-1);
    if (last?.file === file) last.names.push(name);
    else stops.push({ file, names: [name] });
  }
  const files = new Set(stops.map((stop) => stop.file));
  const reentries = stops.length - files.size;
  console.log(
    [
      `worker walk: ${stops.length} stops in ${files.size} files, ${reentries} re-entries (${entries.length} function entries)`,
      ...stops.map((stop, i) => `${String(i + 1).padStart(3)} ${stop.file}: ${[...new Set(stop.names)].join(", ")}`),
    ].join("\n"),
  );
  // The walk is one pass (docs/architecture.md, "The worker's walk"): a step that calls back into a file the
  // walk already left shows here, with the walk above to say where.
  expect(reentries).toBe(0);
});
