import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import prisma from "~/db.server";
import { retryDelivery } from "~/services/deliveries/queries.server";
import { MAX_ATTEMPTS, MAX_ERROR_TAG_TRIES } from "~/services/deliveries/retry-policy.server";
import { oweErrorTag, owedTagHandler } from "~/services/deliveries/owed-tags.server";
import { POLICIES } from "~/services/jobs/policies";
import type { WorkerOptions } from "~/services/deliveries/worker-options.server";
import { DeliveryWorker, runDeliveryPass } from "~/services/deliveries/worker.server";
import { createAutomatedShop, createConfiguration, createDelivery, shopDomain } from "../../helpers/factories";
import { TEST_ENV } from "../../helpers/test-env";
import { refuseWrites } from "../../helpers/db";
import checkoutRest from "../../fixtures/webhooks/checkout-rest.json";
import draftRest from "../../fixtures/webhooks/draft-order-rest.json";
import orderRest from "../../fixtures/webhooks/order-rest.json";
import throttled from "../../fixtures/reference/platform-graphql-throttled.json";
import { triggerHandler, type TriggerCall } from "../../mocks/automation";
import { captureLogs } from "../../helpers/logs";
import { mockPlatform, tagsAdded } from "../../mocks/platform";
import { server } from "../../mocks/server";
import { runDueJobs } from "../jobs/run-due";

const T0 = new Date("2026-11-22T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

// The documented schedules (docs/decisions/010-retry-schedule.md) as literal values, not the product's own tables:
// a test that read those would pass whatever they said.
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const FIRST_RETRY = 5 * SECOND;
const SECOND_RETRY = 5 * MINUTE;
const FIRST_ERROR_TAG_RETRY = MINUTE;

/** The owed tags' jobs due at `now`, run as the app's job runner picks them up (at once when owed). */
const runOwedTags = (now: Date) =>
  runDueJobs("order-tag", now, { handler: owedTagHandler({ sleep: async () => {} }) });

/**
 * A worker pass at a fixed moment; jitter pinned to its middle so delays equal the schedule. A tag the pass owed is
 * tried right after it, as the job runner does.
 */
async function pass(now: Date, options: WorkerOptions = {}) {
  const handled = await runDeliveryPass({
    workerId: "worker-a",
    now: () => now,
    random: () => 0.5,
    graphql: { sleep: async () => {} },
    ...options,
  });
  await runOwedTags(now);
  return handled;
}

async function queuedOrder(shop: string) {
  return createDelivery(shop, { order: orderRest, nextAttemptAt: T0, createdAt: T0 });
}

const answer =
  (status: number, headers: Record<string, string> = {}) =>
  () =>
    HttpResponse.json({ error: `status ${status}` }, { status, headers });
const ok = () => HttpResponse.json({ ok: true });

describe("delivering an order", () => {
  it("posts the spec's payload to the new-order flow with the spec's headers and marks it delivered", async () => {
    const shop = await createAutomatedShop();
    const delivery = await queuedOrder(shop);
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));

    expect(await pass(T0)).toBe(1);

    expect(calls).toHaveLength(1);
    expect(calls[0].flowId).toBe("f_101");
    expect(calls[0].headers.get("X-ACCESS-TOKEN")).toBe(`key-${shop}`);
    expect(calls[0].headers.get("Content-Type")).toBe("application/json");
    expect(calls[0].headers.get("Idempotency-Key")).toBe(delivery.id);
    expect(calls[0].body).toMatchObject({
      orderId: "gid://shopify/Order/5550001",
      orderName: "#1001",
      eventType: "order_created",
      shop,
      callbackUrl: `${TEST_ENV.PLATFORM_APP_URL}/api/automation/callback`,
      callbackApiKey: `key-${shop}`,
    });
    const row = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(row).toMatchObject({ status: "delivered", attempts: 1, flowId: "f_101", lastError: null, leaseOwner: null });
    expect(row.deliveredAt).toEqual(T0);
    expect(JSON.parse(row.attemptLog)).toEqual([
      { at: T0.toISOString(), outcome: "delivered", httpStatus: 200, error: null, durationMs: expect.any(Number) },
    ]);
  });

  it("records flow_failed when the flow called back with a failure before its trigger's answer arrived", async () => {
    const shop = await createAutomatedShop();
    const delivery = await queuedOrder(shop);
    server.use(
      http.post(`${TEST_ENV.AUTOMATION_API_URL}/api/flows/:flowId/trigger`, async () => {
        // The callback's write while the trigger is still in flight (the delivery is not delivered yet).
        await prisma.delivery.update({ where: { id: delivery.id }, data: { callbackStatus: "failed" } });
        return ok();
      }),
    );
    await pass(T0);
    const row = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(row).toMatchObject({ status: "flow_failed", callbackStatus: "failed", leaseOwner: null });
    expect(row.deliveredAt).toEqual(T0);
  });

  it("builds the payload at delivery time, so a flow chosen after the webhook arrived is used", async () => {
    const shop = await createAutomatedShop({ newOrderFlowId: "f_old" });
    await queuedOrder(shop);
    await createConfiguration(shop, { newOrderFlowId: "f_new" });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    await pass(T0);
    expect(calls.map((call) => call.flowId)).toEqual(["f_new"]);
  });

  it("sends a draft order to the abandoned-cart flow as draft_order_created", async () => {
    const shop = await createAutomatedShop();
    await createDelivery(shop, { topic: "draft_orders/create", order: draftRest, nextAttemptAt: T0 });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    await pass(T0);
    expect(calls).toHaveLength(1);
    expect(calls[0].flowId).toBe("f_202");
    expect(calls[0].body).toMatchObject({
      draftOrderId: "gid://shopify/DraftOrder/990001",
      eventType: "draft_order_created",
    });
  });

  it("does not touch a delivery that is not due yet", async () => {
    const shop = await createAutomatedShop();
    await createDelivery(shop, { order: orderRest, nextAttemptAt: at(1000) });
    expect(await pass(T0)).toBe(0);
  });
});

