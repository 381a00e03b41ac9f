/**
 * `npm run sandbox:order`: the simulated platform creates an order and posts the signed orders/create webhook
 * to the app, then this waits for the loop to come back as tags on the order. `-- --duplicates 1` sends the same
 * event twice; `-- --draft` sends an abandoned cart instead.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sleep } from "./lib/http";
import { ROOT } from "./stack";

const STATE_FILE = path.join(ROOT, "tmp/sandbox/stack.json");

async function main() {
  let state: { shop: string; platformUrl: string; automationUrl: string };
  try {
    state = JSON.parse(readFileSync(STATE_FILE, "utf8"));
  } catch {
    console.error("No sandbox is running: start it with `npm run sandbox` in another terminal.");
    process.exit(1);
  }
  const args = process.argv.slice(2);
  const duplicates = Number(args[args.indexOf("--duplicates") + 1] || 0) || 0;
  const draft = args.includes("--draft");
  const response = await fetch(`${state.platformUrl}/sim/${draft ? "draft_orders" : "orders"}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ shop: state.shop, duplicates }),
  });
  const result = (await response.json()) as {
    order?: { name: string; totalPriceSet: { shopMoney: { amount: string } } };
    draftOrder?: { name: string };
    deliveries: { status: number | null; ms: number; eventId: string; error?: string }[];
  };
  const name = result.order?.name ?? result.draftOrder?.name;
  console.log(`${draft ? "draft order" : "order"} ${name} created on ${state.shop}`);
  for (const delivery of result.deliveries) {
    console.log(`  webhook → ${delivery.status ?? delivery.error} in ${delivery.ms} ms (event ${delivery.eventId})`);
  }
  if (draft || !result.order) return;

  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const found = await fetch(
      `${state.platformUrl}/sim/orders/${encodeURIComponent(result.order.name.slice(1))}?shop=${state.shop}`,
    );
    const { order } = (await found.json()) as { order: { tags: string[] } };
    if (order.tags.length) {
      console.log(`  tags on ${result.order.name}: ${order.tags.join(", ")}`);
      return;
    }
    await sleep(500);
  }
  console.log(
    `  no tags on ${result.order.name} after 20 s: see the sandbox's output and ${state.automationUrl}/sim/triggers`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
