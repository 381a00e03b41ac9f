import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder } from "../../sandbox/platform/state";
import { orderPayload, sign } from "../../sandbox/platform/webhooks";
import { installShop, SANDBOX } from "../../sandbox/stack";
import { query, startE2eStack, type Stack } from "./helpers";

const SHOP = "tienda-caida.myshopify.com";

/**
 * Acknowledged means committed (docs/decisions/121): the receivers' inserts share commits on the SQLite thread,
 * and no webhook is answered before its commit. Killing the app with SIGKILL while webhooks are in flight must
 * not lose one that was answered 200.
 */
describe("an acknowledged webhook survives kill -9", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startE2eStack();
    // Orders of a shop without the app installed are not kept (docs/decisions/072).
    await installShop(stack, SHOP);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("finds every acknowledged order in the database after the app was killed mid-burst", async () => {
    const shop = stack.platform.shopState(SHOP);
    const orders = Array.from({ length: 400 }, () => {
      const order = createOrder(shop);
      return { name: order.name, body: JSON.stringify(orderPayload(order)) };
    });
    const acknowledged: string[] = [];
    const exited = new Promise((resolve) => stack.app.once("exit", resolve));
    let next = 0;
    const sender = async () => {
      while (next < orders.length) {
        const { name, body } = orders[next++];
        try {
          const response = await fetch(`${stack.appUrl}/webhooks/orders/create`, {
            method: "POST",
            headers: {
              "Content-Type": "application/json",
              "X-Shopify-Topic": "orders/create",
              "X-Shopify-Hmac-Sha256": sign(body, SANDBOX.secret),
              "X-Shopify-Shop-Domain": SHOP,
              "X-Shopify-Event-Id": crypto.randomUUID(),
              "X-Shopify-Webhook-Id": crypto.randomUUID(),
            },
            body,
          });
          if (response.status === 200 && (await response.text()) === "OK") acknowledged.push(name);
        } catch {
          // The app is gone: this one was never acknowledged, the platform would deliver it again.
        }
      }
    };
    const senders = Array.from({ length: 32 }, sender);
    while (acknowledged.length < 100) await new Promise((resolve) => setTimeout(resolve, 2));
    stack.app.kill("SIGKILL");
    await exited;
    await Promise.all(senders);

    expect(acknowledged.length).toBeGreaterThanOrEqual(100);
    // Some were in flight when the process died: the test only means something if the kill hit mid-burst.
    expect(acknowledged.length).toBeLessThan(orders.length);
    // Opening the file runs SQLite's recovery, as a restarted app would.
    const stored = new Set(
      (await query<{ orderName: string }>(stack, 'SELECT "orderName" FROM "Delivery" WHERE "shop" = ?', [SHOP])).map(
        (row) => row.orderName,
      ),
    );
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
  });
});
