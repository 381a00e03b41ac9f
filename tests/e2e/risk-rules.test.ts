import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminFetch } from "../../sandbox/stack";
import { demoBuyer } from "../../sandbox/platform/seed";
import { eventually, getJson, query, startLoopStack, type Stack } from "./helpers";
import { holdsHarness } from "./holds-harness";

const SHOP = "tienda-riesgo.myshopify.com";

/** The stored form of a time on either store (as tests/e2e/flow-failed.test.ts writes one). */
const stored = (date: Date) => date.toISOString().replace("Z", "+00:00");

/**
 * The rule for risky orders through the built app and the real simulators (docs/decisions/335), holds off for the
 * shop's other orders: a buyer whose parcels came back scores high; one order of theirs is held on the platform
 * under the risk hold's handle (and still asked), the next goes to the other flow, and a new buyer's order goes
 * to the new-order flow. Each order triggers exactly once.
 */
describe("risky orders end to end", () => {
  let stack: Stack;
  let h: ReturnType<typeof holdsHarness>;
  let seeded = 0;

  beforeAll(async () => {
    stack = await startLoopStack(SHOP);
    h = holdsHarness(stack, SHOP);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const saveRule = async (fields: Record<string, string>) => {
    const response = await adminFetch(stack, SHOP, "/app/risk-rule", {
      method: "POST",
      body: new URLSearchParams({ intent: "risk-rule-save", enabled: "on", threshold: "70", ...fields }),
    });
    expect(response.status).toBe(200);
  };

  /** The phone (E.164) of the buyer of the shop's next order at the platform simulator. */
  const nextBuyerPhone = async () => {
    const { body } = await getJson<{ orders: { name: string }[] }>(`${stack.platformUrl}/sim/orders?shop=${SHOP}`);
    const next = Math.max(0, ...body.orders.map((order) => Number(order.name.replace("#", "")))) + 1;
    return demoBuyer(next).customer.phone.replace(/\s/g, "");
  };

  /** The buyer's past in the shop, as the app recorded it: two parcels back, one refusal, one no answer. */
  const pastWithReturns = async (phone: string) => {
    const at = stored(new Date(Date.now() - 86_400_000));
    for (const [answer, stage] of [
      ["confirmed", "returned"],
      ["confirmed", "returned"],
      ["refused", null],
      ["no_answer", null],
    ] as const) {
      const orderId = `gid://shopify/Order/${990000 + ++seeded}`;
      await query(
        stack,
        `INSERT INTO "OrderRisk" ("shop", "orderId", "phone", "score", "level", "reasons", "scoredAt")
         VALUES (?, ?, ?, 0, 'low', '[]', ?)`,
        [SHOP, orderId, phone, at],
      );
      await query(
        stack,
        `INSERT INTO "OrderAnswer" ("id", "shop", "orderId", "answer", "answeredAt", "source", "callbackTags",
           "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, 'callback', '[]', ?, ?)`,
        [`answer-${seeded}`, SHOP, orderId, answer, at, at, at],
      );
      if (stage) {
        await query(
          stack,
          `INSERT INTO "SupplierOrder" ("id", "shop", "supplierOrderId", "orderId", "stage", "eventCount",
             "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, 0, ?, ?)`,
          [`supplier-${seeded}`, SHOP, `S-${seeded}`, orderId, stage, at, at],
        );
      }
    }
  };

  const triggersOf = async (name: string) => {
    const { body } = await getJson<{ triggers: { flowId: string; payload: { orderName: string } }[] }>(
      `${stack.automationUrl}/sim/triggers`,
    );
    return body.triggers.filter((trigger) => trigger.payload.orderName === name).map((trigger) => trigger.flowId);
  };

  const riskOf = async (orderId: string) =>
    (
      await query<{ score: number; level: string }>(
        stack,
        `SELECT "score", "level" FROM "OrderRisk" WHERE "shop" = ? AND "orderId" = ?`,
        [SHOP, orderId],
      )
    )[0];

  /** The order's risk assessments at the platform (its risk panel) and its high-risk Flow triggers. */
  const followUpsOf = async (order: { id: string; name: string }) => {
    const orders = await getJson<{ orders: { name: string; risk: string[] }[] }>(
      `${stack.platformUrl}/sim/orders?shop=${SHOP}`,
    );
    const flow = await getJson<{ triggers: { handle: string; payload: { order_id: number } }[] }>(
      `${stack.platformUrl}/sim/flow/triggers?shop=${SHOP}`,
    );
    const orderNumber = Number(order.id.split("/").pop());
    return {
      assessments: orders.body.orders.find((candidate) => candidate.name === order.name)?.risk ?? [],
      flowTriggers: flow.body.triggers
        .filter((trigger) => trigger.payload.order_id === orderNumber)
        .map((trigger) => trigger.handle),
    };
  };

  // Before any rule is saved: the score is owed to a job after the send (docs/decisions/344).
  it("sends a high-risk order of a shop without a rule, then scores it, its risk panel and Flow trigger once", async () => {
    await pastWithReturns(await nextBuyerPhone());
    const order = await h.newOrder();
    await eventually(async () => ((await triggersOf(order.name)).length ? true : undefined), 20_000, "the trigger");
    await eventually(async () => ((await riskOf(order.id)) ? true : undefined), 20_000, "the score");
    expect(await riskOf(order.id)).toMatchObject({ level: "high" });
    const followUps = await eventually(
      async () => {
        const seen = await followUpsOf(order);
        return seen.assessments.length && seen.flowTriggers.length ? seen : undefined;
      },
      20_000,
      "the risk panel's assessment and the high-risk trigger",
    );
    expect(followUps).toEqual({ assessments: ["HIGH"], flowTriggers: ["high-risk"] });
    // Later looks find no second trigger, assessment or Flow trigger.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await triggersOf(order.name)).toEqual(["f_101"]);
    expect(await followUpsOf(order)).toEqual({ assessments: ["HIGH"], flowTriggers: ["high-risk"] });
    expect(await h.tasks(order.id)).toEqual([]);
  });

  it("holds a high-risk order on the platform with holds off, and still sends it to the flow once", async () => {
    await saveRule({ action: "hold" });
    await pastWithReturns(await nextBuyerPhone());
    const order = await h.newOrder();
    // The hold waits for the platform to route the order (a second after it): its retry is made due on each look.
    const held = await eventually(
      async () => {
        await h.retryNow();
        const view = await h.fulfillment(order.name);
        return view.fulfillmentOrders.some((fo) => fo.holds.length > 0) ? view : undefined;
      },
      30_000,
      "the risk hold",
    );
    expect(held.fulfillmentOrders[0].holds).toEqual([
      expect.objectContaining({ handle: "return-risk", heldByRequestingApp: true }),
    ]);
    expect(await riskOf(order.id)).toMatchObject({ level: "high" });
    await eventually(async () => ((await triggersOf(order.name)).length ? true : undefined), 20_000, "the trigger");
    expect(await triggersOf(order.name)).toEqual(["f_101"]);
    // No other hold: the shop's holds are off. The platform holds before the worker records the hold done: wait
    // for the record.
    const tasks = await eventually(
      async () => {
        const rows = await h.tasks(order.id);
        return rows.every((task) => task.status === "done") ? rows : undefined;
      },
      30_000,
      "the risk hold recorded",
    );
    expect(tasks.map((task) => [task.kind, task.reason, task.status])).toEqual([["hold", "risk", "done"]]);
  });

  it("sends another high-risk order to the other flow, once, and a new buyer's order to the new-order flow", async () => {
    await saveRule({ action: "other_flow", flowId: "f_202" });
    await pastWithReturns(await nextBuyerPhone());
    const risky = await h.newOrder();
    const fresh = await h.newOrder();
    const sent = await eventually(
      async () => {
        const [riskyFlows, freshFlows] = [await triggersOf(risky.name), await triggersOf(fresh.name)];
        return riskyFlows.length && freshFlows.length ? { riskyFlows, freshFlows } : undefined;
      },
      20_000,
      "both triggers",
    );
    expect(sent).toEqual({ riskyFlows: ["f_202"], freshFlows: ["f_101"] });
    expect(await riskOf(risky.id)).toMatchObject({ level: "high" });
    expect(await riskOf(fresh.id)).toMatchObject({ level: "low" });
    expect(await h.tasks(risky.id)).toEqual([]);
    expect(await h.tasks(fresh.id)).toEqual([]);
    // Later looks find no second trigger of either.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect([await triggersOf(risky.name), await triggersOf(fresh.name)]).toEqual([["f_202"], ["f_101"]]);
  });
});
