import { beforeEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { createI18n } from "~/i18n/context";
import { deliveryErrorText } from "~/lib/deliveries";
import { storedDeliveryError } from "~/lib/delivery-errors";
import { parseInput } from "~/lib/input.server";
import { closedPeriod, isWithinSendingHours } from "~/lib/sending-hours";
import { pauseAutomation, resumeAutomation } from "~/services/deliveries/operations.server";
import { runDeliveryPass } from "~/services/deliveries/worker.server";
import { orderRulesInput, releaseWaitingOrders, saveOrderRules } from "~/services/orders/rules.server";
import { cachedOrderRules, forgetOrderRules, getOrderRules } from "~/services/screening/rules.server";
import { OPENING_SPACING_MS } from "~/services/screening/sending-hours.server";
import { storeShopTimeZone } from "~/services/shops/time-zone.server";
import { createAutomatedShop, createDelivery, restOrder } from "../../helpers/factories";
import { triggerHandler, type TriggerCall } from "../../mocks/automation";
import { mockPlatform } from "../../mocks/platform";
import { server } from "../../mocks/server";

const BOGOTA = "America/Bogota";
/** A time on the shop's clock in Bogotá (UTC-5, no daylight saving) as an instant. */
const bogota = (local: string) => new Date(`${local}-05:00`);

function pass(now: Date) {
  return runDeliveryPass({
    workerId: "worker-a",
    now: () => now,
    random: () => 0.5,
    graphql: { sleep: async () => {} },
  });
}

async function shopWithHours(from: string | null, to = "21:00", zoneKnownAt = bogota("2026-11-22T12:00:00")) {
  const shop = await createAutomatedShop();
  await storeShopTimeZone(shop, BOGOTA, zoneKnownAt);
  const window = from ? { sendingHoursOn: "on", sendingHoursFrom: from, sendingHoursTo: to } : {};
  await saveOrderRules(shop, parseInput(orderRulesInput, { noPhoneAction: "send", ...window }));
  // The order that waited is looked up once before it goes out: still open.
  mockPlatform(shop, { OrderCancelledAt: (variables) => ({ order: { id: variables.id, cancelledAt: null } }) });
  return shop;
}

function orderReceivedAt(shop: string, at: Date, name = "#1001") {
  return createDelivery(shop, {
    order: restOrder({ name }),
    orderName: name,
    createdAt: at,
    nextAttemptAt: at,
  });
}

const deliveryOf = (id: string) => prisma.delivery.findUniqueOrThrow({ where: { id } });

beforeEach(() => forgetOrderRules());

describe("the sending-hours window", () => {
  const hours = { on: true, from: "08:00", to: "21:00" };
  const overnight = { on: true, from: "20:00", to: "06:00" };

  it("tells inside from outside in the shop's zone, never the process's", () => {
    expect(isWithinSendingHours(bogota("2026-11-22T08:00:00"), hours, BOGOTA)).toBe(true);
    expect(isWithinSendingHours(bogota("2026-11-22T20:59:00"), hours, BOGOTA)).toBe(true);
    expect(isWithinSendingHours(bogota("2026-11-22T21:00:00"), hours, BOGOTA)).toBe(false);
    expect(isWithinSendingHours(bogota("2026-11-22T07:59:00"), hours, BOGOTA)).toBe(false);
    // 23:30 in Bogotá is 04:30 the next day in UTC: outside there, not in UTC's morning.
    expect(isWithinSendingHours(bogota("2026-11-22T23:30:00"), hours, BOGOTA)).toBe(false);
    expect(isWithinSendingHours(bogota("2026-11-22T23:30:00"), hours, "UTC")).toBe(false);
    expect(isWithinSendingHours(new Date("2026-11-23T13:30:00Z"), hours, "UTC")).toBe(true);
    expect(isWithinSendingHours(new Date("2026-11-23T13:30:00Z"), hours, "Asia/Tokyo")).toBe(false);
  });

  it("finds when the window closed and when it opens next, across midnight too", () => {
    expect(closedPeriod(bogota("2026-11-22T23:30:00"), hours, BOGOTA)).toEqual({
      closedAt: bogota("2026-11-22T21:00:00"),
      opensAt: bogota("2026-11-23T08:00:00"),
    });
    expect(closedPeriod(bogota("2026-11-23T02:00:00"), hours, BOGOTA)).toEqual({
      closedAt: bogota("2026-11-22T21:00:00"),
      opensAt: bogota("2026-11-23T08:00:00"),
    });
    expect(closedPeriod(bogota("2026-11-23T12:00:00"), overnight, BOGOTA)).toEqual({
      closedAt: bogota("2026-11-23T06:00:00"),
      opensAt: bogota("2026-11-23T20:00:00"),
    });
    expect(closedPeriod(bogota("2026-11-23T23:00:00"), overnight, BOGOTA)).toBeNull();
    expect(closedPeriod(bogota("2026-11-23T05:59:00"), overnight, BOGOTA)).toBeNull();
    expect(closedPeriod(bogota("2026-11-22T23:30:00"), { ...hours, on: false }, BOGOTA)).toBeNull();
  });
  it("opens at the shop's 08:00 on a day its clocks jump (Madrid, last Sunday of March)", () => {
    const madrid = "Europe/Madrid";
    // 01:00 CET (UTC+1); the clocks jump from 02:00 to 03:00, so 08:00 that day is 06:00 UTC.
    expect(closedPeriod(new Date("2026-03-29T00:00:00Z"), hours, madrid)).toEqual({
      closedAt: new Date("2026-03-28T20:00:00Z"),
      opensAt: new Date("2026-03-29T06:00:00Z"),
    });
    expect(isWithinSendingHours(new Date("2026-03-29T06:00:00Z"), hours, madrid)).toBe(true);
    expect(isWithinSendingHours(new Date("2026-03-29T05:59:00Z"), hours, madrid)).toBe(false);
  });
});

describe("orders outside the shop's sending hours", () => {
  it("sends an order received at 23:30 at 08:00, shop time, and says so meanwhile", async () => {
    const shop = await shopWithHours("08:00", "21:00");
    const night = bogota("2026-11-22T23:30:00");
    const delivery = await orderReceivedAt(shop, night);
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));

    expect(await pass(night)).toBe(1);
    expect(calls).toHaveLength(0);
    const waiting = await deliveryOf(delivery.id);
    expect(waiting).toMatchObject({
      status: "queued",
      attempts: 0,
      lastErrorCode: "waiting_for_window",
      nextAttemptAt: bogota("2026-11-23T08:00:00"),
      leaseOwner: null,
    });
    const reason = storedDeliveryError(waiting.lastErrorCode, waiting.lastErrorParams)!;
    expect(deliveryErrorText(createI18n("es-CO"), reason)?.message).toBe("Sale a las 8:00");
    expect(deliveryErrorText(createI18n("en"), reason)?.message).toBe("Goes out at 8:00");

    expect(await pass(bogota("2026-11-23T07:59:59"))).toBe(0);
    expect(calls).toHaveLength(0);

    await pass(bogota("2026-11-23T08:00:00"));
    expect(calls).toHaveLength(1);
    expect(await deliveryOf(delivery.id)).toMatchObject({ status: "delivered", attempts: 1, lastErrorCode: null });
  });

  it("sends the night's orders at the opening in the order received, one spacing apart", async () => {
    const shop = await shopWithHours("08:00", "21:00");
    // Inserted out of order: the order received comes from when each arrived, not from the rows.
    const third = await orderReceivedAt(shop, bogota("2026-11-23T02:00:00"), "#3");
    const first = await orderReceivedAt(shop, bogota("2026-11-22T21:10:00"), "#1");
    const second = await orderReceivedAt(shop, bogota("2026-11-22T23:30:00"), "#2");
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));

    expect(await pass(bogota("2026-11-23T02:30:00"))).toBe(3);
    expect(calls).toHaveLength(0);
    const opening = bogota("2026-11-23T08:00:00").getTime();
    for (const [index, delivery] of [first, second, third].entries()) {
      expect((await deliveryOf(delivery.id)).nextAttemptAt).toEqual(new Date(opening + index * OPENING_SPACING_MS));
    }

    for (let index = 0; index < 3; index++) {
      expect(await pass(new Date(opening + index * OPENING_SPACING_MS))).toBe(1);
    }
    expect(calls.map((call) => call.body.orderName)).toEqual(["#1", "#2", "#3"]);
  });

  it("keeps a window that spans midnight (20:00-06:00)", async () => {
    const shop = await shopWithHours("20:00", "06:00");
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));

    const lateNight = await orderReceivedAt(shop, bogota("2026-11-22T23:00:00"), "#night");
    await pass(bogota("2026-11-22T23:00:00"));
    const earlyMorning = await orderReceivedAt(shop, bogota("2026-11-23T05:59:00"), "#early");
    await pass(bogota("2026-11-23T05:59:00"));
    expect(calls.map((call) => call.body.orderName)).toEqual(["#night", "#early"]);
    expect((await deliveryOf(lateNight.id)).status).toBe("delivered");
    expect((await deliveryOf(earlyMorning.id)).status).toBe("delivered");

    const noon = await orderReceivedAt(shop, bogota("2026-11-23T12:00:00"), "#noon");
    await pass(bogota("2026-11-23T12:00:00"));
    expect(calls).toHaveLength(2);
    expect(await deliveryOf(noon.id)).toMatchObject({
      status: "queued",
      nextAttemptAt: bogota("2026-11-23T20:00:00"),
      lastErrorParams: JSON.stringify({ opensAt: "20:00" }),
    });
    await pass(bogota("2026-11-23T20:00:00"));
    expect(calls.map((call) => call.body.orderName)).toEqual(["#night", "#early", "#noon"]);
  });

  it("sends at any hour without a window, as before", async () => {
    const shop = await shopWithHours(null);
    expect((await getOrderRules(shop)).sendingHours.on).toBe(false);
    const never = await createAutomatedShop();
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    const night = bogota("2026-11-22T23:30:00");
    const saved = await orderReceivedAt(shop, night, "#saved-off");
    const unset = await orderReceivedAt(never, night, "#never-set");
    await pass(night);
    expect(calls.map((call) => call.body.orderName).sort()).toEqual(["#never-set", "#saved-off"]);
    expect(await deliveryOf(saved.id)).toMatchObject({ status: "delivered", attempts: 1 });
    expect(await deliveryOf(unset.id)).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("lets a paused shop's order wait for the resume, and then for the window", async () => {
    const shop = await shopWithHours("08:00", "21:00");
    const night = bogota("2026-11-22T23:30:00");
    await pauseAutomation(shop, night);
    const delivery = await orderReceivedAt(shop, night);
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));

    // Paused: not even claimed, at night or after the opening.
    expect(await pass(night)).toBe(0);
    expect(await pass(bogota("2026-11-23T09:00:00"))).toBe(0);
    expect(calls).toHaveLength(0);

    await resumeAutomation(shop);
    await pass(bogota("2026-11-23T09:30:00"));
    expect(calls).toHaveLength(1);
    expect(await deliveryOf(delivery.id)).toMatchObject({ status: "delivered", attempts: 1 });

    // Resumed at night: the next order still waits for the window.
    await pauseAutomation(shop, bogota("2026-11-23T22:00:00"));
    const next = await orderReceivedAt(shop, bogota("2026-11-23T22:30:00"), "#next");
    expect(await pass(bogota("2026-11-23T23:00:00"))).toBe(0);
    await resumeAutomation(shop);
    await pass(bogota("2026-11-24T03:00:00"));
    expect(calls).toHaveLength(1);
    expect(await deliveryOf(next.id)).toMatchObject({
      status: "queued",
      nextAttemptAt: bogota("2026-11-24T08:00:00"),
    });
    await pass(bogota("2026-11-24T08:00:00"));
    expect(calls).toHaveLength(2);
  });

  it("sends a replay the merchant asked for at once, whatever the hour", async () => {
    const shop = await shopWithHours("08:00", "21:00");
    const night = bogota("2026-11-22T23:30:00");
    const delivery = await createDelivery(shop, { createdAt: night, nextAttemptAt: night, replays: 1 });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    await pass(night);
    expect(calls).toHaveLength(1);
    expect((await deliveryOf(delivery.id)).status).toBe("delivered");
  });
});

