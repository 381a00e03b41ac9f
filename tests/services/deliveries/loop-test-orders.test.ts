import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as retry } from "~/routes/api.deliveries.$id.retry";
import { action as retryFailed, loader as failedCount } from "~/routes/api.deliveries.retry-failed";
import { action as resend } from "~/routes/api.deliveries.resend";
import { createAutomatedShop, createDelivery, restOrder } from "../../helpers/factories";
import { adminRequest, sessionToken } from "../../helpers/requests";
import { TEST_ENV } from "../../helpers/test-env";

const call = async (handler: typeof retry, request: Request, params: Record<string, string> = {}) =>
  handler({ request, params, context: {} });

async function extensionRequest(path: string, shop: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Origin", "https://extensions.shopifycdn.com");
  headers.set("Authorization", `Bearer ${await sessionToken(shop)}`);
  return new Request(`${TEST_ENV.PLATFORM_APP_URL}${path}`, { ...init, headers });
}

/** The delivery of a loop test's order, as the test left it, and the test (ended unless `running`). */
async function loopTestDelivery(shop: string, status: string, options: { running?: boolean } = {}) {
  const order = restOrder({ id: 7_000_000 + Math.floor(Math.random() * 100_000), name: "#9001", test: true });
  const delivery = await createDelivery(shop, { order, status, test: true, attempts: 8 });
  await prisma.loopTest.create({
    data: options.running
      ? { shop, orderId: delivery.orderId, orderName: "#9001", runningShop: shop }
      : { shop, orderId: delivery.orderId, orderName: "#9001", finishedAt: new Date(), outcome: "failed" },
  });
  return delivery;
}

describe("a loop test's order is never sent to the live flow again", () => {
  it("is left out of retry all failed, and the count on its button says what it sends", async () => {
    const shop = await createAutomatedShop();
    const ended = await loopTestDelivery(shop, "dead");
    const stillRunning = await loopTestDelivery(shop, "dead", { running: true });
    const real = await createDelivery(shop, { status: "dead", attempts: 8 });
    // A test order the merchant placed by hand is an order of the store: it stays retryable.
    const manualTest = await createDelivery(shop, { status: "dead", attempts: 8, test: true });
    // A failed delivery without an order id (a draft order's) is not mistaken for a loop test's.
    const draft = await createDelivery(shop, { status: "dead", topic: "draft_orders/create", orderId: null });

    const count = await call(failedCount, await adminRequest("/api/deliveries/retry-failed", shop));
    expect(await count.json()).toMatchObject({ success: true, count: 3 });

    const response = await call(
      retryFailed,
      await adminRequest("/api/deliveries/retry-failed", shop, { method: "POST" }),
    );
    expect(await response.json()).toMatchObject({ success: true, queued: 3, remaining: 0 });
    const status = async (id: string) => (await prisma.delivery.findUniqueOrThrow({ where: { id } })).status;
    expect(await status(ended.id)).toBe("dead");
    expect(await status(stillRunning.id)).toBe("dead");
    expect(await status(real.id)).toBe("queued");
    expect(await status(manualTest.id)).toBe("queued");
    expect(await status(draft.id)).toBe("queued");
  });

  it.each(["dead", "skipped", "flow_failed"])(
    "refuses the log's retry of an ended test's %s delivery with 409 loop_test_ended",
    async (state) => {
      const shop = await createAutomatedShop();
      const delivery = await loopTestDelivery(shop, state);
      const response = await call(
        retry,
        await extensionRequest(`/api/deliveries/${delivery.id}/retry`, shop, { method: "POST" }),
        { id: delivery.id },
      );
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ success: false, code: "loop_test_ended" });
      const row = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
      expect(row).toMatchObject({ status: state, replays: 0 });
    },
  );

  it.each(["dead", "delivered"])(
    "refuses the order page's resend of an ended test's %s order with 409 loop_test_ended",
    async (state) => {
      const shop = await createAutomatedShop();
      const delivery = await loopTestDelivery(shop, state);
      const response = await call(
        resend,
        await extensionRequest("/api/deliveries/resend", shop, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ orderId: delivery.orderId, confirmRepeat: true }),
        }),
      );
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ success: false, code: "loop_test_ended" });
      expect(await prisma.delivery.count({ where: { shop } })).toBe(1);
      expect((await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } })).status).toBe(state);
    },
  );
});
