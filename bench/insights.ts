/**
 * `npm run bench -- --insights [--rows 1000000]`: the delivery insights' aggregate queries at scale. Seeds a
 * throwaway SQLite file (tmp/bench/insights.sqlite, the app's migrations) with `rows` deliveries: half of them
 * one busy shop's last 30 days (the worst case for its queries), the rest 1,000 per other shop; then times
 * `deliveryInsights` for the busy shop and a typical one, and prints each statement's query plan.
 */
import { performance } from "node:perf_hooks";
import { freshBenchDatabase, option } from "./lib/setup";

const BUSY = "busy.myshopify.com";

export async function runInsightsBench(argv: string[]) {
  const rows = option(argv, "rows", 1_000_000);
  const repeats = option(argv, "repeats", 5);
  const file = freshBenchDatabase("insights");
  // The app's modules read their configuration on first use; the values only need to be valid.
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
    LOG_LEVEL: "silent",
    NODE_ENV: "production",
  });
  const { default: prisma } = await import("../app/db.server");
  const { deliveryInsights } = await import("../app/services/deliveries/insights.server");

  const now = new Date();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const busyRows = Math.floor(rows / 2);
  const seedStart = performance.now();
  // One INSERT ... SELECT per shop group: SQLite generates the rows itself (a recursive counter).
  // Statuses: 85 % delivered, 5 % retrying, 5 % dead, 3 % flow_failed, 2 % queued; a 400-byte payload each.
  const seed = (shopExpr: string, count: number, spanSeconds: number) =>
    prisma.$executeRawUnsafe(`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
      INSERT INTO "Delivery" ("id", "shop", "topic", "eventId", "status", "attempts", "nextAttemptAt", "flowId",
        "payload", "attemptLog", "tagsApplied", "deliveredAt", "callbackStatus", "createdAt", "updatedAt")
      SELECT id, shop, 'orders/create', 'event:' || id, status, 1, created, CASE WHEN i % 4 = 0 THEN 'f_202' ELSE 'f_101' END,
        substr(hex(zeroblob(200)), 1, 400), '[]', '[]',
        CASE WHEN status IN ('delivered', 'flow_failed') THEN strftime('%Y-%m-%dT%H:%M:%f+00:00', t + (i % 3000) / 1000.0, 'unixepoch') END,
        CASE WHEN status = 'flow_failed' THEN 'failed' WHEN status = 'delivered' AND i % 10 < 6 THEN 'success'
          WHEN status = 'delivered' AND i % 10 = 6 THEN 'error' END,
        created, created
      FROM (SELECT i, ${shopExpr} AS shop, lower(hex(randomblob(12))) AS id, ${nowSeconds} - (i * 7919) % ${spanSeconds} AS t,
          CASE WHEN i % 100 < 85 THEN 'delivered' WHEN i % 100 < 90 THEN 'retrying' WHEN i % 100 < 95 THEN 'dead'
            WHEN i % 100 < 98 THEN 'flow_failed' ELSE 'queued' END AS status,
          strftime('%Y-%m-%dT%H:%M:%f+00:00', ${nowSeconds} - (i * 7919) % ${spanSeconds}, 'unixepoch') AS created
        FROM n)`);
  await seed(`'${BUSY}'`, busyRows, 30 * 86_400);
  await seed(
    `'shop-' || (i % ${Math.max(1, Math.floor((rows - busyRows) / 1000))}) || '.myshopify.com'`,
    rows - busyRows,
    90 * 86_400,
  );
  // The deliveries' count changes, folded as the periodic job does once a minute (docs/decisions/201).
  const { foldInsightCountChanges } = await import("../app/services/deliveries/insight-counts.server");
  await foldInsightCountChanges();
  await prisma.$executeRawUnsafe("ANALYZE");
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const total = await prisma.delivery.count();

  const time = async (shop: string, days: 7 | 30) => {
    await deliveryInsights(shop, days, now); // warm the page cache once
    const runs: number[] = [];
    let result;
    for (let i = 0; i < repeats; i++) {
      const start = performance.now();
      result = await deliveryInsights(shop, days, now);
      runs.push(performance.now() - start);
    }
    runs.sort((a, b) => a - b);
    const counted = result!.series.reduce((sum, p) => sum + p.delivered + p.retrying + p.failed + p.flowFailed, 0);
    return {
      shop,
      days,
      medianMs: Math.round(runs[Math.floor(runs.length / 2)] * 10) / 10,
      maxMs: Math.round(runs[runs.length - 1] * 10) / 10,
      counted,
      orderToTrigger: result!.orderToTrigger,
    };
  };
  const results = [await time(BUSY, 7), await time(BUSY, 30), await time("shop-1.myshopify.com", 30)];

  const plans = await prisma.$queryRawUnsafe<{ detail: string }[]>(
    `EXPLAIN QUERY PLAN SELECT "bucket", "status", SUM("n") FROM "InsightCount" WHERE "shop" = ? AND "bucket" >= ? GROUP BY 1, 2`,
    BUSY,
    Math.floor((now.getTime() - 30 * 86_400_000) / 900_000),
  );
  console.log(
    `\nDelivery insights at ${total.toLocaleString("en-US")} deliveries (seeded in ${seedSeconds.toFixed(1)} s)\n`,
  );
  for (const r of results) {
    console.log(
      `  ${r.shop.padEnd(22)} ${String(r.days).padStart(2)} days: median ${r.medianMs} ms, max ${r.maxMs} ms over ${repeats} runs` +
        ` (${r.counted.toLocaleString("en-US")} deliveries charted; order to trigger p50 ${r.orderToTrigger.p50Ms} ms, p95 ${r.orderToTrigger.p95Ms} ms)`,
    );
  }
  console.log(`  plan: ${plans.map((p) => p.detail).join("; ")}`);
  console.log(`\n${JSON.stringify({ rows: total, seedSeconds, results })}`);
  await prisma.$disconnect();
}
