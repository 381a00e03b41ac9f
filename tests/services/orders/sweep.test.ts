import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { sweepNowMessage, type SweepNowResult } from "~/routes/app.deliveries._index/use-sweep-now";
import { createI18n } from "~/i18n/context";
import { failureMessage } from "~/lib/errors";
import { logger } from "~/logger.server";
import { loader as healthLoader } from "~/routes/healthz.deliveries";
import { action as sweepAction } from "~/routes/app.order-sweep";
import { clearAlertSummaryCache } from "~/services/deliveries/alerts.server";
import { deliveryInsights } from "~/services/deliveries/insights.server";
import { pauseAutomation, resumeAutomation } from "~/services/deliveries/operations.server";
import { recordWebhookEvent } from "~/services/deliveries/receive.server";
import { runDeliveryPass } from "~/services/deliveries/worker.server";
import { graphqlUrl } from "~/services/platform/graphql.server";
import {
  countRecovered,
  countRecoveredEverywhere,
  SWEEP_GRACE_MS,
  sweepAllShops,
  sweepFromWatermark,
  sweepLastDay,
} from "~/services/orders/sweep.server";
import { execute } from "../../../sandbox/platform/graphql";
import { createDraftOrder, createOrder, newShopState, type ShopState } from "../../../sandbox/platform/state";
import { orderPayload } from "../../../sandbox/platform/webhooks";
import { createAutomatedShop, shopDomain } from "../../helpers/factories";
import { adminRequest, formBody } from "../../helpers/requests";
import { triggerHandler, type TriggerCall } from "../../mocks/automation";
import { server } from "../../mocks/server";

const NOW = new Date();
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

/** The platform simulator's own GraphQL behind the shop's admin URL: its paging, search and full reads. */
function simulatedPlatform(shop: string) {
  const state = newShopState(shop, "read_orders,write_orders");
  // The simulator seeds orders from the past days; the sweep's tests start from an empty store.
  state.orders.length = 0;
  const requests: string[] = [];
  server.use(
    http.post(graphqlUrl(shop), async ({ request }) => {
      const body = (await request.json()) as { query: string; variables?: Record<string, unknown> };
      requests.push(/\b(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1] ?? "anonymous");
      const result = execute(state, body.query, body.variables ?? {});
      return HttpResponse.json({ data: result.data, ...(result.errors.length ? { errors: result.errors } : {}) });
    }),
  );
  return { state, requests };
}

function placeOrders(state: ShopState, count: number, createdAt: (index: number) => Date) {
  return Array.from({ length: count }, (_, index) => createOrder(state, { createdAt: createdAt(index) }));
}

/** The webhook the platform would have sent for `order`, as the receiver stores it. */
function webhookFor(shop: string, order: ReturnType<typeof createOrder>) {
  const payload = orderPayload(order);
  return recordWebhookEvent({
    shop,
    topic: "orders/create",
    eventId: `event-${order.id}`,
    webhookId: `webhook-${order.id}`,
    apiVersion: "2026-10",
    payload,
    body: JSON.stringify(payload),
    log: logger,
  });
}

function pass() {
  return runDeliveryPass({
    workerId: "worker-a",
    now: () => NOW,
    random: () => 0.5,
    graphql: { sleep: async () => {} },
  });
}

