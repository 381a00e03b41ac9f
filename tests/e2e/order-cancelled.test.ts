import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminFetch } from "../../sandbox/stack";
import { eventually, getJson, postJson, query, startLoopStack, type Stack } from "./helpers";

const SHOP = "tienda-cancelaciones.myshopify.com";

/**
 * An order the merchant cancels while its trigger waits (the shop paused) is not sent: the platform's
 * orders/cancelled webhook marks its delivery at once, and resuming sends only the orders still standing.
 */
describe("orders cancelled before they go out", () => {
  let stack: Stack;

  const triggered = async () =>
    (await getJson<{ triggers: { payload: Record<string, unknown> }[] }>(`${stack.automationUrl}/sim/triggers`)).body
      .triggers.filter((trigger) => trigger.payload.shop === SHOP)
      .map((trigger) => String(trigger.payload.orderName));
  const pause = async (paused: boolean) => {
    const response = await adminFetch(stack, SHOP, "/api/automation/pause", {
      method: "POST",
      body: new URLSearchParams({ paused: String(paused) }),
    });
    expect(response.status).toBe(200);
  };
  const delivery = async (name: string) =>
    (
      await query<{ status: string; lastErrorCode: string | null }>(
        stack,
        `SELECT "status", "lastErrorCode" FROM "Delivery" WHERE "shop" = ? AND "orderName" = ?`,
        [SHOP, name],
      )
    )[0];

  beforeAll(async () => {
    stack = await startLoopStack(SHOP);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("skips the cancelled order's waiting delivery at once and sends the other on resume", async () => {
    await pause(true);
    const order = async () =>
      (await postJson<{ order: { name: string } }>(`${stack.platformUrl}/sim/orders`, { shop: SHOP })).body.order.name;
    const kept = await order();
    const cancelled = await order();
    await eventually(async () => (await delivery(cancelled))?.status === "queued", 10_000, "the order's delivery");

    const answer = await postJson<{ deliveries: { topic: string; status: number }[] }>(
      `${stack.platformUrl}/sim/orders/cancel`,
      { shop: SHOP, order: cancelled },
    );
    expect(answer.body.deliveries).toEqual([expect.objectContaining({ topic: "orders/cancelled", status: 200 })]);
    // Marked when the webhook is answered, while the shop is still paused.
    expect(await delivery(cancelled)).toEqual({ status: "skipped", lastErrorCode: "order_cancelled" });
    expect(await delivery(kept)).toMatchObject({ status: "queued" });

    await pause(false);
    await eventually(async () => (await triggered()).includes(kept), 20_000, "the standing order's trigger");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await triggered()).toEqual([kept]);
    expect(await delivery(cancelled)).toEqual({ status: "skipped", lastErrorCode: "order_cancelled" });
  });
});
