import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminFetch } from "../../sandbox/stack";
import { eventually, getJson, postJson, query, startLoopStack, type Stack } from "./helpers";

const SHOP = "tienda-sin-avisos.myshopify.com";

interface Trigger {
  flowId: string;
  payload: Record<string, unknown>;
}

/**
 * Webhooks the platform never delivers (the simulator's drop mode), recovered by the reconciliation sweep: every
 * order triggers its flow exactly once, by its webhook or by the sweep, never both, even when the dropped webhook
 * arrives late after the sweep queued its order.
 */
describe("orders whose webhook never came are found by the sweep and sent once", () => {
  let stack: Stack;

  const triggers = async () =>
    (await getJson<{ triggers: Trigger[] }>(`${stack.automationUrl}/sim/triggers`)).body.triggers.filter(
      (trigger) => trigger.payload.shop === SHOP,
    );
  const newOrder = async () =>
    (await postJson<{ order: { id: string; name: string } }>(`${stack.platformUrl}/sim/orders`, { shop: SHOP })).body
      .order;
  const checkNow = async () => {
    const response = await adminFetch(stack, SHOP, "/app/order-sweep", {
      method: "POST",
      body: new URLSearchParams({ intent: "sweep" }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const triggeredOnce = async (names: string[]) =>
    eventually(
      async () => {
        const sent = (await triggers()).map((trigger) => String(trigger.payload.orderName));
        return names.every((name) => sent.includes(name)) ? sent : undefined;
      },
      20_000,
      "every order's trigger",
    );

  beforeAll(async () => {
    stack = await startLoopStack(SHOP);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("recovers the dropped half, and the late webhooks after the sweep trigger nothing more", async () => {
    expect((await postJson(`${stack.platformUrl}/sim/webhooks/drop`, { mode: "some", every: 2 })).status).toBe(200);
    const orders = [];
    for (let index = 0; index < 6; index++) orders.push(await newOrder());
    const dropped = await getJson<{ dropped: unknown[] }>(`${stack.platformUrl}/sim/webhooks/dropped`);
    expect(dropped.body.dropped).toHaveLength(3);
    await postJson(`${stack.platformUrl}/sim/webhooks/drop`, { mode: "none" });

    // Only the delivered half reaches the flow.
    const delivered = orders.filter((_, index) => index % 2 === 0).map((order) => order.name);
    await triggeredOnce(delivered);
    expect((await triggers()).length).toBe(3);

    // The orders are past the check's grace; the merchant checks the last 24 hours.
    await postJson(`${stack.platformUrl}/sim/orders/age`, { shop: SHOP, minutes: 5 });
    expect(await checkNow()).toEqual({
      status: 200,
      body: { success: true, listed: 6, recovered: 3, restWithinMinutes: 25 },
    });
    const names = orders.map((order) => order.name);
    await triggeredOnce(names);

    // The platform's late retries of the dropped webhooks: accepted, and nothing runs twice.
    const released = await postJson<{ deliveries: { status: number }[] }>(`${stack.platformUrl}/sim/webhooks/release`);
    expect(released.body.deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const sent = (await triggers()).map((trigger) => String(trigger.payload.orderName)).sort();
    expect(sent).toEqual([...names].sort());

    const rows = await query<{ eventId: string; status: string }>(
      stack,
      `SELECT "eventId", "status" FROM "Delivery" WHERE "shop" = ? AND "topic" = 'orders/create'`,
      [SHOP],
    );
    expect(rows).toHaveLength(6);
    expect(rows.filter((row) => row.eventId.startsWith("sweep:"))).toHaveLength(3);
  });

  it("recovers every order while all webhooks are dropped for a while, then takes webhooks again", async () => {
    const before = (await triggers()).length;
    await postJson(`${stack.platformUrl}/sim/webhooks/drop`, { mode: "all", forMs: 60_000 });
    const lost = [await newOrder(), await newOrder()];
    await postJson(`${stack.platformUrl}/sim/webhooks/drop`, { mode: "none" });
    const arrived = await newOrder();
    await triggeredOnce([arrived.name]);

    await postJson(`${stack.platformUrl}/sim/orders/age`, { shop: SHOP, minutes: 5 });
    expect(await checkNow()).toMatchObject({ status: 200, body: { recovered: 2 } });
    await triggeredOnce(lost.map((order) => order.name));
    const sent = (await triggers()).slice(before).map((trigger) => String(trigger.payload.orderName));
    expect(sent.sort()).toEqual([...lost, arrived].map((order) => order.name).sort());
  });
});