describe("skipping", () => {
  it("skips an order with the reason when no new-order flow is configured, without calling out", async () => {
    const shop = await createAutomatedShop({ newOrderFlowId: null });
    const delivery = await queuedOrder(shop);
    await pass(T0);
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: "skipped",
      lastError: "No new-order flow is configured",
      // The code the page words in the merchant's language (docs/decisions/130).
      lastErrorCode: "no_order_flow",
      lastErrorParams: null,
      attempts: 0,
    });
  });

  it("skips an order when the shop has no configuration at all", async () => {
    const shop = shopDomain();
    const delivery = await queuedOrder(shop);
    await pass(T0);
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: "skipped",
      lastError: "No automation API key is configured",
    });
  });

  it("skips a draft order when no abandoned-cart flow is configured", async () => {
    const shop = await createAutomatedShop({ abandonedCartFlowId: null });
    const delivery = await createDelivery(shop, { topic: "draft_orders/create", order: draftRest, nextAttemptAt: T0 });
    await pass(T0);
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: "skipped",
      lastError: "No abandoned-cart flow is configured",
    });
  });
});

describe("retries", () => {
  it("tries a failing trigger again after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then gives up", async () => {
    const shop = await createAutomatedShop();
    const delivery = await queuedOrder(shop);
    const calls: TriggerCall[] = [];
    server.use(
      triggerHandler(
        calls,
        Array.from({ length: 8 }, () => answer(503)),
      ),
    );
    mockPlatform(shop, { OrderTagsAdd: tagsAdded() });
    const waits: number[] = [];
    let now = T0;
    for (let attempt = 1; attempt <= 7; attempt++) {
      await pass(now);
      const row = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
      expect(row).toMatchObject({ status: "retrying", attempts: attempt });
      waits.push(row.nextAttemptAt.getTime() - now.getTime());
      expect(await pass(new Date(row.nextAttemptAt.getTime() - 1))).toBe(0);
      now = row.nextAttemptAt;
    }
    expect(waits).toEqual([5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR]);
    await pass(now);
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: "dead",
      attempts: 8,
    });
    expect(calls).toHaveLength(8);
  });

  it("retries a 503 after the schedule's first delay, then delivers", async () => {
    const shop = await createAutomatedShop();
    const delivery = await queuedOrder(shop);
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls, [answer(503), ok]));

    await pass(T0);
    const retrying = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(retrying).toMatchObject({ status: "retrying", attempts: 1 });
    expect(retrying.lastError).toContain("HTTP 503");
    expect(retrying.nextAttemptAt).toEqual(at(FIRST_RETRY));

    expect(await pass(at(FIRST_RETRY - 1))).toBe(0);
    await pass(at(FIRST_RETRY));
    const delivered = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(delivered).toMatchObject({ status: "delivered", attempts: 2, lastError: null });
    expect(JSON.parse(delivered.attemptLog).map((entry: { outcome: string }) => entry.outcome)).toEqual([
      "retryable",
      "delivered",
    ]);
    expect(calls).toHaveLength(2);
    // Every attempt of one delivery carries the same key, so a receiver can drop a repeat.
    expect(calls.map((call) => call.headers.get("Idempotency-Key"))).toEqual([delivery.id, delivery.id]);
  });

  it("sends a replay the merchant asked for under a new key, so a receiver dropping repeats still takes it", async () => {
    const shop = await createAutomatedShop();
    const delivery = await queuedOrder(shop);
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls, [answer(400)]));
    await pass(T0);
    expect((await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).status).toBe("dead");

    server.use(triggerHandler(calls));
    await retryDelivery(shop, delivery.id, at(1));
    await pass(at(1));
    expect((await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).status).toBe("delivered");
    expect(calls.map((call) => call.headers.get("Idempotency-Key"))).toEqual([delivery.id, `${delivery.id}:replay-1`]);
  });

  it("honours Retry-After on a 429", async () => {
    const shop = await createAutomatedShop();
    const delivery = await queuedOrder(shop);
    server.use(triggerHandler([], [answer(429, { "Retry-After": "120" })]));
    await pass(T0);
    const row = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(row.status).toBe("retrying");
    expect(row.nextAttemptAt).toEqual(at(120_000));
  });

  it("waits at least the schedule when Retry-After asks for less, so a burst of 429s cannot use up the attempts", async () => {
    const shop = await createAutomatedShop();
    const delivery = await queuedOrder(shop);
    server.use(triggerHandler([], [answer(429, { "Retry-After": "1" })]));
    await pass(T0);
    const row = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(row.status).toBe("retrying");
    expect(row.nextAttemptAt).toEqual(at(FIRST_RETRY));
  });

  it("never stores or logs the API key when the platform echoes it in its error", async () => {
    const shop = await createAutomatedShop();
    const delivery = await queuedOrder(shop);
    const apiKey = `key-${shop}`;
    server.use(
      triggerHandler(
        [],
        [
          () =>
            HttpResponse.json(
              { error: `unknown token ${apiKey}`, received: { callbackApiKey: apiKey } },
              { status: 401 },
            ),
        ],
      ),
    );
    mockPlatform(shop, { OrderTagsAdd: tagsAdded() });
    const logs = captureLogs();
    try {
      await pass(T0);
    } finally {
      logs.stop();
    }
    const row = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(row.status).toBe("dead");
    expect(row.lastError).toContain("HTTP 401");
    expect(row.lastError).toContain("unknown token ••••");
    expect(row.lastError).not.toContain(apiKey);
    expect(row.attemptLog).not.toContain(apiKey);
    expect(logs.text()).toContain("HTTP 401");
    expect(logs.text()).not.toContain(apiKey);
  });

  it("keeps the platform's error message but not the order data its error body echoes back", async () => {
    const shop = await createAutomatedShop();
    const delivery = await queuedOrder(shop);
    server.use(
      triggerHandler(
        [],
        [
          () =>
            HttpResponse.json(
              {
                message: "Flow is paused",
                request: { customer: { phone: "+573001112233", email: "ana@example.test" } },
              },
              { status: 422 },
            ),
        ],
      ),
    );
    mockPlatform(shop, { OrderTagsAdd: tagsAdded() });
    await pass(T0);
    const row = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(row.lastError).toBe("Automation platform answered HTTP 422: Flow is paused");
    expect([row.lastErrorCode, JSON.parse(row.lastErrorParams ?? "null")]).toEqual([
      "trigger_http",
      { status: 422, detail: "Flow is paused" },
    ]);
    expect(JSON.parse(row.attemptLog)).toMatchObject([
      { code: "trigger_http", params: { status: 422, detail: "Flow is paused" } },
    ]);
    expect(row.attemptLog).not.toContain("+573001112233");
  });

  it("does not follow a redirect with the API key to another host: the delivery is refused", async () => {
    const shop = await createAutomatedShop();
    const delivery = await queuedOrder(shop);
    const stolen: (string | null)[] = [];
    server.use(
      triggerHandler(
        [],
        [() => new HttpResponse(null, { status: 307, headers: { Location: "https://elsewhere.test/x" } })],
      ),
      http.post("https://elsewhere.test/x", ({ request }) => {
        stolen.push(request.headers.get("X-ACCESS-TOKEN"));
        return HttpResponse.json({ ok: true });
      }),
    );
    mockPlatform(shop, { OrderTagsAdd: tagsAdded() });
    await pass(T0);
    expect(stolen).toEqual([]);
    const row = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(row).toMatchObject({ status: "dead", lastError: "Automation platform answered HTTP 307" });
  });

  it("retries a network error and a 408", async () => {
    const shop = await createAutomatedShop();
    const delivery = await queuedOrder(shop);
    server.use(triggerHandler([], [() => HttpResponse.error(), answer(408)]));
    await pass(T0);
    expect((await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).lastError).toContain(
      "Network error",
    );
    await pass(at(FIRST_RETRY));
    const row = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(row).toMatchObject({ status: "retrying", attempts: 2 });
    expect(row.nextAttemptAt).toEqual(at(FIRST_RETRY + SECOND_RETRY));
  });

  it("spreads retries with jitter of at most 20 %", async () => {
    const shop = await createAutomatedShop();
    const early = await queuedOrder(shop);
    const late = await createDelivery(shop, { order: { ...orderRest, id: 5550002 }, nextAttemptAt: T0, createdAt: T0 });
    server.use(triggerHandler([], [answer(500)]));
    await pass(T0, { concurrency: 1, random: () => 0 });
    await pass(T0, { concurrency: 1, random: () => 1 });
    const rows = await prisma.delivery.findMany({ where: { id: { in: [early.id, late.id] } } });
    const delays = rows.map((row) => row.nextAttemptAt.getTime() - T0.getTime()).sort((a, b) => a - b);
    expect(delays).toEqual([4 * SECOND, 6 * SECOND]);
  });
});

