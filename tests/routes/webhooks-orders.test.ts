import { afterEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { readBuyerSummary } from "~/lib/buyer-summary";
import { action as checkoutsCreate } from "~/routes/webhooks.checkouts.create";
import { action as draftOrdersCreate } from "~/routes/webhooks.draft_orders.create";
import { action as ordersCreate } from "~/routes/webhooks.orders.create";
import { createAutomatedShop, createSession, shopDomain } from "../helpers/factories";
import { refuseWrites } from "../helpers/db";
import { captureLogs } from "../helpers/logs";
import { webhookRequest } from "../helpers/requests";
import checkoutRest from "../fixtures/webhooks/checkout-rest.json";
import draftRest from "../fixtures/webhooks/draft-order-rest.json";
import orderGraphql from "../fixtures/webhooks/order-graphql.json";
import orderRest from "../fixtures/webhooks/order-rest.json";
import { server } from "../mocks/server";

function recordOutboundRequests() {
  const urls: string[] = [];
  server.events.on("request:start", ({ request }) => void urls.push(request.url));
  return urls;
}

// The shared server outlives this file's tests: a listener left behind would record the next file's requests.
afterEach(() => server.events.removeAllListeners("request:start"));

const deliverOrder = (shop: string, body: unknown, options: { eventId?: string; webhookId?: string } = {}) =>
  ordersCreate({
    request: webhookRequest("/webhooks/orders/create", body, { shop, topic: "orders/create", ...options }),
  });

describe("orders/create receiver", () => {
  it("stores the order as a queued delivery and answers 200 OK without any outbound call", async () => {
    const shop = await createAutomatedShop();
    const outbound = recordOutboundRequests();
    const response = await deliverOrder(shop, orderRest, { eventId: "evt-1" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("OK");
    expect(outbound).toEqual([]);
    const delivery = await prisma.delivery.findFirstOrThrow({ where: { shop } });
    expect(delivery).toMatchObject({
      topic: "orders/create",
      eventId: "event:evt-1",
      status: "queued",
      attempts: 0,
      orderId: "gid://shopify/Order/5550001",
      orderName: "#1001",
      resourceId: "5550001",
    });
    expect(JSON.parse(delivery.payload ?? "")).toEqual(orderRest);
  });

  it("stores who bought and what beside the order, read back without the body", async () => {
    const shop = await createAutomatedShop();
    await deliverOrder(shop, orderRest, { eventId: "evt-buyer" });
    const delivery = await prisma.delivery.findFirstOrThrow({ where: { shop } });
    expect(readBuyerSummary(delivery.buyer)).toEqual({
      name: "Ana Gomez",
      phone: "+573001112233",
      countryCode: null,
      city: "Medellin",
      province: "Antioquia",
      total: "129900.00",
      currency: "COP",
      products: [
        {
          title: "Lampara LED - Blanca",
          quantity: 2,
          productTitle: "Lampara LED",
          productId: "gid://shopify/Product/331",
        },
      ],
    });
  });

  it("records one delivery for an event delivered twice, and answers 200 both times", async () => {
    const shop = await createAutomatedShop();
    expect((await deliverOrder(shop, orderRest, { eventId: "evt-dup", webhookId: "w-1" })).status).toBe(200);
    expect((await deliverOrder(shop, orderRest, { eventId: "evt-dup", webhookId: "w-2" })).status).toBe(200);
    expect(await prisma.delivery.count({ where: { shop } })).toBe(1);
  });

  it("logs a refused redelivery with one eventId key and the dedupe key beside it", async () => {
    const shop = await createAutomatedShop();
    await deliverOrder(shop, orderRest, { eventId: "evt-logged", webhookId: "w-1" });
    const logs = captureLogs();
    try {
      await deliverOrder(shop, orderRest, { eventId: "evt-logged", webhookId: "w-2" });
    } finally {
      logs.stop();
    }
    const line = logs.lines.find((text) => text.includes('"duplicate event ignored"'));
    expect(line).toBeDefined();
    // A JSON parser keeps only one of two equal keys: the raw line must hold the key once.
    expect(line!.match(/"eventId":/g)).toHaveLength(1);
    expect(JSON.parse(line!)).toMatchObject({
      shop,
      topic: "orders/create",
      eventId: "evt-logged",
      dedupeKey: "event:evt-logged",
      resourceId: "5550001",
    });
  });

  it("stores one delivery when the same event arrives twice at the same moment", async () => {
    const shop = await createAutomatedShop();
    const answers = await Promise.all(
      ["w-1", "w-2", "w-3"].map((webhookId) => deliverOrder(shop, orderRest, { eventId: "evt-race", webhookId })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await prisma.delivery.count({ where: { shop } })).toBe(1);
  });

  it("answers 500 when the event cannot be stored, so the platform delivers it again, and stores the redelivery", async () => {
    const shop = await createAutomatedShop();
    // A real failed write: the database refuses every insert into the outbox until the trigger is dropped.
    const allowWrites = await refuseWrites("Delivery", "INSERT", "true", "disk I/O error");
    try {
      const failed = await deliverOrder(shop, orderRest, { eventId: "evt-retry" });
      expect(failed.status).toBe(500);
      expect(await prisma.delivery.count({ where: { shop } })).toBe(0);
    } finally {
      await allowWrites();
    }
    expect((await deliverOrder(shop, orderRest, { eventId: "evt-retry" })).status).toBe(200);
    expect(await prisma.delivery.findFirstOrThrow({ where: { shop } })).toMatchObject({
      eventId: "event:evt-retry",
      status: "queued",
    });
  });

  it("keeps the same event id of two shops apart", async () => {
    const [one, two] = [await createAutomatedShop(), await createAutomatedShop()];
    await deliverOrder(one, orderRest, { eventId: "evt-shared" });
    await deliverOrder(two, { ...orderRest, id: 5550002 }, { eventId: "evt-shared" });
    expect(await prisma.delivery.count({ where: { eventId: "event:evt-shared" } })).toBe(2);
  });

  it("deduplicates on the webhook id when the event id header is missing", async () => {
    const shop = await createAutomatedShop();
    for (let i = 0; i < 2; i++) {
      const request = webhookRequest("/webhooks/orders/create", orderRest, {
        shop,
        topic: "orders/create",
        webhookId: "w-9",
      });
      request.headers.delete("X-Shopify-Event-Id");
      expect((await ordersCreate({ request })).status).toBe(200);
    }
    const rows = await prisma.delivery.findMany({ where: { shop } });
    expect(rows.map((row) => row.eventId)).toEqual(["webhook:w-9"]);
  });

  it("deduplicates on topic and order id when neither id header came", async () => {
    const shop = await createAutomatedShop();
    for (let i = 0; i < 2; i++) {
      const request = webhookRequest("/webhooks/orders/create", orderRest, { shop, topic: "orders/create" });
      request.headers.delete("X-Shopify-Event-Id");
      request.headers.delete("X-Shopify-Webhook-Id");
      await ordersCreate({ request });
    }
    const rows = await prisma.delivery.findMany({ where: { shop } });
    expect(rows.map((row) => row.eventId)).toEqual(["resource:orders/create:5550001"]);
  });

  it("accepts the spec's neutral header names", async () => {
    const shop = await createAutomatedShop();
    const request = webhookRequest("/webhooks/orders/create", orderGraphql, {
      shop,
      topic: "orders/create",
      eventId: "evt-neutral",
      neutralHeaders: true,
    });
    expect((await ordersCreate({ request })).status).toBe(200);
    expect(await prisma.delivery.findFirst({ where: { shop } })).toMatchObject({
      eventId: "event:evt-neutral",
      orderName: "#1001",
    });
  });

  it("refuses a wrong signature with 401 and stores nothing", async () => {
    const shop = await createAutomatedShop();
    const request = webhookRequest("/webhooks/orders/create", orderRest, {
      shop,
      topic: "orders/create",
      signature: "d3Jvbmc=",
    });
    expect((await ordersCreate({ request })).status).toBe(401);
    expect(await prisma.delivery.count()).toBe(0);
  });

  it("answers 413 for an endless body without Content-Length, reading no more than the limit", async () => {
    const shop = await createAutomatedShop();
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(32));
      },
    });
    const signed = webhookRequest("/webhooks/orders/create", orderRest, { shop, topic: "orders/create" });
    const request = new Request(signed.url, {
      method: "POST",
      headers: signed.headers,
      body: endless,
      duplex: "half",
    } as RequestInit);
    const response = await ordersCreate({ request });
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThan(6 * 1024 * 1024);
    expect(await prisma.delivery.count({ where: { shop } })).toBe(0);
  });

  it("stores the event even when the shop has no configuration yet (the worker decides)", async () => {
    const shop = shopDomain();
    await createSession(shop);
    expect((await deliverOrder(shop, orderRest)).status).toBe(200);
    expect(await prisma.delivery.count({ where: { shop, status: "queued" } })).toBe(1);
  });
});

