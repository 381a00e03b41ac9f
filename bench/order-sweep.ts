/**
 * `npm run bench -- --order-sweep [--orders 10000] [--missing 100]`: what the reconciliation sweep costs a shop
 * with `orders` orders a day (docs/decisions/221). A throwaway SQLite file (tmp/bench/order-sweep.sqlite) holds a
 * delivery for every order of the last 24 hours but `missing`; the platform simulator, in this process, serves
 * the orders. Times and counts, against the simulator's GraphQL log and cost estimate:
 *
 * - the scheduled run at steady state (a watermark 15 minutes old: the period's orders plus the overlap);
 * - "Check the last 24 hours" (also a shop's first sweep): the whole day listed, the missing ones read and queued.
 */
import { performance } from "node:perf_hooks";
import { createPlatformSimulator } from "../sandbox/platform/server";
import { createOrder } from "../sandbox/platform/state";
import { orderPayload } from "../sandbox/platform/webhooks";
import { freshBenchDatabase, option } from "./lib/setup";

const SHOP = "bench-sweep.myshopify.com";
const TOKEN = "shpat_bench_sweep";

export async function runOrderSweepBench(argv: string[]) {
  const perDay = option(argv, "orders", 10_000);
  const missing = option(argv, "missing", 100);
  const file = freshBenchDatabase("order-sweep");

  const platform = createPlatformSimulator({ apiKey: "bench", secret: "bench-secret", appUrl: "http://127.0.0.1:9" });
  const listening = await platform.listen(0);
  Object.assign(process.env, {
    DATABASE_URL: `file:${file}`,
    PLATFORM_API_KEY: "bench",
    PLATFORM_API_SECRET: "bench-secret",
    PLATFORM_APP_URL: "https://bench.invalid",
    ENCRYPTION_KEY: "0".repeat(64),
    AUTOMATION_API_URL: "https://automation.invalid",
    SUPPLIER_API_URL: "https://supplier.invalid",
    SUPPLIER_ORIGIN: "https://supplier.invalid",
    SUPPLIER_IMAGE_BASE_URL: "https://supplier.invalid",
    PLATFORM_ORIGIN_OVERRIDE: listening.url,
    SCOPES: "read_orders,write_orders",
    LOG_LEVEL: "silent",
    NODE_ENV: "development",
  });
  const { default: prisma } = await import("../app/db.server");
  const { sessionStorage } = await import("../app/shopify.server");
  const { Session } = await import("@shopify/shopify-api");
  const { insertDelivery } = await import("../app/services/deliveries/outbox.server");
  const { extractEventKeys } = await import("../app/services/deliveries/event-keys.server");
  const { sweepFromWatermark, sweepLastDay, SWEEP_EVERY_MS, SWEEP_GRACE_MS } =
    await import("../app/services/orders/sweep.server");

  // The shop: installed (an offline token the simulator accepts), its day of orders on the platform.
  const state = platform.shopState(SHOP);
  state.accessTokens.add(TOKEN);
  state.orders.length = 0;
  await sessionStorage.storeSession(
    new Session({
      id: `offline_${SHOP}`,
      shop: SHOP,
      state: "",
      isOnline: false,
      scope: "read_orders",
      accessToken: TOKEN,
    }),
  );
  const now = new Date();
  const dayMs = 86_400_000;
  const orders = Array.from({ length: perDay }, (_, index) =>
    createOrder(state, { createdAt: new Date(now.getTime() - dayMs + (index * dayMs) / perDay) }),
  );
  // Every order's webhook arrived but `missing` of them, spread over the day.
  const lost = new Set(Array.from({ length: missing }, (_, index) => Math.floor((index * perDay) / missing)));
  const seedStart = performance.now();
  for (const [index, order] of orders.entries()) {
    if (lost.has(index)) continue;
    const payload = orderPayload(order);
    await insertDelivery({
      shop: SHOP,
      topic: "orders/create",
      eventId: `event:${order.id}`,
      keys: extractEventKeys("orders/create", payload),
      payload: JSON.stringify(payload),
      nextAttemptAt: now,
      receivedAt: new Date(order.createdAt),
    });
  }
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const graphqlLog = async () =>
    ((await (await fetch(`${listening.url}/sim/graphql`)).json()) as { requests: { operationName: string }[] })
      .requests;
  const measure = async (run: () => Promise<{ listed: number; recovered: number; requests: number } | null>) => {
    const before = (await graphqlLog()).length;
    const start = performance.now();
    const result = await run();
    const ms = performance.now() - start;
    const requests = (await graphqlLog()).slice(before);
    const count = (name: string) => requests.filter((request) => request.operationName === name).length;
    return {
      ms: Math.round(ms),
      listed: result?.listed ?? 0,
      recovered: result?.recovered ?? 0,
      requests: requests.length,
      byOperation: {
        SweepOrderIds: count("SweepOrderIds"),
        SweepOrders: count("SweepOrders"),
        SweepDraftOrderIds: count("SweepDraftOrderIds"),
      },
    };
  };

  // Steady state: the last run left its watermark one period ago.
  await prisma.orderSweep.create({
    data: { shop: SHOP, watermark: new Date(now.getTime() - SWEEP_EVERY_MS - SWEEP_GRACE_MS) },
  });
  const scheduled = await measure(() => sweepFromWatermark(SHOP, { now }));
  const fullDay = await measure(() => sweepLastDay(SHOP, { now }));

  const result = {
    ordersPerDay: perDay,
    webhooksMissing: missing,
    seedSeconds: Math.round(seedSeconds * 10) / 10,
    scheduledRun: { everyMinutes: SWEEP_EVERY_MS / 60_000, ...scheduled },
    runsPerDay: dayMs / SWEEP_EVERY_MS,
    checkLast24Hours: fullDay,
    // The platform's published rule (a connection: 2 + first x its node's cost; an object: 1; a scalar: 0).
    requestedCost: { listingPage: 2 + 250, fullReadOf3: 3 * (9 + 2 + 50 * 5) },
    queued: await prisma.delivery.count({ where: { shop: SHOP } }),
  };
  console.table({
    "scheduled run": {
      ms: scheduled.ms,
      listed: scheduled.listed,
      recovered: scheduled.recovered,
      requests: scheduled.requests,
    },
    "last 24 hours": {
      ms: fullDay.ms,
      listed: fullDay.listed,
      recovered: fullDay.recovered,
      requests: fullDay.requests,
    },
  });
  console.log(JSON.stringify(result, null, 2));
  await prisma.$disconnect();
  await listening.close();
}