describe("dead deliveries", () => {
  it("marks a 400 dead at once and adds automation-error to the order", async () => {
    const shop = await createAutomatedShop();
    const delivery = await queuedOrder(shop);
    server.use(triggerHandler([], [answer(400)]));
    const graphql = mockPlatform(shop, { OrderTagsAdd: tagsAdded() });

    await pass(T0);

    const row = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(row).toMatchObject({ status: "dead", attempts: 1 });
    expect(row.lastError).toContain("HTTP 400");
    expect(JSON.parse(row.tagsApplied)).toEqual(["automation-error"]);
    expect(graphql).toMatchObject([
      {
        shop,
        operationName: "OrderTagsAdd",
        variables: { id: "gid://shopify/Order/5550001", tags: ["automation-error"] },
        accessToken: `shpat_test_${shop}`,
      },
    ]);
  });

  it("marks a delivery dead after the last scheduled attempt and tags the order", async () => {
    const shop = await createAutomatedShop();
    const delivery = await queuedOrder(shop);
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls, [answer(502)]));
    const graphql = mockPlatform(shop, { OrderTagsAdd: tagsAdded() });

    let now = T0;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await pass(now)).toBe(1);
      const row = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
      now = row.nextAttemptAt;
    }
    const row = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(row).toMatchObject({ status: "dead", attempts: MAX_ATTEMPTS });
    expect(row.lastError).toMatch(/^Gave up after 8 attempts/);
    expect(row.lastErrorCode).not.toBeNull();
    expect(JSON.parse(row.lastErrorParams!)).toMatchObject({ gaveUpAfter: MAX_ATTEMPTS });
    expect(calls).toHaveLength(MAX_ATTEMPTS);
    expect(graphql.map((call) => call.operationName)).toEqual(["OrderTagsAdd"]);
    expect(await pass(at(100 * 3_600_000))).toBe(0);
  });

  it("tags the order after the platform throttles the tagsAdd call once", async () => {
    const shop = await createAutomatedShop();
    const delivery = await queuedOrder(shop);
    server.use(triggerHandler([], [answer(404)]));
    const graphql = mockPlatform(shop, {
      OrderTagsAdd: (variables, call) => (call === 1 ? HttpResponse.json(throttled) : tagsAdded()(variables, call)),
    });
    await pass(T0);
    expect(graphql.map((c) => c.operationName)).toEqual(["OrderTagsAdd", "OrderTagsAdd"]);
    expect(JSON.parse((await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).tagsApplied)).toEqual([
      "automation-error",
    ]);
  });

  it("keeps the delivery dead with the reason when the order cannot be tagged", async () => {
    const shop = await createAutomatedShop();
    await prisma.session.deleteMany({ where: { shop } });
    const delivery = await queuedOrder(shop);
    server.use(triggerHandler([], [answer(422)]));
    await pass(T0);
    const row = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(row.status).toBe("dead");
    expect(row.lastError).toContain("HTTP 422");
    expect(
      await prisma.orderTagTask.findUniqueOrThrow({
        where: { deliveryId_tag: { deliveryId: delivery.id, tag: "automation-error" } },
      }),
    ).toMatchObject({
      status: "owed",
      lastProblem: "the app has no offline session for the shop",
    });
  });
});

