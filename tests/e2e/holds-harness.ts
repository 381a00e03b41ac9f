import { sleep } from "../../sandbox/lib/http";
import { adminFetch } from "../../sandbox/stack";
import { databaseEngine } from "../../app/db-adapter.server";
import { eventually, getJson, postJson, query, type Stack } from "./helpers";

/** What the platform simulator shows of an order's fulfilment (GET /sim/fulfillment). */
export interface FulfillmentView {
  order: { id: string; name: string; cancelledAt: string | null };
  fulfillmentOrders: { id: string; status: string; holds: Record<string, unknown>[] }[];
  cancel: {
    reason: string | null;
    restock: boolean;
    notifyCustomer: boolean;
    staffNote: string | null;
    restocked: { variantId: number; quantity: number }[];
  } | null;
  events: { action: string; detail: Record<string, unknown> }[];
}

export interface TaskRow {
  kind: string;
  status: string;
  reason: string;
  orderId: string | null;
  lastProblem: string | null;
  attempts: number;
  platformRef: string | null;
}

export interface PlacedOrder {
  id: string;
  name: string;
  lineItems: { variantId: string; quantity: number }[];
}

const PERIODIC_HOLD_JOBS = ["no-answer-timeouts"];
/** The job kind that tries a hold, release or cancel (app/services/jobs/registry.server.ts). */
const TASK_JOBS = "fulfilment-task";

/**
 * Moves a timestamp column of the matching rows back by `ms`, in the engine's own stored form: the time that
 * passes for the app (the no-answer hours, a lease) without the test waiting for it.
 */
export async function ageRows(stack: Stack, table: string, column: string, where: Record<string, string>, ms: number) {
  const clauses = Object.keys(where).map((name) => `"${name}" = ?`);
  const rows = await query<{ id: string; value: unknown }>(
    stack,
    `SELECT "id", "${column}" AS value FROM "${table}" WHERE ${clauses.join(" AND ")}`,
    Object.values(where),
  );
  if (!rows.length) throw new Error(`no ${table} row matches ${JSON.stringify(where)}`);
  for (const row of rows) {
    // Nothing to age: a lease no one holds right now, say.
    if (row.value === null) continue;
    let value: string | number;
    if (databaseEngine(stack.databaseUrl) === "postgresql") {
      value = new Date(new Date(row.value as string).getTime() - ms).toISOString();
    } else if (typeof row.value === "number" || typeof row.value === "bigint" || /^\d+$/.test(String(row.value))) {
      value = Number(row.value) - ms;
    } else {
      const text = String(row.value);
      const iso = new Date(new Date(text).getTime() - ms).toISOString();
      value = text.endsWith("+00:00") ? iso.replace("Z", "+00:00") : iso;
    }
    await query(stack, `UPDATE "${table}" SET "${column}" = ? WHERE "id" = ?`, [value, row.id]);
  }
}

