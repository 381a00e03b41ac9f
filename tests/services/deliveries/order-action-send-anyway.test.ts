import { beforeEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { parseInput } from "~/lib/input.server";
import { getOrderStory, resendOrder } from "~/services/deliveries/order-story.server";
import { runDeliveryPass } from "~/services/deliveries/worker.server";
import { orderRulesInput, saveOrderRules } from "~/services/orders/rules.server";
import { forgetOrderRules } from "~/services/screening/rules.server";
import { storeShopTimeZone } from "~/services/shops/time-zone.server";
import { createAutomatedShop, createDelivery, restOrder } from "../../helpers/factories";
import { triggerHandler, type TriggerCall } from "../../mocks/automation";
import { mockPlatform, tagsAdded } from "../../mocks/platform";
import { server } from "../../mocks/server";

/** A time on the shop's clock in Bogotá (UTC-5, no daylight saving) as an instant. */
const bogota = (local: string) => new Date(`${local}-05:00`);
const EVENING = bogota("2026-11-22T20:00:00");
const NIGHT = bogota("2026-11-22T23:30:00");
const MORNING = bogota("2026-11-23T08:00:00");

function pass(now: Date) {
  return runDeliveryPass({
    workerId: "worker-a",
    now: () => now,
    random: () => 0.5,
    graphql: { sleep: async () => {} },
  });
}

/** A Bogotá shop sending from 08:00 to 21:00 that holds orders without a usable mobile. */
async function holdingShop() {
  const shop = await createAutomatedShop();
  await storeShopTimeZone(shop, "America/Bogota", EVENING);
  await saveOrderRules(
    shop,
    parseInput(orderRulesInput, {
      noPhoneAction: "hold",
      sendingHoursOn: "on",
      sendingHoursFrom: "08:00",
      sendingHoursTo: "21:00",
    }),
  );
  mockPlatform(shop, {
    OrderTagsAdd: tagsAdded(),
    OrderCancelledAt: (variables) => ({ order: { id: variables.id, cancelledAt: null } }),
  });
  return shop;
}

/** An order whose buyer gave a Bogotá landline, held by the worker as the rule says (received at `at`). */
async function heldOrder(shop: string, at: Date) {
  const delivery = await createDelivery(shop, {
    order: restOrder({
      phone: null,
      customer: { id: 7001, email: "ana@example.test", first_name: "Ana", last_name: "Gómez", phone: null },
      shipping_address: {
        first_name: "Ana",
        address1: "Calle 10",
        city: "Bogotá",
        country_code: "CO",
        phone: "601 234 5678",
      },
    }),
    createdAt: at,
    nextAttemptAt: at,
  });
  await pass(at);
  const held = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
  expect(held).toMatchObject({ status: "skipped", lastErrorCode: "held_no_mobile", replays: 0 });
  return delivery;
}

const deliveryOf = (id: string) => prisma.delivery.findUniqueOrThrow({ where: { id } });

beforeEach(() => forgetOrderRules());

describe("the order page's action on an order held by the shop's rules", () => {
  it("sends it anyway through the same service as the delivery page: outside the sending hours it waits for 08:00, once", async () => {
    const shop = await holdingShop();
    const held = await heldOrder(shop, EVENING);
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));

    // What the action reads before the merchant decides: the held order and when it would go.
    const story = await getOrderStory(shop, held.orderId!, NIGHT);
    expect(story.deliveries[0]).toMatchObject({ status: "skipped", lastErrorCode: "held_no_mobile" });
    expect(story.sendAnyway).toEqual({ goes: "at_opening", opensAt: "08:00" });

    const sent = await resendOrder(shop, held.orderId!, {}, NIGHT);
    expect(sent).toMatchObject({
      resent: false,
      timing: { goes: "at_opening", opensAt: "08:00" },
      delivery: {
        status: "queued",
        nextAttemptAt: MORNING.toISOString(),
        lastErrorCode: "waiting_for_window",
        lastErrorParams: { opensAt: "08:00" },
      },
    });
    // A second click finds it on its way: refused, nothing sent twice.
    await expect(resendOrder(shop, held.orderId!, {}, NIGHT)).rejects.toMatchObject({ code: "already_pending" });

    await pass(new Date(NIGHT.getTime() + 60_000));
    expect(calls).toHaveLength(0);
    await pass(MORNING);
    expect(calls.map((call) => call.body.orderId)).toEqual([held.orderId]);
    expect(await deliveryOf(held.id)).toMatchObject({ status: "delivered", replays: 1 });
  });

  it("gives no send-anyway timing for an order that is not held", async () => {
    const shop = await holdingShop();
    const delivery = await createDelivery(shop, { order: restOrder(), createdAt: EVENING, nextAttemptAt: EVENING });
    expect((await getOrderStory(shop, delivery.orderId!, NIGHT)).sendAnyway).toBeNull();
  });
});