describe("the error tag a dead delivery still owes", () => {
  const platformDown = () =>
    HttpResponse.json({ errors: [{ message: "Internal error. Looks like something went wrong" }] });

  /** A platform whose tagsAdd fails while `down.value` is true; the calls are recorded. */
  function flakyPlatform(shop: string, down: { value: boolean }) {
    return mockPlatform(shop, {
      OrderTagsAdd: (variables, call) => (down.value ? platformDown() : tagsAdded()(variables, call)),
    });
  }

  async function deadOrder(shop: string) {
    const delivery = await queuedOrder(shop);
    server.use(triggerHandler([], [answer(400)]));
    await pass(T0);
    return delivery;
  }

  const row = (id: string) => prisma.delivery.findUniqueOrThrow({ where: { id } });
  const task = (deliveryId: string) =>
    prisma.orderTagTask.findUniqueOrThrow({ where: { deliveryId_tag: { deliveryId, tag: "automation-error" } } });
  const retryTags = runOwedTags;

  it("records the tag as owed, due a minute later, when the platform fails at the moment of death", async () => {
    const shop = await createAutomatedShop();
    flakyPlatform(shop, { value: true });
    const delivery = await deadOrder(shop);
    expect(await row(delivery.id)).toMatchObject({ status: "dead", tagsApplied: "[]" });
    expect((await row(delivery.id)).lastError).toBe("Automation platform answered HTTP 400: status 400");
    expect(await task(delivery.id)).toMatchObject({
      shop,
      orderId: "gid://shopify/Order/5550001",
      status: "owed",
      dueAt: new Date("2026-11-22T10:01:00.000Z"),
      attempts: 1,
      lastProblem: expect.stringContaining("Internal error"),
    });
  });

  it("adds the owed tag once it is due and marks the task done, the delivery's reason untouched", async () => {
    const shop = await createAutomatedShop();
    const down = { value: true };
    const graphql = flakyPlatform(shop, down);
    const delivery = await deadOrder(shop);
    const reason = (await row(delivery.id)).lastError;
    down.value = false;

    expect(await retryTags(at(FIRST_ERROR_TAG_RETRY - 1))).toBe(0);
    expect(graphql).toHaveLength(1);
    expect(await retryTags(at(FIRST_ERROR_TAG_RETRY))).toBe(1);

    expect(graphql.map(({ operationName, variables }) => ({ operationName, variables }))).toEqual([
      { operationName: "OrderTagsAdd", variables: { id: "gid://shopify/Order/5550001", tags: ["automation-error"] } },
      { operationName: "OrderTagsAdd", variables: { id: "gid://shopify/Order/5550001", tags: ["automation-error"] } },
    ]);
    expect(await task(delivery.id)).toMatchObject({ status: "done", dueAt: null, attempts: 2, lastProblem: null });
    expect(await row(delivery.id)).toMatchObject({
      status: "dead",
      lastError: reason,
      tagsApplied: JSON.stringify(["automation-error"]),
    });
    expect(await retryTags(at(100 * 3_600_000))).toBe(0);
  });

  it("tries again after 1 min, 10 min, 1 h and 6 h, then gives up", async () => {
    const shop = await createAutomatedShop();
    const graphql = flakyPlatform(shop, { value: true });
    const delivery = await deadOrder(shop);

    const waits: number[] = [];
    let due = (await task(delivery.id)).dueAt;
    let previous = T0;
    while (due) {
      waits.push(due.getTime() - previous.getTime());
      expect(await retryTags(due)).toBe(1);
      previous = due;
      due = (await task(delivery.id)).dueAt;
    }

    // Literal values: a change of the schedule must fail here, not follow the product's own table.
    expect(waits).toEqual([60_000, 600_000, 3_600_000, 21_600_000]);
    expect(graphql).toHaveLength(MAX_ERROR_TAG_TRIES);
    expect(await task(delivery.id)).toMatchObject({ status: "given_up", attempts: 5, dueAt: null });
    expect(await row(delivery.id)).toMatchObject({ status: "dead", tagsApplied: "[]" });
    expect(await retryTags(at(100 * 3_600_000))).toBe(0);
  });

  it("does not owe the tag when the platform says the order no longer exists", async () => {
    const shop = await createAutomatedShop();
    const graphql = mockPlatform(shop, {
      OrderTagsAdd: () => ({ tagsAdd: { node: null, userErrors: [{ field: ["id"], message: "Resource not found" }] } }),
    });
    const delivery = await deadOrder(shop);
    expect(await task(delivery.id)).toMatchObject({
      status: "given_up",
      dueAt: null,
      lastProblem: "the order no longer exists on the platform",
    });
    expect((await row(delivery.id)).tagsApplied).toBe("[]");
    expect(await retryTags(at(100 * 3_600_000))).toBe(0);
    expect(graphql).toHaveLength(1);
  });

  it("keeps one job per owed tag: owing it again while it waits adds no second try", async () => {
    const shop = await createAutomatedShop();
    const down = { value: true };
    const graphql = flakyPlatform(shop, down);
    const delivery = await deadOrder(shop);
    down.value = false;
    await oweErrorTag(delivery, { now: () => at(1) });
    expect(await retryTags(at(FIRST_ERROR_TAG_RETRY))).toBe(1);
    expect(graphql).toHaveLength(2);
    expect((await row(delivery.id)).tagsApplied).toBe(JSON.stringify(["automation-error"]));
  });

  it("tags a paused shop's order all the same, as policies.ts says of owed tags", async () => {
    expect(POLICIES["order-tag"].pause.holds).toBe(false);
    const shop = await createAutomatedShop();
    const down = { value: true };
    const graphql = flakyPlatform(shop, down);
    const delivery = await deadOrder(shop);
    down.value = false;
    await prisma.automationPause.create({ data: { shop } });
    expect(await retryTags(at(FIRST_ERROR_TAG_RETRY))).toBe(1);
    expect(graphql).toHaveLength(2);
    expect(await task(delivery.id)).toMatchObject({ status: "done" });
  });

  it("forgets the owed tag when the merchant replays the delivery", async () => {
    const shop = await createAutomatedShop();
    const graphql = flakyPlatform(shop, { value: true });
    const delivery = await deadOrder(shop);
    await retryDelivery(shop, delivery.id, at(1));
    expect(await row(delivery.id)).toMatchObject({ status: "queued" });
    expect(await prisma.orderTagTask.count()).toBe(0);
    server.use(triggerHandler([]));
    await pass(at(2));
    // The forgotten tag's job finds no row when it comes due, and adds nothing.
    await retryTags(at(100 * 3_600_000));
    expect(graphql).toHaveLength(1);
  });

  it("goes with the delivery when the shop's data is deleted", async () => {
    const shop = await createAutomatedShop();
    flakyPlatform(shop, { value: true });
    await deadOrder(shop);
    expect(await prisma.orderTagTask.count({ where: { shop } })).toBe(1);
    await prisma.delivery.deleteMany({ where: { shop } });
    expect(await prisma.orderTagTask.count({ where: { shop } })).toBe(0);
  });
});