/** The moves every hold test makes: the shop's settings, an order placed, the buyer's answer, what each side holds. */
export function holdsHarness(stack: Stack, shop: string) {
  const fulfillment = async (name: string) =>
    (
      await getJson<FulfillmentView>(
        `${stack.platformUrl}/sim/fulfillment?shop=${shop}&order=${encodeURIComponent(name)}`,
      )
    ).body;
  // The holds' periodic job runs at the app's next poll for jobs instead of after their whole period: their one
  // job each (key periodic:<kind>) is made due now, in graphile-worker's table on PostgreSQL (docs/decisions/310).
  const keys = PERIODIC_HOLD_JOBS.map((kind) => `periodic:${kind}`);
  const nudge = () =>
    databaseEngine(stack.databaseUrl) === "postgresql"
      ? query(
          stack,
          `UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key IN (${keys.map(() => "?").join(", ")})`,
          keys,
        )
      : query(
          stack,
          `UPDATE "Job" SET "runAt" = '1970-01-01T00:00:00.000+00:00' WHERE "key" IN (${keys.map(() => "?").join(", ")})`,
          keys,
        );
  // A task's retry made due now: its job, in the engine's table (the row's dueAt only records when).
  const retryNow = () =>
    databaseEngine(stack.databaseUrl) === "postgresql"
      ? query(
          stack,
          `UPDATE graphile_worker._private_jobs SET run_at = now() WHERE locked_at IS NULL AND task_id IN (
             SELECT id FROM graphile_worker._private_tasks WHERE identifier = ?)`,
          [TASK_JOBS],
        )
      : query(
          stack,
          `UPDATE "Job" SET "runAt" = '1970-01-01T00:00:00.000+00:00' WHERE "kind" = ? AND "lockedBy" IS NULL`,
          [TASK_JOBS],
        );
  const tasks = (orderId: string) =>
    query<TaskRow>(
      stack,
      `SELECT "kind", "status", "reason", "orderId", "lastProblem", "attempts", "platformRef" FROM "FulfilmentTask"
       WHERE "shop" = ? AND "orderId" = ? ORDER BY "createdAt"`,
      [shop, orderId],
    );
  const harness = {
    fulfillment,
    nudge,
    retryNow,
    tasks,
    taskRows: () =>
      query<TaskRow>(
        stack,
        `SELECT "kind", "status", "reason", "orderId", "lastProblem", "attempts", "platformRef" FROM "FulfilmentTask"
         WHERE "shop" = ?`,
        [shop],
      ),
    async savePolicy(policy: {
      onRefused?: "keep" | "cancel";
      noAnswerHours?: number;
      onNoAnswer?: "keep" | "release" | "cancel";
      enabled?: boolean;
    }) {
      const response = await adminFetch(stack, shop, "/api/hold-settings", {
        method: "POST",
        body: new URLSearchParams({
          enabled: String(policy.enabled ?? true),
          codOnly: "true",
          codGateways: JSON.stringify(["Cash on Delivery (COD)"]),
          onRefused: policy.onRefused ?? "keep",
          noAnswerHours: String(policy.noAnswerHours ?? 0),
          onNoAnswer: policy.onNoAnswer ?? "keep",
          notifyCustomer: "false",
        }),
      });
      if (response.status !== 200) throw new Error(`hold settings: HTTP ${response.status} ${await response.text()}`);
    },
    async saveRules(rules: Record<string, string>[]) {
      const response = await adminFetch(stack, shop, "/api/answer-rules", {
        method: "POST",
        body: new URLSearchParams({ rules: JSON.stringify(rules) }),
      });
      if (response.status !== 200) throw new Error(`answer rules: HTTP ${response.status} ${await response.text()}`);
    },
    async newOrder(): Promise<PlacedOrder> {
      const { body } = await postJson<{
        order: {
          id: string;
          name: string;
          lineItems: { nodes: { quantity: number; variant: { id: string } }[] };
        };
      }>(`${stack.platformUrl}/sim/orders`, { shop });
      return {
        id: body.order.id,
        name: body.order.name,
        lineItems: body.order.lineItems.nodes.map((item) => ({ variantId: item.variant.id, quantity: item.quantity })),
      };
    },
    /** The buyer answers through the flow's callback, once the flow was triggered for the order. */
    async answer(name: string, said: { status?: string; tags?: string[] }) {
      return eventually(
        async () => {
          const sent = await postJson<{ callbacks: { httpStatus: number; body: string }[] }>(
            `${stack.automationUrl}/sim/answer`,
            { orderName: name, ...said },
          );
          if (sent.status === 404) return undefined;
          if (sent.body.callbacks[0]?.httpStatus !== 200)
            throw new Error(`callback answered ${JSON.stringify(sent.body)}`);
          return sent.body;
        },
        20_000,
        `the flow's trigger for ${name}`,
      );
    },
    /** The platform's view once `check` holds, the holds' jobs nudged on each look. */
    until(name: string, check: (view: FulfillmentView) => boolean, what: string) {
      return eventually(
        async () => {
          await nudge();
          const view = await fulfillment(name);
          return check(view) ? view : undefined;
        },
        30_000,
        what,
      );
    },
    /** The order held by the app on the platform, and the app's record of it done. */
    held(name: string) {
      return eventually(
        async () => {
          await nudge();
          const view = await fulfillment(name);
          const own = view.fulfillmentOrders.flatMap((entry) => entry.holds.filter((hold) => hold.owner === "app"));
          if (!own.length) return undefined;
          const done = (await tasks(view.order.id)).some((task) => task.kind === "hold" && task.status === "done");
          return done ? view : undefined;
        },
        30_000,
        `the app's hold on ${name}`,
      );
    },
    /** A few more runs of the holds' jobs (a poll for jobs is at most two seconds). */
    async settle(ticks = 2) {
      for (let tick = 0; tick < ticks; tick++) {
        await nudge();
        await sleep(5_500);
      }
    },
    async buyerState(orderId: string) {
      const response = await adminFetch(stack, shop, `/api/orders/hold?orderId=${encodeURIComponent(orderId)}`);
      if (response.status !== 200) throw new Error(`order hold: HTTP ${response.status} ${await response.text()}`);
      return (await response.json()) as {
        answer: { answer: string; source: string } | null;
        hold: { state: string; problem: string | null; pending: string | null };
      };
    },
    async stockOf(lineItems: PlacedOrder["lineItems"]) {
      const { body } = await getJson<{
        products: { variants: { nodes: { id: string; inventoryQuantity: number }[] } }[];
      }>(`${stack.platformUrl}/sim/products?shop=${shop}`);
      const stock: Record<string, number> = {};
      for (const product of body.products)
        for (const variant of product.variants.nodes)
          if (lineItems.some((item) => item.variantId === variant.id)) stock[variant.id] = variant.inventoryQuantity;
      return stock;
    },
  };
  return harness;
}