describe("saving the sending hours", () => {
  it("keeps the window and refuses a time that is none or an empty window", async () => {
    const shop = await shopWithHours("20:00", "06:00");
    expect((await getOrderRules(shop)).sendingHours).toEqual({ on: true, from: "20:00", to: "06:00" });
    const input = { noPhoneAction: "send", sendingHoursOn: "on" };
    expect(() => parseInput(orderRulesInput, { ...input, sendingHoursFrom: "25:00" })).toThrow(/HH:MM/);
    expect(() => parseInput(orderRulesInput, { ...input, sendingHoursFrom: "08:00", sendingHoursTo: "08:00" })).toThrow(
      /same time/,
    );
  });
});

describe("saving the sending hours reschedules the orders already waiting", () => {
  const saveHours = (shop: string, window: Record<string, string>, now: Date) =>
    saveOrderRules(shop, parseInput(orderRulesInput, { noPhoneAction: "send", ...window }), now);
  const waitingNight = async (shop: string) => {
    const night = bogota("2026-11-22T23:30:00");
    const orders = [
      await orderReceivedAt(shop, bogota("2026-11-22T22:00:00"), "#1"),
      await orderReceivedAt(shop, bogota("2026-11-22T23:00:00"), "#2"),
      await orderReceivedAt(shop, night, "#3"),
    ];
    expect(await pass(night)).toBe(3);
    return orders;
  };
  const words = async (id: string) => {
    const row = await deliveryOf(id);
    const reason = storedDeliveryError(row.lastErrorCode, row.lastErrorParams);
    return reason && deliveryErrorText(createI18n("es-CO"), reason)?.message;
  };

  it("turning the window off sends the waiting orders now, in the order received, and the log stops saying 08:00", async () => {
    const shop = await shopWithHours("08:00", "21:00");
    const orders = await waitingNight(shop);
    expect(await words(orders[0].id)).toBe("Sale a las 8:00");
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));

    const saved = bogota("2026-11-22T23:40:00");
    await saveHours(shop, {}, saved);
    for (const order of orders) {
      const row = await deliveryOf(order.id);
      expect(row).toMatchObject({ status: "queued", lastErrorCode: null, lastErrorParams: null });
      expect(row.nextAttemptAt!.getTime()).toBeLessThanOrEqual(saved.getTime());
      expect(await words(order.id)).toBeNull();
    }
    // Due in the order received (the claim takes the earliest first); one pass sends them side by side.
    const due = await Promise.all(orders.map(async (order) => (await deliveryOf(order.id)).nextAttemptAt!.getTime()));
    expect([...due].sort((a, b) => a - b)).toEqual(due);
    expect(new Set(due).size).toBe(3);
    for (let n = 0; n < 3; n++) await pass(saved);
    expect(calls.map((call) => call.body.orderName).sort()).toEqual(["#1", "#2", "#3"]);
  });

  it("moving the opening earlier sends them at the new opening, and the log says the new time", async () => {
    const shop = await shopWithHours("08:00", "21:00");
    const orders = await waitingNight(shop);
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));

    await saveHours(
      shop,
      { sendingHoursOn: "on", sendingHoursFrom: "06:30", sendingHoursTo: "21:00" },
      bogota("2026-11-22T23:40:00"),
    );
    await pass(bogota("2026-11-22T23:41:00"));
    expect(calls).toHaveLength(0);
    expect(await words(orders[0].id)).toBe("Sale a las 6:30");
    expect((await deliveryOf(orders[0].id)).nextAttemptAt).toEqual(bogota("2026-11-23T06:30:00"));
    for (let n = 0; n < 3; n++) await pass(new Date(bogota("2026-11-23T06:30:00").getTime() + n * OPENING_SPACING_MS));
    expect(calls.map((call) => call.body.orderName)).toEqual(["#1", "#2", "#3"]);
  });

  it("a window that now includes the hour sends them at once", async () => {
    const shop = await shopWithHours("08:00", "21:00");
    await waitingNight(shop);
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    const saved = bogota("2026-11-22T23:40:00");
    await saveHours(shop, { sendingHoursOn: "on", sendingHoursFrom: "08:00", sendingHoursTo: "23:59" }, saved);
    for (let n = 0; n < 3; n++) await pass(saved);
    expect(calls.map((call) => call.body.orderName).sort()).toEqual(["#1", "#2", "#3"]);
  });

  it("saving the same window again leaves the waiting orders where they are", async () => {
    const shop = await shopWithHours("08:00", "21:00");
    const orders = await waitingNight(shop);
    await saveHours(
      shop,
      { sendingHoursOn: "on", sendingHoursFrom: "08:00", sendingHoursTo: "21:00" },
      bogota("2026-11-22T23:40:00"),
    );
    expect(await deliveryOf(orders[0].id)).toMatchObject({
      lastErrorCode: "waiting_for_window",
      nextAttemptAt: bogota("2026-11-23T08:00:00"),
    });
  });

  it("a worker holding the old window in its cache does not put them back to the old opening", async () => {
    const shop = await shopWithHours("08:00", "21:00");
    const orders = await waitingNight(shop);
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    // Another process saves (this one's copy of the rules is not cleared), then reschedules.
    expect((await cachedOrderRules(shop)).sendingHours.on).toBe(true);
    await prisma.orderRules.update({ where: { shop }, data: { sendingHoursOn: false } });
    const saved = bogota("2026-11-22T23:40:00");
    await releaseWaitingOrders(shop, saved);
    for (let n = 0; n < 3; n++) await pass(saved);
    expect(calls.map((call) => call.body.orderName).sort()).toEqual(["#1", "#2", "#3"]);
    expect(await deliveryOf(orders[2].id)).toMatchObject({ status: "delivered" });
  });
});