describe("leases", () => {
  it("holds a claim for 30 s, so a dead worker's deliveries go out again half a minute later (decision 083)", async () => {
    const shop = await createAutomatedShop();
    const delivery = await queuedOrder(shop);
    const leases: (Date | null)[] = [];
    server.use(
      http.post(`${TEST_ENV.AUTOMATION_API_URL}/api/flows/:flowId/trigger`, async () => {
        const row = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
        leases.push(row.leaseExpiresAt);
        return HttpResponse.json({ ok: true });
      }),
    );
    expect(await pass(at(0))).toBe(1);
    expect(leases.map((lease) => lease && lease.getTime() - T0.getTime())).toEqual([30_000]);
  });

  it("delivers later a job whose worker died mid-delivery, once the lease runs out", async () => {
    const shop = await createAutomatedShop();
    const delivery = await queuedOrder(shop);
    // Worker "dead" claimed it and vanished: the row stays delivering with its lease.
    await prisma.delivery.update({
      where: { id: delivery.id },
      data: { status: "delivering", leaseOwner: "dead", leaseExpiresAt: at(FIRST_ERROR_TAG_RETRY), attempts: 1 },
    });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));

    expect(await pass(at(59_999))).toBe(0);
    expect(await pass(at(60_001))).toBe(1);
    expect(calls).toHaveLength(1);
    expect(calls[0].headers.get("Idempotency-Key")).toBe(delivery.id);
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: "delivered",
      attempts: 2,
      leaseOwner: null,
    });
  });

  it("marks dead, and tags the order, a job whose worker died on its last allowed attempt", async () => {
    const shop = await createAutomatedShop();
    const delivery = await queuedOrder(shop);
    await prisma.delivery.update({
      where: { id: delivery.id },
      data: { status: "delivering", leaseOwner: "dead", leaseExpiresAt: T0, attempts: MAX_ATTEMPTS },
    });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    const graphql = mockPlatform(shop, { OrderTagsAdd: tagsAdded() });
    await pass(at(1));
    expect(calls).toEqual([]);
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: "dead",
      lastError: `The worker stopped during each of ${MAX_ATTEMPTS} attempts`,
      tagsApplied: JSON.stringify(["automation-error"]),
    });
    expect(graphql.map((call) => call.operationName)).toEqual(["OrderTagsAdd"]);
  });

  it("records a sent delivery even when the first write of its outcome fails, so it is never sent twice", async () => {
    const shop = await createAutomatedShop();
    const delivery = await queuedOrder(shop);
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    // A real failed write: the database refuses to mark it delivered until the trigger is dropped.
    const dropOutcomeTrigger = await refuseWrites(
      "Delivery",
      "UPDATE",
      `NEW."status" = 'delivered'`,
      "database is locked",
    );
    let waits = 0;
    try {
      await pass(T0, { sleep: async () => void (waits++ === 0 && (await dropOutcomeTrigger())) });
    } finally {
      await dropOutcomeTrigger();
    }
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: "delivered",
      leaseOwner: null,
    });
    expect(await pass(at(3_600_000))).toBe(0);
    expect(calls).toHaveLength(1);
  });

  it("lets only one of two workers claim a delivery", async () => {
    const shop = await createAutomatedShop();
    await queuedOrder(shop);
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    const [a, b] = await Promise.all([pass(T0, { workerId: "a" }), pass(T0, { workerId: "b" })]);
    expect(a + b).toBe(1);
    expect(calls).toHaveLength(1);
  });
});

