import { randomUUID } from "node:crypto";
import path from "node:path";
import { readAppDb } from "../../sandbox/lib/app-db";
import { sleep } from "../../sandbox/lib/http";
import { installShop, startStack, type Stack, type StackOptions } from "../../sandbox/stack";
import { databaseEngine } from "../../app/db-adapter.server";
import { databaseFromTemplate, postgresTestServer } from "../helpers/postgres";
import { E2E_DIR, E2E_POSTGRES_TEMPLATE, E2E_TEMPLATE } from "./setup/global";

export type { Stack };

/** A stack of its own for one test file: a copy of the migrated template, free ports, quiet logs. */
export async function startE2eStack(
  options: Pick<
    StackOptions,
    | "logLevel"
    | "extraEnv"
    | "platform"
    | "onAppLog"
    | "separateWorker"
    | "appServer"
    | "webProcesses"
    | "superviseWeb"
    | "events"
  > = {},
) {
  const server = postgresTestServer();
  return startStack({
    ...options,
    databaseFile: path.join(E2E_DIR, `${randomUUID()}.sqlite`),
    databaseUrl: server ? await databaseFromTemplate(server, E2E_POSTGRES_TEMPLATE) : undefined,
    templateDatabase: E2E_TEMPLATE,
    logLevel: options.logLevel ?? "warn",
  });
}

/** Reads the app's database directly: what the app holds is the assertion, not what it says it holds. */
export const query = readAppDb;

/** Every table of the app with a `shop` column, and how many rows each holds for the shop. */
export async function shopRowCounts(stack: Stack, shop: string) {
  const postgres = databaseEngine(stack.databaseUrl) === "postgresql";
  const tables = await query<{ name: string }>(
    stack,
    postgres
      ? "SELECT table_name AS name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'shop'"
      : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations'",
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const columns = postgres
      ? [{ name: "shop" }]
      : await query<{ name: string }>(stack, `PRAGMA table_info("${name}")`);
    if (!columns.some((column) => column.name === "shop")) continue;
    const [row] = await query<{ n: number }>(stack, `SELECT COUNT(*) AS n FROM "${name}" WHERE "shop" = ?`, [shop]);
    counts[name] = Number(row.n);
  }
  return counts;
}

/** Polls until the check returns a value (not undefined/false), or fails with what it last saw. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 20_000,
  what = "condition",
) {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value as T;
      last = value;
    } catch (error) {
      last = error;
    }
    await sleep(200);
  }
  throw new Error(
    `Timed out after ${timeoutMs} ms waiting for ${what}; last: ${last instanceof Error ? last.message : JSON.stringify(last)}`,
  );
}

export async function getJson<T = Record<string, unknown>>(url: string) {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as T };
}

export async function postJson<T = Record<string, unknown>>(url: string, body: unknown = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/**
 * A stack of its own with the shop installed through the token exchange, its automation key saved and the
 * automation simulator calling back soon after each trigger: an order placed at the platform goes round the loop.
 */
export async function startLoopStack(shop: string, options: Parameters<typeof startE2eStack>[0] = {}) {
  const stack = await startE2eStack(options);
  await installShop(stack, shop);
  await ensureAutomationKey(stack, shop);
  await postJson(`${stack.automationUrl}/sim/mode`, {
    trigger: { kind: "ok" },
    callback: { delayMs: 50, status: "success" },
  });
  return stack;
}

/**
 * Gives the shop an automation API key. Through the app's settings endpoint when the build has it; otherwise
 * (before that endpoint exists) through the app's own configuration service, writing the sealed key into the
 * app's database exactly as the endpoint would.
 */
export async function ensureAutomationKey(stack: Stack, shop: string, apiKey = "sandbox-automation-key") {
  const { adminFetch } = await import("../../sandbox/stack");
  const response = await adminFetch(stack, shop, "/api/integrations/automation/save", {
    method: "POST",
    body: new URLSearchParams({ apiKey, newOrderFlowId: "f_101", abandonedCartFlowId: "f_202" }),
  });
  if (response.status !== 404) {
    if (response.status !== 200)
      throw new Error(`automation settings: HTTP ${response.status} ${await response.text()}`);
    return;
  }
  for (const name of [
    "DATABASE_URL",
    "ENCRYPTION_KEY",
    "PLATFORM_API_KEY",
    "PLATFORM_API_SECRET",
    "PLATFORM_APP_URL",
    "AUTOMATION_API_URL",
    "SUPPLIER_API_URL",
    "SUPPLIER_ORIGIN",
    "SUPPLIER_IMAGE_BASE_URL",
  ]) {
    process.env[name] = stack.env[name];
  }
  process.env.LOG_LEVEL = "silent";
  const { saveShopSettings } = await import("~/services/shops/configuration.server");
  await saveShopSettings(shop, { automationApiKey: apiKey, newOrderFlowId: "f_101", abandonedCartFlowId: "f_202" });
}

/** A callback the automation simulator's flow sent to the app, as the simulator recorded it. */
export interface SimulatedCallback {
  orderName: string;
  httpStatus: number | null;
  body: string;
}

/** The platform simulator makes a new order for the shop (its orders/create webhook follows); its name. */
export async function simulateOrder(stack: Stack, shop: string) {
  return (await postJson<{ order: { name: string } }>(`${stack.platformUrl}/sim/orders`, { shop })).body.order.name;
}

/** The tags the platform simulator holds on an order, by its name ("#1001"). */
export async function simulatedOrderTags(stack: Stack, shop: string, name: string) {
  const url = `${stack.platformUrl}/sim/orders/${name.slice(1)}?shop=${shop}`;
  return (await getJson<{ order: { tags: string[] } }>(url)).body.order.tags;
}

/** Waits for the automation simulator's callback for an order, by its name. */
export function simulatedCallbackFor(stack: Stack, name: string) {
  return eventually(
    async () => {
      const { callbacks } = (await getJson<{ callbacks: SimulatedCallback[] }>(`${stack.automationUrl}/sim/callbacks`))
        .body;
      return callbacks.find((callback) => callback.orderName === name);
    },
    20_000,
    `the callback for ${name}`,
  );
}
