/**
 * What the load scripts (`bench/run.ts`, `bench/chaos.ts`, `bench/outage.ts`, `scripts/crash-test.ts`) share:
 * their numeric flags, the orders they create on the simulated platform, and the signed orders/create webhook
 * they post, with the headers the platform sends.
 */
import { DEMO_SHOP } from "../../sandbox/platform/seed";
import { createOrder, type ShopState } from "../../sandbox/platform/state";
import { orderPayload, sign } from "../../sandbox/platform/webhooks";
import { SANDBOX } from "../../sandbox/stack";

/** `--name <number>` from the command line, or `fallback` when absent. */
/** `--help` / `-h`: prints the script's usage and exits before anything starts (a run takes minutes). */
export function helpRequested(argv: string[], usage: string) {
  if (!argv.includes("--help") && !argv.includes("-h")) return;
  console.log(usage.trim());
  process.exit(0);
}

export function numberOption(argv: string[], name: string, fallback: number): number {
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? Number(argv[index + 1]) : fallback;
}

/** `--name <value>` from the command line, or undefined when absent. */
export function stringOption(argv: string[], name: string): string | undefined {
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? argv[index + 1] : undefined;
}

export interface SignedOrder {
  /** The order's name on the simulated platform: what its trigger is matched by. */
  name: string;
  /** The orders/create webhook body, exactly as signed. */
  body: string;
  /** The event id every redelivery of this order's webhook carries. */
  eventId: string;
}

/** A new order on the simulated shop, with its webhook body and event id. */
export function createSignedOrder(shop: ShopState): SignedOrder {
  const order = createOrder(shop);
  return { name: order.name, body: JSON.stringify(orderPayload(order)), eventId: crypto.randomUUID() };
}

/**
 * The platform's headers for an orders/create webhook of `body`, signed with the sandbox's secret. Event and
 * webhook ids are fresh unless given (a redelivery keeps its event id); `triggeredAt: false` leaves that header out.
 */
export function orderWebhookHeaders(
  body: string,
  ids: { eventId?: string; webhookId?: string; triggeredAt?: boolean } = {},
): Record<string, string> {
  return {
    "Content-Type": "application/json",
    "X-Shopify-Topic": "orders/create",
    "X-Shopify-Hmac-Sha256": sign(body, SANDBOX.secret),
    "X-Shopify-Shop-Domain": DEMO_SHOP,
    "X-Shopify-API-Version": "2026-10",
    "X-Shopify-Webhook-Id": ids.webhookId ?? crypto.randomUUID(),
    "X-Shopify-Event-Id": ids.eventId ?? crypto.randomUUID(),
    ...(ids.triggeredAt === false ? {} : { "X-Shopify-Triggered-At": new Date().toISOString() }),
  };
}

/** Posts a signed orders/create webhook to the app and reads the answer; its HTTP status (network errors throw). */
export async function postOrderWebhook(
  appUrl: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<number> {
  const response = await fetch(`${appUrl}/webhooks/orders/create`, {
    method: "POST",
    headers,
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.arrayBuffer();
  return response.status;
}
