import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { pauseAutomation, resumeAutomation } from "~/services/deliveries/operations.server";
import { runDeliveryPass } from "~/services/deliveries/worker.server";
import { graphqlUrl } from "~/services/platform/graphql.server";
import { createAutomatedShop, createDelivery, restOrder } from "../../helpers/factories";
import { triggerHandler, type TriggerCall } from "../../mocks/automation";
import { mockPlatform } from "../../mocks/platform";
import { server } from "../../mocks/server";

const T0 = new Date("2026-11-22T23:30:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

function pass(now: Date) {
  return runDeliveryPass({
    workerId: "worker-a",
    now: () => now,
    random: () => 0.5,
    graphql: { sleep: async () => {} },
  });
}

describe("orders cancelled before they go out", () => {
  it("does not send an order whose stored body is already cancelled, and says why", async () => {
    const shop = await createAutomatedShop();
    const delivery = await createDelivery(shop, {
      order: restOrder({ cancelled_at: "2026-11-22T23:29:00-05:00", cancel_reason: "customer" }),
      createdAt: T0,
      nextAttemptAt: T0,
    });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    await pass(T0);
    expect(calls).toHaveLength(0);
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: "skipped",
      lastErrorCode: "order_cancelled",
      lastError: "Not sent: the order was cancelled before its trigger went out",
      attempts: 0,
    });
  });

  it("asks the platform about an order that waited (a paused shop) and skips it when it was cancelled meanwhile", async () => {
    const shop = await createAutomatedShop();
    await pauseAutomation(shop, T0);
    const delivery = await createDelivery(shop, { createdAt: T0, nextAttemptAt: T0 });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    const platform = mockPlatform(shop, {
      OrderCancelledAt: (variables) => ({ order: { id: variables.id, cancelledAt: "2026-11-23T01:00:00Z" } }),
    });
    expect(await pass(at(60_000))).toBe(0);
    await resumeAutomation(shop);
    await pass(at(3 * 3_600_000));
    expect(calls).toHaveLength(0);
    expect(platform.map((call) => call.variables)).toEqual([{ id: delivery.orderId }]);
    expect(await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: "skipped",
      lastErrorCode: "order_cancelled",
    });
  });

  it("sends an order that waited and is still open, after one look at the platform", async () => {
    const shop = await createAutomatedShop();
    const delivery = await createDelivery(shop, { createdAt: T0, nextAttemptAt: at(8.5 * 3_600_000) });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    const platform = mockPlatform(shop, {
      OrderCancelledAt: (variables) => ({ order: { id: variables.id, cancelledAt: null } }),
    });
    await pass(at(8.5 * 3_600_000));
    expect(calls).toHaveLength(1);
    expect(platform).toHaveLength(1);
    expect((await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).status).toBe("delivered");
  });

  it("does not ask about an order sent moments after its webhook", async () => {
    const shop = await createAutomatedShop();
    await createDelivery(shop, { createdAt: T0, nextAttemptAt: T0 });
    const calls: TriggerCall[] = [];
    server.use(triggerHandler(calls));
    const platform = mockPlatform(shop, {});
    await pass(at(2_000));
    expect(calls).toHaveLength(1);
    expect(platform).toHaveLength(0);
  });

  it("sends anyway when the platform cannot answer the check", async () => {
    const shop = await createAutomatedShop();
    await createDelivery(shop, { createdAt: T0, nextAttemptAt: at(600_000) });
    const calls: TriggerCall[] = [];
    server.use(
      triggerHandler(calls),
      http.post(graphqlUrl(shop), () => new HttpResponse(null, { status: 503 })),
    );
    await pass(at(600_000));
    expect(calls).toHaveLength(1);
  });
});
