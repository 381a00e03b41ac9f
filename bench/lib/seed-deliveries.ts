/**
 * A child of `npm run bench -- --backlog` (bench/backlog.ts): stores a shop's day of orders as delivered, the way
 * the receiver stored them when their webhooks came, straight into the app's database (given as DATABASE_URL).
 * A process of its own so that the bench's simulators never share the app's environment or its Prisma client.
 *
 *   tsx bench/lib/seed-deliveries.ts <shop> <orders.json>    [{ payload, createdAt }, …]
 *   tsx bench/lib/seed-deliveries.ts --count-fingerprints <shop>
 */
import { readFileSync } from "node:fs";

Object.assign(process.env, {
  PLATFORM_API_KEY: "bench",
  PLATFORM_API_SECRET: "bench-secret",
  PLATFORM_APP_URL: "https://bench.invalid",
  ENCRYPTION_KEY: "0".repeat(64),
  AUTOMATION_API_URL: "https://automation.invalid",
  SUPPLIER_API_URL: "https://supplier.invalid",
  SUPPLIER_ORIGIN: "https://supplier.invalid",
  SUPPLIER_IMAGE_BASE_URL: "https://supplier.invalid",
  SCOPES: "read_orders,write_orders",
  LOG_LEVEL: "silent",
  NODE_ENV: "development",
});

async function main() {
  const { default: prisma } = await import("../../app/db.server");
  if (process.argv[2] === "--count-fingerprints") {
    console.log(await prisma.orderFingerprint.count({ where: { shop: process.argv[3] } }));
  } else {
    const { insertDelivery } = await import("../../app/services/deliveries/outbox.server");
    const { extractEventKeys } = await import("../../app/services/deliveries/event-keys.server");
    const shop = process.argv[2];
    const orders = JSON.parse(readFileSync(process.argv[3], "utf8")) as { payload: unknown; createdAt: string }[];
    // A few inserts at once: the SQLite thread commits them together.
    for (let start = 0; start < orders.length; start += 32) {
      await Promise.all(
        orders.slice(start, start + 32).map((order, index) =>
          insertDelivery({
            shop,
            topic: "orders/create",
            eventId: `backlog:${start + index}`,
            keys: extractEventKeys("orders/create", order.payload),
            payload: JSON.stringify(order.payload),
            // Not queued: the running app's worker would send them. Marked delivered below.
            status: "skipped",
            nextAttemptAt: new Date(order.createdAt),
            receivedAt: new Date(order.createdAt),
          }),
        ),
      );
    }
    const { count } = await prisma.delivery.updateMany({
      where: { shop, eventId: { startsWith: "backlog:" } },
      data: { status: "delivered", lastErrorCode: null, lastError: null },
    });
    console.log(count);
  }
  await prisma.$disconnect();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