describe("the reconciliation sweep", () => {
  it("queues every order the app never received, over several pages, and leaves the received ones alone", async () => {
    const shop = await createAutomatedShop();
    const { state, requests } = simulatedPlatform(shop);
    const orders = placeOrders(state, 130, (index) => minutesAgo(600 - index));
    for (const order of orders.slice(0, 30)) expect(await webhookFor(shop, order)).toMatchObject({ recorded: true });

    const result = await sweepFromWatermark(shop, { now: NOW, pageSize: 50, graphql: { sleep: async () => {} } });

    expect(result).toMatchObject({ listed: 130, recovered: 100 });
    // Three pages of ids (50, 50, 30), their missing orders (20, 50, 30) read 3 at a time, one page of draft orders.
    expect(requests.filter((name) => name === "SweepOrderIds")).toHaveLength(3);
    expect(requests.filter((name) => name === "SweepOrders")).toHaveLength(7 + 17 + 10);
    expect(requests.filter((name) => name === "SweepDraftOrderIds")).toHaveLength(1);
    expect(await prisma.delivery.count({ where: { shop, topic: "orders/create" } })).toBe(130);
    expect(await prisma.delivery.count({ where: { shop, eventId: { startsWith: "sweep:" } } })).toBe(100);
    expect(await countRecovered(shop, minutesAgo(1))).toBe(100);
    expect(await countRecoveredEverywhere(minutesAgo(1))).toBe(100);
    expect(await prisma.orderSweep.findUniqueOrThrow({ where: { shop } })).toMatchObject({
      watermark: new Date(NOW.getTime() - SWEEP_GRACE_MS),
      lastRecovered: 100,
      lastProblem: null,
    });
  });

  it("stops at the page budget and starts the next run where the listing got to", async () => {
    const shop = await createAutomatedShop();
    const { state } = simulatedPlatform(shop);
    const orders = placeOrders(state, 5, (index) => minutesAgo(300 - index * 10));
    const first = await sweepFromWatermark(shop, { now: NOW, pageSize: 2, maxPages: 2 });
    expect(first).toMatchObject({ listed: 4, recovered: 4, reached: new Date(orders[3].createdAt) });
    expect((await prisma.orderSweep.findUniqueOrThrow({ where: { shop } })).watermark).toEqual(
      new Date(orders[3].createdAt),
    );
    expect(await sweepFromWatermark(shop, { now: NOW, pageSize: 2, maxPages: 2 })).toMatchObject({ recovered: 1 });
    expect(await prisma.delivery.count({ where: { shop } })).toBe(5);
  });

  it("sends a recovered order's spec payload once; its webhook arriving late is a duplicate", async () => {
    const shop = await createAutomatedShop();
    const { state } = simulatedPlatform(shop);
    const [order] = placeOrders(state, 1, () => minutesAgo(30));
    await sweepFromWatermark(shop, { now: NOW });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    await pass();

    expect(await webhookFor(shop, order)).toMatchObject({ recorded: false, reason: "duplicate" });
    await pass();
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toMatchObject({
      orderId: `gid://shopify/Order/${order.id}`,
      orderName: order.name,
      eventType: "order_created",
      totalPrice: order.totalPrice,
      currency: "COP",
      customer: { email: order.customer!.email, phone: order.customer!.phone },
      phoneE164: expect.stringMatching(/^\+57\d{10}$/),
    });
    expect(calls[0].body.lineItems).toHaveLength(order.lineItems.length);
  });

  it("keeps a recovered order's buyer as a webhook's order has it: name, phone, city and total", async () => {
    const shop = await createAutomatedShop();
    const { state } = simulatedPlatform(shop);
    const [order] = placeOrders(state, 1, () => minutesAgo(30));
    await sweepFromWatermark(shop, { now: NOW });
    const row = await prisma.delivery.findFirstOrThrow({ where: { shop } });
    const buyer = JSON.parse(row.buyer ?? "null");
    expect(buyer).toMatchObject({
      name: expect.any(String),
      phone: expect.any(String),
      city: expect.any(String),
      total: expect.stringMatching(/^\d+(\.\d+)?$/),
      currency: "COP",
    });
    expect(Number(buyer.total)).toBe(Number(order.totalPrice));
    expect(buyer.products.length).toBeGreaterThan(0);
  });

  it("never queues an order whose webhook came first, nor one still within the grace of its webhook", async () => {
    const shop = await createAutomatedShop();
    const { state } = simulatedPlatform(shop);
    const [received] = placeOrders(state, 1, () => minutesAgo(30));
    await webhookFor(shop, received);
    placeOrders(state, 1, () => minutesAgo(2));
    expect(await sweepFromWatermark(shop, { now: NOW })).toMatchObject({ listed: 1, recovered: 0 });
    expect(await prisma.delivery.count({ where: { shop } })).toBe(1);
  });

  it("recovers draft orders under the draft order topic", async () => {
    const shop = await createAutomatedShop();
    const { state } = simulatedPlatform(shop);
    const draft = createDraftOrder(state);
    draft.createdAt = minutesAgo(45).toISOString();
    expect(await sweepFromWatermark(shop, { now: NOW })).toMatchObject({ recovered: 1 });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    await pass();
    expect(calls[0]).toMatchObject({
      flowId: "f_202",
      body: { draftOrderId: `gid://shopify/DraftOrder/${draft.id}`, eventType: "draft_order_created" },
    });
  });

  it("starts from the watermark (less the overlap) on the next run", async () => {
    const shop = await createAutomatedShop();
    const { state } = simulatedPlatform(shop);
    placeOrders(state, 1, () => minutesAgo(60));
    await sweepFromWatermark(shop, { now: NOW });
    // The platform's search index lagged: an order created before the watermark is listed only after that run.
    placeOrders(state, 1, () => minutesAgo(15));
    // An hour later: an order older than the last window plus the overlap is not listed again; the lagging one
    // is, within the overlap, and so is the new one.
    const later = new Date(NOW.getTime() + 3_600_000);
    placeOrders(state, 1, () => new Date(NOW.getTime() + 30 * 60_000));
    expect(await sweepFromWatermark(shop, { now: later })).toMatchObject({ listed: 2, recovered: 2 });
  });

  it("sweeps a paused shop without sending, and sends once the merchant resumes", async () => {
    const shop = await createAutomatedShop();
    const { state } = simulatedPlatform(shop);
    placeOrders(state, 2, () => minutesAgo(20));
    await pauseAutomation(shop);
    expect(await sweepAllShops(NOW)).toBe(2);
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    await pass();
    expect(calls).toHaveLength(0);
    await resumeAutomation(shop);
    await pass();
    expect(calls).toHaveLength(2);
  });

  it("does not sweep a shop that uninstalled the app", async () => {
    const installed = await createAutomatedShop();
    const gone = shopDomain();
    const { requests } = simulatedPlatform(gone);
    simulatedPlatform(installed);
    expect(await sweepAllShops(NOW)).toBe(0);
    expect(await sweepFromWatermark(gone, { now: NOW })).toBeNull();
    expect(requests).toEqual([]);
    expect(await prisma.orderSweep.findUnique({ where: { shop: gone } })).toBeNull();
    expect(await prisma.orderSweep.findUnique({ where: { shop: installed } })).not.toBeNull();
  });

  it("keeps the watermark when the platform fails, so the next run lists the same window", async () => {
    const shop = await createAutomatedShop();
    const { state } = simulatedPlatform(shop);
    placeOrders(state, 1, () => minutesAgo(30));
    await sweepFromWatermark(shop, { now: minutesAgo(5) });
    const before = await prisma.orderSweep.findUniqueOrThrow({ where: { shop } });
    server.use(http.post(graphqlUrl(shop), () => HttpResponse.json({ errors: [{ message: "Internal error" }] })));
    expect(await sweepFromWatermark(shop, { now: NOW })).toBeNull();
    expect(await prisma.orderSweep.findUniqueOrThrow({ where: { shop } })).toMatchObject({
      watermark: before.watermark,
      lastProblem: expect.stringContaining("Internal error"),
    });
  });

  it("waits out the platform's throttling between pages", async () => {
    const shop = await createAutomatedShop();
    const { state } = simulatedPlatform(shop);
    placeOrders(state, 3, () => minutesAgo(30));
    let throttled = 0;
    server.use(
      http.post(graphqlUrl(shop), () => {
        if (throttled++ > 0) return undefined;
        return HttpResponse.json({
          errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }],
          extensions: {
            cost: {
              requestedQueryCost: 252,
              throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 52, restoreRate: 100 },
            },
          },
        });
      }),
    );
    const waits: number[] = [];
    const result = await sweepFromWatermark(shop, {
      now: NOW,
      graphql: { sleep: async (ms) => void waits.push(ms) },
    });
    expect(result).toMatchObject({ recovered: 3 });
    expect(waits).toEqual([2100]);
  });

  it("checks the last 24 hours on the merchant's request without moving the watermark", async () => {
    const shop = await createAutomatedShop();
    const { state } = simulatedPlatform(shop);
    placeOrders(state, 1, () => minutesAgo(20 * 60));
    placeOrders(state, 1, () => minutesAgo(5));
    expect(await sweepLastDay(shop, { now: NOW })).toMatchObject({ listed: 2, recovered: 2 });
    expect(await prisma.orderSweep.findUnique({ where: { shop } })).toBeNull();
  });

  it("exposes the fleet's recovered count on the health endpoint, never the shops", async () => {
    const shop = await createAutomatedShop();
    const { state } = simulatedPlatform(shop);
    placeOrders(state, 2, () => minutesAgo(30));
    const before = await (await healthLoader()).json();
    expect(before).toMatchObject({ recoveredBySweep: 0 });
    await sweepFromWatermark(shop, { now: NOW });
    clearAlertSummaryCache();
    const health = await healthLoader();
    const text = await health.text();
    expect(JSON.parse(text)).toMatchObject({ recoveredBySweep: 2 });
    expect(text).not.toContain(shop);
  });

  it("counts the recovered orders in the shop's insights", async () => {
    const shop = await createAutomatedShop();
    const { state } = simulatedPlatform(shop);
    placeOrders(state, 3, () => minutesAgo(30));
    await sweepFromWatermark(shop, { now: NOW });
    expect((await deliveryInsights(shop, 7, NOW)).recovered).toBe(3);
    expect((await deliveryInsights(await createAutomatedShop(), 7, NOW)).recovered).toBe(0);
  });
});