describe("abandoned checkouts", () => {
  it("triggers the abandoned-cart flow when no order came for the checkout", async () => {
    const shop = await createAutomatedShop();
    await createDelivery(shop, {
      topic: "checkouts/create",
      order: checkoutRest,
      orderId: null,
      checkoutToken: "chk-token-1",
      cartToken: "cart-token-1",
      nextAttemptAt: at(3_600_000),
    });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    expect(await pass(at(3_599_999))).toBe(0);
    await pass(at(3_600_000));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      flowId: "f_202",
      body: { eventType: "checkout_abandoned", phone: "+573004445566" },
    });
  });

  it("cancels the waiting checkout when the order of that checkout is delivered", async () => {
    const shop = await createAutomatedShop();
    const checkout = await createDelivery(shop, {
      topic: "checkouts/create",
      order: checkoutRest,
      orderId: null,
      checkoutToken: "chk-token-1",
      nextAttemptAt: at(3_600_000),
    });
    await createDelivery(shop, { order: orderRest, checkoutToken: "chk-token-1", nextAttemptAt: T0 });
    server.use(triggerHandler([]));
    await pass(T0);
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: checkout.id } })).toMatchObject({
      status: "skipped",
      lastError: "An order was placed for this checkout",
      payload: null,
      buyer: null,
    });
  });

  it("skips the checkout when an order for its cart arrived before the delay ran out", async () => {
    const shop = await createAutomatedShop();
    const checkout = await createDelivery(shop, {
      topic: "checkouts/create",
      order: checkoutRest,
      orderId: null,
      checkoutToken: "chk-token-1",
      cartToken: "cart-token-1",
      nextAttemptAt: T0,
    });
    // An order delivered earlier (its own row is done), carrying the cart token only.
    await createDelivery(shop, { order: orderRest, cartToken: "cart-token-1", status: "delivered" });
    await pass(T0);
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: checkout.id } })).toMatchObject({
      status: "skipped",
      lastError: "An order was placed for this checkout",
    });
  });
});

