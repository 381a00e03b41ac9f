import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseEngine } from "../../app/db-adapter.server";
import { eventually, getJson, postJson, startLoopStack, type Stack } from "./helpers";
import { ageRows, holdsHarness } from "./holds-harness";

const SHOP = "tienda-retenida-caida.myshopify.com";
// The lease of the job that was running the task (app/services/jobs/sqlite-runner.server.ts). On PostgreSQL a
// killed worker's jobs are freed as soon as its connection is gone (docs/decisions/311).
const JOB_LEASE_MS = 30_000;

/**
 * The app dies (kill -9) after the platform placed its hold and before the app recorded it: the process supervisor
 * starts it again, the task's job is tried again once its lease has passed, finds the hold by its handle and records it.
 * The order carries one hold of the app, never two.
 */
describe("a hold placed just before the app died is recorded, not placed twice", () => {
  let stack: Stack;
  let h: ReturnType<typeof holdsHarness>;

  beforeAll(async () => {
    stack = await startLoopStack(SHOP, { superviseWeb: true });
    h = holdsHarness(stack, SHOP);
    await postJson(`${stack.automationUrl}/sim/mode`, { callback: { delayMs: 50, status: "none" } });
    await h.saveRules([{ answer: "confirmed", status: "confirmed" }]);
    await h.savePolicy({ onRefused: "keep" });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("records the hold found by its handle after the restart, and releases it on the buyer's confirmation", async () => {
    // The platform places the next hold but holds its answer back: the app is killed while it waits.
    await postJson(`${stack.platformUrl}/sim/fulfillment/stall`, { count: 1, ms: 20_000 });
    const order = await h.newOrder();
    await h.until(order.name, (view) => view.events.some((event) => event.action === "hold"), "the hold placed");
    // The hold task learns its order on its first finished try: until then it is the shop's only task.
    const [task] = await h.taskRows();
    expect(task).toMatchObject({ kind: "hold", status: "owed", attempts: 0 });

    const [killed] = [...stack.webPids];
    process.kill(killed, "SIGKILL");
    await eventually(
      async () => {
        if (stack.webPids.has(killed) || !stack.webPids.size) return undefined;
        return (await getJson(`${stack.appUrl}/healthz`)).status === 200;
      },
      60_000,
      "the restarted web process",
    );

    if (databaseEngine(stack.databaseUrl) === "sqlite") {
      await ageRows(stack, "Job", "lockedUntil", { kind: "fulfilment-task" }, JOB_LEASE_MS);
    }
    const view = await h.held(order.name);
    expect(view.events.filter((event) => event.action === "hold")).toHaveLength(1);
    const [hold] = view.fulfillmentOrders[0].holds;
    expect(view.fulfillmentOrders[0].holds).toHaveLength(1);
    const [recorded] = await h.tasks(order.id);
    expect(recorded).toMatchObject({ kind: "hold", status: "done", platformRef: hold.id, attempts: 1 });

    await h.answer(order.name, { status: "confirmed" });
    const released = await h.until(order.name, (current) => current.fulfillmentOrders[0].status === "OPEN", "release");
    expect(released.events.map((event) => event.action)).toEqual(["routed", "hold", "release"]);
  });
});
