import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseEngine } from "../../app/db-adapter.server";
import type { SimEvent } from "../../sandbox/lib/http";
import { query, type Stack } from "./helpers";
import { ageRows } from "./holds-harness";
import { actions, journeyHarness, startJourneyStack } from "./journey-harness";

const SHOP = "tienda-caida-recorrido.myshopify.com";
/** The SQLite runner's lease on a running job (a dead worker's job is taken again after it). */
const JOB_LEASE_MS = 30_000;

/**
 * kill -9 of the worker process between the platform's change and the app's record of it (docs/decisions/297): the
 * worker runs as its own process (`npm run worker`), and the moment the platform simulator makes the fulfilment, and
 * later the payment, the worker is killed before the answer reaches it and another is started in its place. The
 * step is tried again, reads the platform first and records what the dead try did: one fulfilment, one payment.
 */
describe("the worker killed while the journey's steps run, end to end", () => {
  let stack: Stack;
  let h: ReturnType<typeof journeyHarness>;
  /** The platform's messages that kill the worker, each once, as the simulator handles the call. */
  const killOn = new Set(["fulfillmentCreate", "orderMarkAsPaid"]);
  const killed: { on: string; pid: number | undefined }[] = [];

  const onEvent = (event: SimEvent) => {
    if (event.system !== "platform" || !stack) return;
    const operation = event.message.split(" ")[0];
    if (!killOn.has(operation) || event.message.includes("refused")) return;
    killOn.delete(operation);
    killed.push({ on: operation, pid: stack.killWorker(0) });
  };

  beforeAll(async () => {
    stack = await startJourneyStack(SHOP, { separateWorker: true, events: onEvent });
    h = journeyHarness(stack, SHOP);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  /**
   * The dead workers' jobs taken again: at once on PostgreSQL (their liveness locks are gone), after the lease on
   * SQLite, which passes here for the jobs the dead ones held (never a live worker's: its job would run twice).
   */
  const leaseRunsOut = async () => {
    if (databaseEngine(stack.databaseUrl) !== "sqlite") return;
    for (const { pid } of killed) {
      const held = await query<{ id: string }>(stack, `SELECT "id" FROM "Job" WHERE "lockedBy" LIKE ?`, [`${pid}-%`]);
      for (const { id } of held) await ageRows(stack, "Job", "lockedUntil", { id }, JOB_LEASE_MS);
    }
  };

  it("makes no second fulfilment or payment after kills between the platform's answer and the record", async () => {
    const order = await h.confirmedOrder();
    await h.pushMode({ copies: 3 });
    await h.advance(order.supplierId, "delivered", 11);

    const rows = await h.untilSteps(
      order.id,
      (steps) => steps.some((step) => step.step === "paid" && step.status === "done"),
      "the order marked paid after the kills",
      { timeoutMs: 50_000, hurry: leaseRunsOut },
    );
    expect(killed.map((kill) => kill.on)).toEqual(["fulfillmentCreate", "orderMarkAsPaid"]);
    expect(killed.every((kill) => typeof kill.pid === "number")).toBe(true);
    expect(rows.filter((row) => row.status !== "done")).toEqual([]);
    // Each killed step's record came from its second try, which found the platform's change.
    expect(rows.find((row) => row.step === "fulfil")!.attempts).toBeGreaterThanOrEqual(1);

    const view = await h.view(order.name);
    expect(actions(view, "fulfillment created")).toHaveLength(1);
    expect(actions(view, "marked as paid")).toHaveLength(1);
    expect(actions(view, "mark as paid refused")).toEqual([]);
    const statuses = actions(view, "fulfillment event").map((event) => event.detail.status);
    expect(
      statuses.filter((status, index) => statuses.indexOf(status) !== index),
      JSON.stringify(view.events),
    ).toEqual([]);
    expect(statuses.at(-1)).toBe("DELIVERED");
    expect(await h.tags(order.name)).toEqual(expect.arrayContaining(["automation-shipped", "automation-delivered"]));
  });
});