describe("check the last 24 hours now", () => {
  const check = async (shop: string) => {
    const response = await sweepAction({
      request: await adminRequest("/app/order-sweep", shop, formBody({ intent: "sweep" })),
      params: {},
      context: {},
    });
    return { status: response.status, body: await response.json() };
  };

  it("queues the day's missing orders for the merchant's shop and says how many", async () => {
    const shop = await createAutomatedShop();
    const { state } = simulatedPlatform(shop);
    placeOrders(state, 2, () => minutesAgo(90));
    const answer = { success: true, listed: 2, recovered: 2, restWithinMinutes: 25 };
    expect(await check(shop)).toEqual({ status: 200, body: answer });
    expect(await check(shop)).toEqual({ status: 200, body: { ...answer, recovered: 0 } });
  });

  it("says what it checked, what it found and when the rest will be, in both languages", async () => {
    const shop = await createAutomatedShop();
    const { state } = simulatedPlatform(shop);
    placeOrders(state, 1, () => minutesAgo(90));
    const first = (await check(shop)).body as SweepNowResult;
    const second = (await check(shop)).body as SweepNowResult;
    const es = createI18n("es");
    const en = createI18n("en");
    const later = "los revisamos solos en los próximos 25 minutos.";
    expect(sweepNowMessage(es, first)).toBe(
      `Revisamos los pedidos de las últimas 24 horas, salvo el último minuto: 1 no había llegado y ya está en cola. Los del último minuto ${later}`,
    );
    expect(sweepNowMessage(es, second)).toBe(
      `Revisamos los pedidos de las últimas 24 horas, salvo el último minuto: todos habían llegado. Los del último minuto ${later}`,
    );
    expect(sweepNowMessage(en, second)).toBe(
      "Checked the orders of the last 24 hours except the last minute: every one had arrived. The app checks the last minute's orders by itself within the next 25 minutes.",
    );
    // A third within the minute: when the merchant may check again, and that the app goes on checking meanwhile.
    const refused = await check(shop);
    expect(refused.status).toBe(429);
    expect(failureMessage(es.t, refused.body)).toBe(
      "Ya revisaste hace un momento. Puedes volver a revisar en un minuto; mientras tanto, la app revisa sola cada 15 minutos.",
    );
    expect(failureMessage(en.t, refused.body)).toBe(
      "You checked a moment ago. You can check again in a minute; meanwhile the app checks by itself every 15 minutes.",
    );
  });

  it("refuses a third check within the minute with 429", async () => {
    const shop = await createAutomatedShop();
    simulatedPlatform(shop);
    await check(shop);
    await check(shop);
    expect(await check(shop)).toMatchObject({ status: 429, body: { success: false, code: "checked_recently" } });
  });
});
