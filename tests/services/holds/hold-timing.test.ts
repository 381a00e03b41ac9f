import { afterEach, describe, expect, it, vi } from "vitest";
import prisma from "~/db.server";
import { action as routingComplete } from "~/routes/webhooks.fulfillment_orders.order_routing_complete";
import { DEFAULT_HOLD_POLICY, saveHoldPolicy } from "~/services/holds/settings.server";
import { runDueFulfilmentTasks } from "~/services/holds/tasks.server";
import { startFulfilmentTaskWakeups } from "~/services/holds/wake.server";
import { createConfiguration, createSession, shopDomain } from "../../helpers/factories";
import { webhookRequest } from "../../helpers/requests";
import { fakeFulfilment } from "../../mocks/fulfilment";

const FO = "gid://shopify/FulfillmentOrder/55500011";
const noSleep = { sleep: async () => {} };

async function heldShop() {
  const shop = shopDomain();
  await createSession(shop);
  await createConfiguration(shop, { automationApiKey: `key-${shop}`, newOrderFlowId: "f_101" });
  await saveHoldPolicy(shop, { ...DEFAULT_HOLD_POLICY, enabled: true });
  return shop;
}

async function routed(shop: string) {
  const response = await routingComplete({
    request: webhookRequest(
      "/webhooks/fulfillment_orders/order_routing_complete",
      { fulfillment_order: { id: FO, status: "open" } },
      { shop, topic: "fulfillment_orders/order_routing_complete" },
    ),
  });
  expect(response.status).toBe(200);
}

const tasks = (shop: string) => prisma.fulfilmentTask.findMany({ where: { shop }, orderBy: { createdAt: "asc" } });

let runner: ReturnType<typeof startFulfilmentTaskWakeups> | null = null;
afterEach(async () => {
  await runner?.stop();
  runner = null;
});

describe("a hold is placed when it is owed", () => {
  it("wakes the task runner when routing owes the hold, with no periodic run in between", async () => {
    const shop = await heldShop();
    const fake = fakeFulfilment(shop);
    runner = startFulfilmentTaskWakeups(() => runDueFulfilmentTasks({ graphql: noSleep }));
    await routed(shop);
    await vi.waitFor(async () => expect(await tasks(shop)).toMatchObject([{ kind: "hold", status: "done" }]), {
      timeout: 5_000,
    });
    expect(fake.named("FulfillmentOrderHold")).toHaveLength(1);
  });

  it("runs one pass at a time: a wake during a run is one more run after it, never two at once", async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    runner = startFulfilmentTaskWakeups(async () => {
      running++;
      most = Math.max(most, running);
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 30));
      running--;
      return 0;
    });
    runner.wake();
    runner.wake();
    runner.wake();
    await vi.waitFor(() => expect(runs).toBe(2), { timeout: 2_000 });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(runs).toBe(2);
    expect(most).toBe(1);
  });
});

describe("a hold for an order that no longer exists", () => {
  it("stands down instead of failing and trying again for ever", async () => {
    const shop = await heldShop();
    const fake = fakeFulfilment(shop, {
      overrides: {
        // The order was deleted after routing (the loop test deletes its order; a merchant can too): the platform
        // still answers for the fulfilment order, with no order.
        FulfillmentOrderForHold: () => ({
          fulfillmentOrder: { id: FO, status: "OPEN", fulfillmentHolds: [], order: null },
        }),
      },
    });
    await routed(shop);
    expect(await runDueFulfilmentTasks({ graphql: noSleep })).toBe(1);
    expect(await tasks(shop)).toMatchObject([
      { kind: "hold", status: "stood_down", dueAt: null, lastProblem: "the order no longer exists", orderId: null },
    ]);
    expect(fake.named("FulfillmentOrderHold")).toHaveLength(0);
  });
});
