import { expect } from "vitest";
import { adminAction, configureShop, installShop } from "../../sandbox/stack";
import { databaseEngine } from "../../app/db-adapter.server";
import { eventually, getJson, postJson, query, startE2eStack, type Stack } from "./helpers";

/**
 * The parcel's journey across the real stack (docs/decisions/297-299, 320-326): the shop installed with the
 * fulfilment scope granted, the automation and supplier configured, the receiver URL the settings page makes
 * registered at the supplier simulator; a test places an order, the buyer confirms, the flow places the supplier
 * order, and the supplier simulator walks it and pushes each status to the app.
 */

/** What the platform simulator shows of an order's fulfilment and payment actions (GET /sim/fulfillment). */
export interface JourneyView {
  order: { id: string; name: string; cancelledAt: string | null };
  fulfillmentOrders: { id: string; status: string }[];
  cancel: { reason: string | null; restock: boolean; notifyCustomer: boolean; staffNote: string | null } | null;
  events: { action: string; detail: Record<string, unknown> }[];
}

export interface StepRow {
  step: string;
  status: string;
  attempts: number;
  lastProblem: string | null;
  note: string | null;
}

export const SUPPLIER_TOKEN = "sandbox-supplier-token";
/** The optional scopes the settings ask for when the merchant turns on following the parcel (decision 308). */
const FOLLOW_SCOPES = ["write_merchant_managed_fulfillment_orders", "write_third_party_fulfillment_orders"];
const STEP_JOBS = ["journey-step", "journey-apply"];

export async function startJourneyStack(shop: string, options: Parameters<typeof startE2eStack>[0] = {}) {
  const stack = await startE2eStack(options);
  await installShop(stack, shop);
  const configured = await configureShop(stack, shop);
  expect(configured.map((step) => step.status)).toEqual([200, 200]);
  // The merchant turns on following the parcel, and the admin's grant screen gives the fulfilment scopes it asks
  // for (write_orders, for the payment and the cancel, is among the scopes granted at install).
  const follow = await adminAction(stack, shop, "/app/settings", { intent: "journey-follow-save", followInStore: "true" });
  expect(follow.status).toBe(200);
  const granted = await postJson<{ current: string[] }>(`${stack.platformUrl}/admin/scopes/grant`, {
    shop,
    scopes: FOLLOW_SCOPES,
  });
  expect(granted.body.current).toEqual(expect.arrayContaining(["write_orders", ...FOLLOW_SCOPES]));
  await postJson(`${stack.automationUrl}/sim/mode`, {
    trigger: { kind: "ok" },
    callback: { status: "none" },
    supplierOrders: { report: true },
  });
  const response = await adminAction<{ receiverUrl: string }>(stack, shop, "/app/settings", {
    intent: "supplier-receiver-new",
  });
  expect(response.status).toBe(200);
  const url = response.data.receiverUrl;
  const receiver = new URL(new URL(url).pathname, stack.appUrl).toString();
  await postJson(`${stack.supplierUrl}/sim/status-webhook`, { token: SUPPLIER_TOKEN, url: receiver });
  return stack;
}

