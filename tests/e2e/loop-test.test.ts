import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminFetch, installShop } from "../../sandbox/stack";
import type { LoopTestView } from "../../app/lib/loop-test";
import { eventually, getJson, postJson, query, startE2eStack, type Stack } from "./helpers";
import { holdsHarness } from "./holds-harness";

const SHOP = "tienda-circuito.myshopify.com";
const API_KEY = "sandbox-automation-key";

interface GraphqlRequest {
  shop: string;
  operationName: string | null;
  rootFields: string[];
}

/**
 * "Test the whole loop" over real HTTP: the app's route places a test order on the platform simulator through
 * GraphQL, the simulator sends orders/create, the worker triggers the automation simulator's flow, which calls
 * back, and the callback tags the order; the app then deletes the test order.
 */
describe("the loop test, end to end", () => {
  let stack: Stack;

  const automationMode = (mode: Record<string, unknown>) => postJson(`${stack.automationUrl}/sim/mode`, mode);
  const setPaused = async (paused: boolean) => {
    const response = await adminFetch(stack, SHOP, "/api/automation/pause", {
      method: "POST",
      body: new URLSearchParams({ paused: String(paused) }),
    });
    expect(response.status).toBe(200);
  };
  const start = async (locale = "es") => {
    const response = await adminFetch(stack, SHOP, "/api/loop-test", {
      method: "POST",
      body: new URLSearchParams({ locale }),
    });
    const body = (await response.json()) as { success: boolean; test: LoopTestView };
    expect(response.status).toBe(201);
    return body.test;
  };
  const read = async (id: string) => {
    const response = await adminFetch(stack, SHOP, `/api/loop-test?id=${encodeURIComponent(id)}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { test: LoopTestView }).test;
  };
  /** Reads the test the way the page does (once a second) until it has ended. */
  const followToTheEnd = (id: string) =>
    eventually(
      async () => {
        const test = await read(id);
        return test.outcome !== "running" && test;
      },
      40_000,
      "the loop test to end",
    );
  const saveRules = async (rules: Record<string, string>) => {
    const response = await adminFetch(stack, SHOP, "/app/order-rules", {
      method: "POST",
      body: new URLSearchParams({ noPhoneAction: "send", duplicateWindowMinutes: "", ...rules }),
    });
    expect(response.status).toBe(200);
  };
  /** A one-hour sending window that opens two hours from now on the shop's clock (America/Bogota, UTC-5). */
  const closedWindow = () => {
    const hour = (h: number) => `${String(((h % 24) + 24) % 24).padStart(2, "0")}:00`;
    const bogota = new Date(Date.now() - 5 * 3_600_000).getUTCHours();
    return { sendingHoursOn: "on", sendingHoursFrom: hour(bogota + 2), sendingHoursTo: hour(bogota + 3) };
  };
  const platformOrder = async (name: string) =>
    (await fetch(`${stack.platformUrl}/sim/orders/${encodeURIComponent(name.replace("#", ""))}?shop=${SHOP}`)).status;
  const triggersFor = async (name: string) =>
    (
      await getJson<{ triggers: { payload: Record<string, unknown> }[] }>(`${stack.automationUrl}/sim/triggers`)
    ).body.triggers.filter((trigger) => trigger.payload.orderName === name);
  const deliveryOf = async (name: string) =>
    (
      await query<{ status: string; test: number | boolean; tagsApplied: string; lastError: string | null }>(
        stack,
        `SELECT "status", "test", "tagsApplied", "lastError" FROM "Delivery" WHERE "shop" = ? AND "orderName" = ?`,
        [SHOP, name],
      )
    )[0];

  beforeAll(async () => {
    stack = await startE2eStack();
    await installShop(stack, SHOP);
    const saved = await adminFetch(stack, SHOP, "/api/integrations/automation/save", {
      method: "POST",
      body: new URLSearchParams({ apiKey: API_KEY, newOrderFlowId: "f_101", abandonedCartFlowId: "f_202" }),
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("places a test order, follows webhook, trigger, callback and tag with their times, then deletes the order", async () => {
    await automationMode({ trigger: { kind: "ok" }, callback: { delayMs: 300, status: "success" } });
    const started = await start("es");
    expect(started.outcome).toBe("running");
    expect(started.orderName).toMatch(/^#\d+$/);
    const name = started.orderName!;

    const ended = await followToTheEnd(started.id);
    expect(ended).toMatchObject({ outcome: "passed", failedStep: null, problem: null, cleanup: "deleted" });
    expect(ended.steps.map((step) => step.state)).toEqual(["done", "done", "done", "done"]);
    const times = ended.steps.map((step) => step.afterMs!);
    // In order, and the callback came after the flow's 300 ms delay.
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(250);

    // Through the platform's GraphQL Admin API, with the app's operations; the order is gone afterwards.
    const graphql = (await getJson<{ requests: GraphqlRequest[] }>(`${stack.platformUrl}/sim/graphql`)).body.requests
      .filter((request) => request.shop === SHOP)
      .map((request) => request.operationName);
    expect(graphql).toEqual(expect.arrayContaining(["LoopTestOrderCreate", "LoopTestOrderDelete"]));
    expect(graphql).not.toContain("LoopTestOrderCancel");
    expect(await platformOrder(name)).toBe(404);

    // The flow got it once; the delivery is marked as a test order and records the callback's tag.
    expect(await triggersFor(name)).toHaveLength(1);
    const delivery = await deliveryOf(name);
    expect(delivery.status).toBe("delivered");
    expect(Boolean(delivery.test)).toBe(true);
    expect(JSON.parse(delivery.tagsApplied)).toEqual(["automation-processed"]);

    // The shop's latest test reads the same once ended, and a new test may start.
    const latest = (await (await adminFetch(stack, SHOP, "/api/loop-test")).json()) as { test: LoopTestView };
    expect(latest.test).toEqual(ended);
  });

  // The test order has no buyer (no customer, no phone) and goes out whatever the merchant's order rules say: the
  // loop is what is tested, and no buyer can be messaged at a wrong hour (docs/decisions/306).
  for (const [name, rules] of [
    ["no mobile: hold", { noPhoneAction: "hold" }],
    ["no mobile: skip", { noPhoneAction: "skip" }],
    ["no mobile: send", { noPhoneAction: "send" }],
    ["duplicates held", { duplicateWindowMinutes: "60", duplicateAction: "hold" }],
    ["duplicates sent", { duplicateWindowMinutes: "60", duplicateAction: "send" }],
    ["outside sending hours", {}],
  ] as const) {
    it(`passes with the order rule "${name}", the test order sent at once and tagged by nothing but the loop`, async () => {
      await automationMode({ trigger: { kind: "ok" }, callback: { delayMs: 100, status: "success" } });
      await saveRules(name === "outside sending hours" ? closedWindow() : rules);
      try {
        const first = await followToTheEnd((await start("es")).id);
        expect(first).toMatchObject({ outcome: "passed", problem: null, cleanup: "deleted" });
        // A second test right after: a duplicate of the first by every measure the rule has.
        const again = await followToTheEnd((await start("es")).id);
        expect(again).toMatchObject({ outcome: "passed", problem: null, cleanup: "deleted" });
        for (const test of [first, again]) {
          expect(await triggersFor(test.orderName!)).toHaveLength(1);
          const delivery = await deliveryOf(test.orderName!);
          expect(delivery.status).toBe("delivered");
          expect(JSON.parse(delivery.tagsApplied)).toEqual(["automation-processed"]);
        }
      } finally {
        await saveRules({});
      }
    });
  }

  it("names the reason in the merchant's words when the app skipped the test order", async () => {
    // Cancelled on the platform before it went out: the worker skips it, and the test says why, not "below".
    await automationMode({ trigger: { kind: "ok" }, callback: { delayMs: 100, status: "success" } });
    await setPaused(true);
    let id = "";
    try {
      const started = await start("es");
      id = started.id;
      await eventually(async () => (await deliveryOf(started.orderName!))?.status === "queued", 10_000, "the webhook");
      const cancelled = await postJson(`${stack.platformUrl}/sim/orders/cancel`, {
        shop: SHOP,
        order: started.orderName,
      });
      expect(cancelled.status).toBeLessThan(300);
    } finally {
      await setPaused(false);
    }
    const ended = await followToTheEnd(id);
    expect(ended).toMatchObject({ outcome: "failed", failedStep: "trigger", problem: "trigger_skipped" });
    expect(ended.reason).toMatchObject({ code: "order_cancelled" });
  });

  it("names the trigger step when automation is paused, deletes the order and never sends it after resuming", async () => {
    await automationMode({ trigger: { kind: "ok" }, callback: { delayMs: 100, status: "success" } });
    await setPaused(true);
    try {
      const started = await start("en");
      const ended = await followToTheEnd(started.id);
      expect(ended).toMatchObject({
        outcome: "failed",
        failedStep: "trigger",
        problem: "automation_paused",
        cleanup: "deleted",
      });
      expect(ended.steps.map((step) => step.state)).toEqual(["done", "failed", "pending", "pending"]);
      expect(await platformOrder(started.orderName!)).toBe(404);
      expect((await deliveryOf(started.orderName!)).status).toBe("skipped");

      await setPaused(false);
      // The worker is woken on resume and polls every second: give it the chance to send what it should not.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(await triggersFor(started.orderName!)).toEqual([]);
    } finally {
      await setPaused(false);
    }
  });

  it("names the trigger step and the refused key when the automation platform answers 401", async () => {
    await automationMode({ trigger: { kind: "error", status: 401 }, callback: { delayMs: 100, status: "success" } });
    try {
      const started = await start("en");
      const ended = await followToTheEnd(started.id);
      expect(ended).toMatchObject({
        outcome: "failed",
        failedStep: "trigger",
        problem: "key_refused",
        cleanup: "deleted",
      });
      expect(ended.detail).toContain("HTTP 401");
      expect(ended.detail).not.toContain(API_KEY);
      const delivery = await deliveryOf(started.orderName!);
      expect(["skipped", "dead"]).toContain(delivery.status);
    } finally {
      await automationMode({ trigger: { kind: "ok" } });
    }
  });

  it("refuses a second test while one is running", async () => {
    await automationMode({ trigger: { kind: "ok" }, callback: { delayMs: 3000, status: "success" } });
    const started = await start("es");
    const again = await adminFetch(stack, SHOP, "/api/loop-test", {
      method: "POST",
      body: new URLSearchParams({ locale: "es" }),
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ success: false, code: "loop_test_running" });
    expect(await followToTheEnd(started.id)).toMatchObject({ outcome: "passed", cleanup: "deleted" });
  });

  it("with holds on, shows the test order held after routing and released on the test's confirmation", async () => {
    const holds = holdsHarness(stack, SHOP);
    await holds.savePolicy({ onRefused: "keep" });
    try {
      await automationMode({ trigger: { kind: "ok" }, callback: { delayMs: 100, status: "success" } });
      const started = await start("es");
      const ended = await eventually(
        async () => {
          await holds.nudge();
          const test = await read(started.id);
          return test.outcome !== "running" && test;
        },
        90_000,
        "the loop test with its hold to end",
      );
      expect(ended).toMatchObject({ outcome: "passed", problem: null, cleanup: "deleted" });
      expect(ended.steps.map((step) => [step.key, step.state])).toEqual([
        ["webhook", "done"],
        ["trigger", "done"],
        ["callback", "done"],
        ["tag", "done"],
        ["hold", "done"],
        ["release", "done"],
      ]);
      // The release came after the hold, on the test's own confirmation once the callback had tagged the order.
      const [hold, release] = ended.steps.slice(4).map((step) => step.afterMs!);
      expect(release).toBeGreaterThan(hold);
      expect(release).toBeGreaterThanOrEqual(ended.steps[3].afterMs!);

      // The test order (paid by no cash-on-delivery gateway) was held and released on the platform, by hold id.
      const operations = (
        await getJson<{ requests: GraphqlRequest[] }>(`${stack.platformUrl}/sim/graphql`)
      ).body.requests
        .filter((request) => request.shop === SHOP)
        .map((request) => request.operationName);
      expect(operations).toEqual(expect.arrayContaining(["FulfillmentOrderHold", "FulfillmentOrderReleaseHold"]));
      const tasks = await query<{ kind: string; status: string; reason: string; platformRef: string | null }>(
        stack,
        `SELECT "kind", "status", "reason", "platformRef" FROM "FulfilmentTask" WHERE "shop" = ? ORDER BY "createdAt"`,
        [SHOP],
      );
      expect(tasks.map((task) => [task.kind, task.status, task.reason])).toEqual([
        ["hold", "done", "routed"],
        ["release", "done", "confirmed"],
      ]);
      expect(tasks[1].platformRef).toBe(tasks[0].platformRef);
      // The test order has no buyer: its callback is no buyer's answer.
      const answers = await query(stack, `SELECT 1 FROM "OrderAnswer" WHERE "shop" = ?`, [SHOP]);
      expect(answers).toEqual([]);
    } finally {
      await holds.savePolicy({ enabled: false });
    }
  });
});