describe("draft_orders/create and checkouts/create receivers", () => {
  it("stores a draft order as a queued delivery due now", async () => {
    const shop = await createAutomatedShop();
    const before = Date.now();
    const response = await draftOrdersCreate({
      request: webhookRequest("/webhooks/draft_orders/create", draftRest, { shop, topic: "draft_orders/create" }),
    });
    expect(response.status).toBe(200);
    const delivery = await prisma.delivery.findFirstOrThrow({ where: { shop } });
    expect(delivery).toMatchObject({ topic: "draft_orders/create", orderId: "gid://shopify/DraftOrder/990001" });
    expect(delivery.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(delivery.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("schedules a checkout's trigger after the abandonment delay (60 minutes by default)", async () => {
    const shop = await createAutomatedShop();
    const before = Date.now();
    await checkoutsCreate({
      request: webhookRequest("/webhooks/checkouts/create", checkoutRest, { shop, topic: "checkouts/create" }),
    });
    const delivery = await prisma.delivery.findFirstOrThrow({ where: { shop } });
    expect(delivery).toMatchObject({ topic: "checkouts/create", status: "queued", checkoutToken: "chk-token-1" });
    const delay = delivery.nextAttemptAt.getTime() - delivery.createdAt.getTime();
    expect(delay).toBe(60 * 60_000);
    expect(delivery.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("refuses an orders/create topic on the draft order receiver", async () => {
    const shop = await createAutomatedShop();
    const response = await draftOrdersCreate({
      request: webhookRequest("/webhooks/draft_orders/create", draftRest, { shop, topic: "orders/create" }),
    });
    expect(response.status).toBe(400);
    expect(await prisma.delivery.count()).toBe(0);
  });
});