export function journeyHarness(stack: Stack, shop: string) {
  const postgres = databaseEngine(stack.databaseUrl) === "postgresql";
  const view = async (name: string) =>
    (await getJson<JourneyView>(`${stack.platformUrl}/sim/fulfillment?shop=${shop}&order=${encodeURIComponent(name)}`))
      .body;
  const steps = async (orderId: string) =>
    (
      await query<StepRow>(
        stack,
        `SELECT "step", "status", "attempts", "lastProblem", "note" FROM "JourneyStep"
         WHERE "shop" = ? AND "orderId" = ? ORDER BY "position", "createdAt"`,
        [shop, orderId],
      )
    ).map((row) => ({ ...row, attempts: Number(row.attempts) }));
  /** A step's retry made due now: its job, in the engine's table (30 s otherwise). */
  const retryNow = () =>
    postgres
      ? query(
          stack,
          `UPDATE graphile_worker._private_jobs SET run_at = now() WHERE locked_at IS NULL AND task_id IN (
               SELECT id FROM graphile_worker._private_tasks WHERE identifier IN (?, ?))`,
          STEP_JOBS,
        )
      : query(
          stack,
          `UPDATE "Job" SET "runAt" = '1970-01-01T00:00:00.000+00:00' WHERE "kind" IN (?, ?) AND "lockedBy" IS NULL`,
          STEP_JOBS,
        );
  /**
   * Every supplier order's current status pushed once more, as the marketplace repeats its pushes: a push stored
   * while its order's apply job was finishing finds the job's key taken and waits for the sweep (a minute and its
   * 30 s grace, docs/decisions/299); a repeat adds the job again at once, and is stored as a duplicate.
   */
  const repush = async () => {
    const { registrations, pushes, held } = (
      await getJson<{
        registrations: { token: string; url: string }[];
        pushes: { orderId: number; status: string }[];
        held: unknown[];
      }>(`${stack.supplierUrl}/sim/status-webhook`)
    ).body;
    const receiver = registrations.find((entry) => entry.token === SUPPLIER_TOKEN)?.url;
    if (!receiver || held.length) return;
    const { orders } = (await getJson<{ orders: Record<string, unknown>[] }>(`${stack.supplierUrl}/sim/orders`)).body;
    for (const { history: _history, created_at: _created, updated_at: _updated, ...body } of orders) {
      // Only once the order's own pushes have caught up: a repeat never comes before the statuses still on the way.
      if (pushes.findLast((push) => push.orderId === body.id)?.status !== body.status) continue;
      await postJson(receiver, body);
    }
  };
  return {
    view,
    steps,
    retryNow,
    repush,
    /** Places an order at the platform, the buyer confirms, and the flow places it at the supplier. */
    async confirmedOrder() {
      const created = await postJson<{ order: { id: string; name: string } }>(`${stack.platformUrl}/sim/orders`, {
        shop,
      });
      const { id, name } = created.body.order;
      await eventually(
        async () => {
          const answered = await postJson<{ callbacks: { httpStatus: number }[] }>(
            `${stack.automationUrl}/sim/answer`,
            { orderName: name, status: "confirmed" },
          );
          if (answered.status === 404) return undefined;
          if (answered.body.callbacks[0]?.httpStatus !== 200) throw new Error(JSON.stringify(answered.body));
          return true;
        },
        30_000,
        `the flow's trigger for ${name}`,
      );
      const orders = (
        await getJson<{ orders: { id: number; shop_order_id: string }[] }>(`${stack.supplierUrl}/sim/orders`)
      ).body.orders;
      const supplier = orders.find((order) => order.shop_order_id === id.split("/").pop());
      if (!supplier) throw new Error(`no supplier order for ${name}: ${JSON.stringify(orders)}`);
      return { id, name, supplierId: supplier.id };
    },
    pushMode: (switches: Record<string, unknown>) => postJson(`${stack.supplierUrl}/sim/status-webhook/mode`, switches),
    advance: (supplierId: number, path: string, count: number) =>
      postJson<{ walked: string[] }>(`${stack.supplierUrl}/sim/orders/${supplierId}/advance`, { path, steps: count }),
    setStatus: (supplierId: number, status: string) =>
      postJson(`${stack.supplierUrl}/sim/orders/${supplierId}/status`, { status }),
    /**
     * Waits until the app's steps for the order match `check`, making retries due and the statuses repeated on each look
     * (`hurry` false: the schedule's own times; a function: also run on each look).
     */
    async untilSteps(
      orderId: string,
      check: (rows: StepRow[]) => boolean,
      what: string,
      { timeoutMs = 45_000, hurry = true as boolean | (() => Promise<void>) } = {},
    ) {
      try {
        return await eventually(
          async () => {
            if (hurry) await Promise.all([retryNow(), repush(), typeof hurry === "function" ? hurry() : null]);
            const rows = await steps(orderId);
            return check(rows) ? rows : undefined;
          },
          timeoutMs,
          what,
        );
      } catch (error) {
        // What each side holds, so a timeout says where the journey stopped.
        const seen = {
          steps: await steps(orderId),
          supplierOrders: await query(stack, `SELECT * FROM "SupplierOrder" WHERE "shop" = ?`, [shop]),
          pushes: (await getJson(`${stack.supplierUrl}/sim/status-webhook`)).body,
          app: stack.appOutput.slice(-15),
        };
        throw new Error(`${(error as Error).message}\n${JSON.stringify(seen, null, 1)}`);
      }
    },
    async tags(name: string) {
      const { body } = await getJson<{ order: { tags: string[] | string } }>(
        `${stack.platformUrl}/sim/orders/${encodeURIComponent(name.replace(/^#/, ""))}?shop=${shop}`,
      );
      const tags = body.order.tags;
      return Array.isArray(tags) ? tags : tags.split(",").map((tag) => tag.trim());
    },
  };
}

/** The actions of one kind in the platform's list. */
export const actions = (view: JourneyView, action: string) => view.events.filter((event) => event.action === action);
