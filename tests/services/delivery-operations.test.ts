import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as pauseAction, loader as pauseState } from "~/routes/api.automation.pause";
import { action as retryFailed, loader as failedCount } from "~/routes/api.deliveries.retry-failed";
import {
  BULK_RETRY_PER_SECOND,
  retryAllFailed,
  searchDeliveries,
} from "~/services/deliveries/operations.server";
import { runDeliveryPass } from "~/services/deliveries/worker.server";
import { createAutomatedShop, createDelivery, restOrder } from "../helpers/factories";
import { adminRequest, formBody } from "../helpers/requests";
import { triggerHandler, type TriggerCall } from "../mocks/automation";
import { server } from "../mocks/server";

const page = { page: 1, pageSize: 25 };

describe("searching deliveries", () => {
  it("finds an order by its number with or without #, and by the customer's name or phone", async () => {
    const shop = await createAutomatedShop();
    const ana = await createDelivery(shop, { order: restOrder({ id: 1, name: "#1001" }) });
    await createDelivery(shop, {
      order: restOrder({
        id: 2,
        name: "#1002",
        customer: { id: 8, first_name: "Luis", last_name: "Pérez", phone: "+57 310 555 0199" },
        shipping_address: null,
      }),
    });
    const names = async (q: string) =>
      (await searchDeliveries(shop, { q, ...page })).deliveries.map((d) => d.orderName).sort();
    expect(await names("#1001")).toEqual(["#1001"]);
    expect(await names("1001")).toEqual(["#1001"]);
    expect(await names("Gomez")).toEqual(["#1001"]);
    expect(await names("Pérez")).toEqual(["#1002"]);
    expect(await names("300 111 2233")).toEqual(["#1001"]);
    expect(await names("3105550199")).toEqual(["#1002"]);
    expect(await names("Nadie")).toEqual([]);
    expect(ana.shop).toBe(shop);
  });

  it("never finds another shop's deliveries", async () => {
    const shop = await createAutomatedShop();
    const other = await createAutomatedShop();
    await createDelivery(other, { order: restOrder({ id: 3, name: "#1001" }) });
    expect((await searchDeliveries(shop, { q: "#1001", ...page })).total).toBe(0);
  });
});

describe("retry all failed", () => {
  it("shows the count, then queues every failed delivery paced a couple per second, oldest first", async () => {
    const shop = await createAutomatedShop();
    const now = new Date("2026-11-23T10:00:00Z");
    const dead = [];
    for (let i = 0; i < 5; i++) {
      dead.push(
        await createDelivery(shop, {
          status: "dead",
          attempts: 8,
          createdAt: new Date(now.getTime() - (10 - i) * 1000),
        }),
      );
    }
    await createDelivery(shop, { status: "dead", payload: null });
    await createDelivery(shop, { status: "delivered" });
    const count = await failedCount({
      request: await adminRequest("/api/deliveries/retry-failed", shop),
      params: {},
      context: {},
    });
    expect(await count.json()).toMatchObject({ success: true, count: 5, perSecond: BULK_RETRY_PER_SECOND });

    const result = await retryAllFailed(shop, now);
    expect(result).toMatchObject({ queued: 5, remaining: 0 });
    const rows = await prisma.delivery.findMany({ where: { id: { in: dead.map((d) => d.id) } } });
    const due = new Map(rows.map((row) => [row.id, row.nextAttemptAt.getTime() - now.getTime()]));
    expect(dead.map((d) => due.get(d.id))).toEqual([0, 0, 1000, 1000, 2000]);
    expect(rows.every((row) => row.status === "queued" && row.attempts === 0)).toBe(true);
  });

  it("queues nothing twice when pressed again", async () => {
    const shop = await createAutomatedShop();
    await createDelivery(shop, { status: "dead" });
    const first = await retryFailed({
      request: await adminRequest("/api/deliveries/retry-failed", shop, { method: "POST" }),
      params: {},
      context: {},
    });
    expect(await first.json()).toMatchObject({ queued: 1 });
    const second = await retryFailed({
      request: await adminRequest("/api/deliveries/retry-failed", shop, { method: "POST" }),
      params: {},
      context: {},
    });
    expect(await second.json()).toMatchObject({ queued: 0, remaining: 0 });
  });
});

describe("pause and resume", () => {
  const setPaused = async (shop: string, paused: boolean) =>
    pauseAction({
      request: await adminRequest("/api/automation/pause", shop, formBody({ paused: String(paused) })),
      params: {},
      context: {},
    });

  it("keeps a paused shop's deliveries from the worker and sends them on resume; other shops go on", async () => {
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    const paused = await createAutomatedShop();
    const running = await createAutomatedShop();
    expect(await (await setPaused(paused, true)).json()).toMatchObject({ success: true, paused: true });
    const held = await createDelivery(paused);
    const moving = await createDelivery(running);

    await runDeliveryPass({ workerId: "pause-test" });
    expect((await prisma.delivery.findUniqueOrThrow({ where: { id: held.id } })).status).toBe("queued");
    expect((await prisma.delivery.findUniqueOrThrow({ where: { id: moving.id } })).status).toBe("delivered");
    const state = await pauseState({
      request: await adminRequest("/api/automation/pause", paused),
      params: {},
      context: {},
    });
    expect(await state.json()).toMatchObject({ paused: true, waiting: 1 });

    expect(await (await setPaused(paused, false)).json()).toMatchObject({ paused: false });
    await runDeliveryPass({ workerId: "pause-test" });
    expect((await prisma.delivery.findUniqueOrThrow({ where: { id: held.id } })).status).toBe("delivered");
    expect(calls).toHaveLength(2);
  });

  it("names the field of a bad value", async () => {
    const shop = await createAutomatedShop();
    const response = await pauseAction({
      request: await adminRequest("/api/automation/pause", shop, formBody({ paused: "maybe" })),
      params: {},
      context: {},
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, error: "paused: must be true or false" });
  });
});