describe("unexpected failures", () => {
  it("retries on the schedule when the delivery cannot even be prepared", async () => {
    const shop = await createAutomatedShop();
    const delivery = await createDelivery(shop, { payload: "{not json", nextAttemptAt: T0 });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    await pass(T0);
    expect(calls).toEqual([]);
    const row = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(row).toMatchObject({
      status: "retrying",
      attempts: 1,
      lastError: "Internal error while preparing the delivery",
      leaseOwner: null,
    });
    expect(row.nextAttemptAt).toEqual(at(FIRST_RETRY));
  });
});

describe("privacy", () => {
  it("skips a delivery whose order data was erased before it went out", async () => {
    const shop = await createAutomatedShop();
    const delivery = await createDelivery(shop, { payload: null, nextAttemptAt: T0 });
    await pass(T0);
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: "skipped",
      lastError: "The order data was erased before it could be delivered",
    });
  });
});

describe("the worker loop", () => {
  it("delivers a new row as soon as it is woken, without waiting for the poll interval", async () => {
    const shop = await createAutomatedShop();
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    let idle!: () => void;
    const sleeps: number[] = [];
    const worker = new DeliveryWorker({
      workerId: "loop",
      pollIntervalMs: 3_600_000,
      // Parks until woken, whatever the interval: the test controls time.
      sleep: (ms, woken) =>
        new Promise<void>((resolve) => {
          sleeps.push(ms);
          idle = resolve;
          void woken.then(resolve);
        }),
    });
    worker.start();
    // Parked (on PostgreSQL the LISTEN connection's first wake may have run one more empty pass first).
    await vi.waitFor(() => expect(sleeps.length).toBeGreaterThanOrEqual(1));
    await queuedOrder(shop);
    await prisma.delivery.updateMany({ where: { shop }, data: { nextAttemptAt: new Date() } });
    worker.wake();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await worker.stop();
    idle?.();
    expect(sleeps[0]).toBe(3_600_000);
  });

  it("ends its own idle sleep when woken: a webhook goes out and stop returns without the poll interval", async () => {
    const shop = await createAutomatedShop();
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    const worker = new DeliveryWorker({ workerId: "idle", pollIntervalMs: 3_600_000 });
    worker.start();
    try {
      // Let it find nothing and go to sleep for an hour.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await queuedOrder(shop);
      await prisma.delivery.updateMany({ where: { shop }, data: { nextAttemptAt: new Date() } });
      worker.wake();
      await vi.waitFor(() => expect(calls).toHaveLength(1), { timeout: 5_000 });
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      const stopping = Date.now();
      await worker.stop();
      expect(Date.now() - stopping).toBeLessThan(5_000);
    }
  });

  it("refills a freed slot at once: one hanging trigger does not hold back 20 other orders", async () => {
    const slowShop = await createAutomatedShop();
    const shop = await createAutomatedShop();
    // The hanging order is the oldest, so it is claimed first and holds its slot the whole time.
    await createDelivery(slowShop, { nextAttemptAt: new Date(Date.now() - 60_000) });
    for (let i = 0; i < 20; i++) await createDelivery(shop, { nextAttemptAt: new Date(Date.now() - 30_000 + i) });
    let release!: () => void;
    const hang = new Promise<void>((resolve) => (release = resolve));
    const sent: number[] = [];
    server.use(
      http.post(`${TEST_ENV.AUTOMATION_API_URL}/api/flows/:flowId/trigger`, async ({ request }) => {
        if (request.headers.get("X-ACCESS-TOKEN") === `key-${slowShop}`) {
          // Hangs 10 s unless released when the test is done.
          await Promise.race([hang, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        } else sent.push(Date.now());
        return HttpResponse.json({ ok: true });
      }),
    );
    const worker = new DeliveryWorker({ workerId: "slots", concurrency: 4, pollIntervalMs: 5_000 });
    const started = Date.now();
    worker.start();
    try {
      await vi.waitFor(() => expect(sent).toHaveLength(20), { timeout: 8_000, interval: 20 });
      // Generous for a loaded 2-core machine; the old batch loop took the full 10 s.
      expect(Math.max(...sent) - started).toBeLessThan(5_000);
      // A trigger is counted when it arrives, before its outcome write: wait for the writes.
      await vi.waitFor(
        async () => expect(await prisma.delivery.count({ where: { shop, status: "delivered" } })).toBe(20),
        { timeout: 2_000, interval: 20 },
      );
      expect(await prisma.delivery.findFirstOrThrow({ where: { shop: slowShop } })).toMatchObject({
        status: "delivering",
      });
      // The other slots free as their outcome writes finish; the hanging trigger keeps its own.
      await vi.waitFor(() => expect(worker.busy).toBe(1), { timeout: 2_000, interval: 20 });
    } finally {
      release();
      await worker.stop();
    }
    expect(await prisma.delivery.count({ where: { status: "delivered" } })).toBe(21);
  });

  it("keeps at most `concurrency` triggers in flight, the hanging one included (a crash re-sends no more)", async () => {
    const slowShop = await createAutomatedShop();
    const shop = await createAutomatedShop();
    await createDelivery(slowShop, { nextAttemptAt: new Date(Date.now() - 60_000) });
    for (let i = 0; i < 12; i++) await createDelivery(shop, { nextAttemptAt: new Date(Date.now() - 30_000 + i) });
    let release!: () => void;
    const hang = new Promise<void>((resolve) => (release = resolve));
    let inFlight = 0;
    let most = 0;
    server.use(
      http.post(`${TEST_ENV.AUTOMATION_API_URL}/api/flows/:flowId/trigger`, async ({ request }) => {
        most = Math.max(most, ++inFlight);
        try {
          if (request.headers.get("X-ACCESS-TOKEN") === `key-${slowShop}`) {
            await Promise.race([hang, new Promise((resolve) => setTimeout(resolve, 10_000))]);
          } else await new Promise((resolve) => setTimeout(resolve, 50));
          return HttpResponse.json({ ok: true });
        } finally {
          inFlight--;
        }
      }),
    );
    const worker = new DeliveryWorker({ workerId: "window", concurrency: 3, pollIntervalMs: 5_000 });
    worker.start();
    try {
      await vi.waitFor(
        async () => expect(await prisma.delivery.count({ where: { shop, status: "delivered" } })).toBe(12),
        { timeout: 8_000, interval: 20 },
      );
      expect(most).toBe(3);
    } finally {
      release();
      await worker.stop();
    }
  });
});
