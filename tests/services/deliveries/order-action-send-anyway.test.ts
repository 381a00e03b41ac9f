import { beforeEach, describe, expect, it } from "vitest";
import { getOrderStory, resendOrder } from "~/services/deliveries/order-story.server";
import { forgetOrderRules } from "~/services/screening/rules.server";
import { createDelivery, restOrder } from "../../helpers/factories";
import { triggerHandler, type TriggerCall } from "../../mocks/automation";
import { server } from "../../mocks/server";
import { deliveryOf, EVENING, heldOrder, holdingShop, MORNING, NIGHT, pass } from "./held-order-helpers";

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
