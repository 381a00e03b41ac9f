import { afterEach, describe, expect, it, vi } from "vitest";
import prisma from "~/db.server";
import { action as routingComplete } from "~/routes/webhooks.fulfillment_orders.order_routing_complete";
import { DEFAULT_HOLD_POLICY, saveHoldPolicy } from "~/services/holds/settings.server";
import { POLICIES } from "~/services/jobs/policies";
import { JOB_KINDS } from "~/services/jobs/registry.server";
import { addFulfilmentTaskJob, fulfilmentTaskHandler } from "~/services/holds/tasks.server";
import { createConfiguration, createSession, shopDomain } from "../../helpers/factories";
import { webhookRequest } from "../../helpers/requests";
import { fakeFulfilment, platformDown } from "../../mocks/fulfilment";
import { jobEngine } from "../jobs/engines";
import { runDueJobs } from "../jobs/run-due";

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

let engine: ReturnType<typeof jobEngine> | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
  global.connectorJobs = undefined;
});

/** This process's job runner as the app starts it, with only the holds' kind (no periodic job runs beside it). */
async function startJobs() {
  const kind = { ...JOB_KINDS["fulfilment-task"], handler: async () => fulfilmentTaskHandler(noSleep) };
  engine = jobEngine({ "fulfilment-task": kind }, `test-${process.pid}`);
  global.connectorJobs = engine.queue;
  await engine.queue.start();
}

const run = (now = new Date()) => runDueJobs("fulfilment-task", now, { handler: fulfilmentTaskHandler(noSleep) });

describe("a hold is placed when it is owed", () => {
  it("is run by the job runner's own pickup when routing owes it, with no periodic run in between", async () => {
    const shop = await heldShop();
    const fake = fakeFulfilment(shop);
    await startJobs();
    await routed(shop);
    await vi.waitFor(async () => expect(await tasks(shop)).toMatchObject([{ kind: "hold", status: "done" }]), {
      timeout: 5_000,
    });
    expect(fake.named("FulfillmentOrderHold")).toHaveLength(1);
  });
});

describe("a task's job", () => {
  it("is one per task: owing it again, or adding the owed rows' jobs at start, adds no second job", async () => {
    const shop = await heldShop();
    const fake = fakeFulfilment(shop, { overrides: { FulfillmentOrderForHold: platformDown } });
    await routed(shop);
    await routed(shop);
    const [task] = await tasks(shop);
    await addFulfilmentTaskJob(task);
    expect(await run()).toBe(1);
    expect(fake.named("FulfillmentOrderForHold").length).toBeGreaterThan(0);
  });

  it("waits while the shop is paused and runs on the resume, as policies.ts says of fulfilment tasks", async () => {
    const shop = await heldShop();
    expect(POLICIES["fulfilment-task"].pause.holds).toBe(true);
    const fake = fakeFulfilment(shop);
    await prisma.automationPause.create({ data: { shop } });
    await routed(shop);
    expect(await run()).toBe(0);
    expect(await tasks(shop)).toMatchObject([{ kind: "hold", status: "owed", attempts: 0 }]);
    expect(fake.named("FulfillmentOrderHold")).toHaveLength(0);
    await prisma.automationPause.delete({ where: { shop } });
    expect(await run()).toBe(1);
    expect(await tasks(shop)).toMatchObject([{ kind: "hold", status: "done" }]);
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
    expect(await run()).toBe(1);
    expect(await tasks(shop)).toMatchObject([
      { kind: "hold", status: "stood_down", dueAt: null, lastProblem: "the order no longer exists", orderId: null },
    ]);
    expect(fake.named("FulfillmentOrderHold")).toHaveLength(0);
  });
});
