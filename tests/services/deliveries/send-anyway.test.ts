import { beforeEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { pauseAutomation } from "~/services/deliveries/operations.server";
import { sendAnywayTiming, sendHeldOrderAnyway } from "~/services/deliveries/send-anyway.server";
import { forgetOrderRules } from "~/services/screening/rules.server";
import { createAutomatedShop, createDelivery } from "../../helpers/factories";
import { triggerHandler, type TriggerCall } from "../../mocks/automation";
import { server } from "../../mocks/server";
import { deliveryOf, EVENING, heldOrder, holdingShop, MORNING, NIGHT, NOON, pass } from "./held-order-helpers";

beforeEach(() => forgetOrderRules());

describe("sending an order held by the shop's rules anyway", () => {
  it("inside the sending hours: it goes to the flow at once, one trigger", async () => {
    const shop = await holdingShop();
    const held = await heldOrder(shop, NOON);
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));

    expect(await sendAnywayTiming(shop, NOON)).toEqual({ goes: "now" });
    const sent = await sendHeldOrderAnyway(shop, held.id, NOON);
    expect(sent.timing).toEqual({ goes: "now" });
    expect(sent.delivery).toMatchObject({ status: "queued", nextAttemptAt: NOON.toISOString(), lastErrorCode: null });

    await pass(NOON);
    expect(calls.map((call) => call.body.orderId)).toEqual([held.orderId]);
    expect(await deliveryOf(held.id)).toMatchObject({ status: "delivered", replays: 1 });
  });

  it("outside the sending hours: it waits for the next opening, says 08:00 on the shop's clock, and goes then", async () => {
    const shop = await holdingShop();
    // Held in the evening; the merchant sends it anyway after the window closed.
    const held = await heldOrder(shop, EVENING);
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));

    expect(await sendAnywayTiming(shop, NIGHT)).toEqual({ goes: "at_opening", opensAt: "08:00" });
    const sent = await sendHeldOrderAnyway(shop, held.id, NIGHT);
    expect(sent.timing).toEqual({ goes: "at_opening", opensAt: "08:00" });
    expect(sent.delivery).toMatchObject({
      status: "queued",
      nextAttemptAt: MORNING.toISOString(),
      lastErrorCode: "waiting_for_window",
      lastErrorParams: { opensAt: "08:00" },
    });

    // Not at night: the merchant overrode the rule, not the sending hours.
    await pass(new Date(NIGHT.getTime() + 60_000));
    await pass(new Date(MORNING.getTime() - 60_000));
    expect(calls).toHaveLength(0);
    await pass(MORNING);
    expect(calls.map((call) => call.body.orderId)).toEqual([held.orderId]);
    expect(await deliveryOf(held.id)).toMatchObject({ status: "delivered", replays: 1 });
  });

  it("a double submit sends it once: the second finds it no longer held and is refused", async () => {
    const shop = await holdingShop();
    const held = await heldOrder(shop, NOON);
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));

    const both = await Promise.allSettled([
      sendHeldOrderAnyway(shop, held.id, NOON),
      sendHeldOrderAnyway(shop, held.id, NOON),
    ]);
    expect(both.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = both.find((outcome) => outcome.status === "rejected");
    expect(refused?.reason).toMatchObject({ status: 409, code: "no_longer_held" });
    // A third, later (another tab): refused as well, and nothing queued again.
    await expect(sendHeldOrderAnyway(shop, held.id, NOON)).rejects.toMatchObject({
      status: 409,
      code: "no_longer_held",
    });
    expect(await deliveryOf(held.id)).toMatchObject({ replays: 1 });

    await pass(NOON);
    await expect(sendHeldOrderAnyway(shop, held.id, NOON)).rejects.toMatchObject({ code: "no_longer_held" });
    await pass(new Date(NOON.getTime() + 60_000));
    expect(calls.map((call) => call.body.orderId)).toEqual([held.orderId]);
  });

  it("while automation is paused: it waits for the merchant to resume", async () => {
    const shop = await holdingShop();
    const held = await heldOrder(shop, NOON);
    await pauseAutomation(shop, NOON);
    expect(await sendAnywayTiming(shop, NOON)).toEqual({ goes: "when_resumed" });
    expect((await sendHeldOrderAnyway(shop, held.id, NOON)).timing).toEqual({ goes: "when_resumed" });
  });

  it("refuses an order that is not held and another shop's order", async () => {
    const shop = await holdingShop();
    const other = await createAutomatedShop();
    const held = await heldOrder(shop, NOON);
    const plain = await createDelivery(shop, { status: "dead" });
    await expect(sendHeldOrderAnyway(shop, plain.id, NOON)).rejects.toMatchObject({
      status: 409,
      code: "no_longer_held",
    });
    await expect(sendHeldOrderAnyway(other, held.id, NOON)).rejects.toMatchObject({ status: 404, code: "not_found" });
    expect(await deliveryOf(held.id)).toMatchObject({ status: "skipped", replays: 0 });
  });

  it("refuses a held order whose data a privacy request erased, in words that do not say it was sent", async () => {
    const shop = await holdingShop();
    const held = await heldOrder(shop, NOON);
    await prisma.delivery.update({ where: { id: held.id }, data: { payload: null } });
    await expect(sendHeldOrderAnyway(shop, held.id, NOON)).rejects.toMatchObject({
      status: 409,
      code: "held_order_erased",
    });
    expect(await deliveryOf(held.id)).toMatchObject({ status: "skipped", replays: 0 });
  });
});
