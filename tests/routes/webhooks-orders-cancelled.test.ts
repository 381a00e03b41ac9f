import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as ordersCancelled } from "~/routes/webhooks.orders.cancelled";
import { action as ordersCreate } from "~/routes/webhooks.orders.create";
import { createAutomatedShop } from "../helpers/factories";
import { webhookRequest } from "../helpers/requests";
import orderRest from "../fixtures/webhooks/order-rest.json";

let nextOrder = 7_770_000;

/** A new order of the shop as its orders/create webhook stored it (queued); its REST body for the cancellation. */
async function receivedOrder(shop: string) {
  const id = ++nextOrder;
  const body = { ...orderRest, id, admin_graphql_api_id: `gid://shopify/Order/${id}`, name: `#${id}` };
  const response = await ordersCreate({
    request: webhookRequest("/webhooks/orders/create", body, { shop, topic: "orders/create" }),
  });
  expect(response.status).toBe(200);
  const delivery = await prisma.delivery.findFirstOrThrow({ where: { shop, resourceId: String(id) } });
  return { body, delivery };
}

const cancel = (shop: string, body: object, signature?: string | null) =>
  ordersCancelled({
    request: webhookRequest(
      "/webhooks/orders/cancelled",
      { ...body, cancelled_at: "2026-11-26T19:00:00-05:00", cancel_reason: "customer" },
      { shop, topic: "orders/cancelled", signature },
    ),
  });

const row = (id: string) =>
  prisma.delivery.findUniqueOrThrow({ where: { id }, select: { status: true, lastErrorCode: true, lastError: true } });

describe("orders/cancelled receiver", () => {
  it("skips a waiting delivery of the cancelled order at once, saying why", async () => {
    const shop = await createAutomatedShop();
    const waiting = await receivedOrder(shop);
    const retrying = await receivedOrder(shop);
    await prisma.delivery.update({ where: { id: retrying.delivery.id }, data: { status: "retrying", attempts: 1 } });

    for (const order of [waiting, retrying]) {
      const response = await cancel(shop, order.body);
      expect(response.status).toBe(200);
      expect(await row(order.delivery.id)).toEqual({
        status: "skipped",
        lastErrorCode: "order_cancelled",
        lastError: "Not sent: the order was cancelled before its trigger went out",
      });
    }
  });

  it("turns a held order's reason into the cancellation, and leaves sent or in-flight ones alone", async () => {
    const shop = await createAutomatedShop();
    const held = await receivedOrder(shop);
    await prisma.delivery.update({
      where: { id: held.delivery.id },
      data: { status: "skipped", lastErrorCode: "held_no_mobile" },
    });
    const sent = await receivedOrder(shop);
    await prisma.delivery.update({ where: { id: sent.delivery.id }, data: { status: "delivered", attempts: 1 } });
    const inFlight = await receivedOrder(shop);
    await prisma.delivery.update({
      where: { id: inFlight.delivery.id },
      data: { status: "delivering", attempts: 1, leaseOwner: "worker-1" },
    });
    const refused = await receivedOrder(shop);
    await prisma.delivery.update({
      where: { id: refused.delivery.id },
      data: { status: "skipped", lastErrorCode: "no_mobile" },
    });

    for (const order of [held, sent, inFlight, refused]) expect((await cancel(shop, order.body)).status).toBe(200);
    expect((await row(held.delivery.id)).lastErrorCode).toBe("order_cancelled");
    expect(await row(sent.delivery.id)).toMatchObject({ status: "delivered", lastErrorCode: null });
    expect(await row(inFlight.delivery.id)).toMatchObject({ status: "delivering", lastErrorCode: null });
    expect(await row(refused.delivery.id)).toMatchObject({ status: "skipped", lastErrorCode: "no_mobile" });
  });

  it("cancels the abandoned-cart trigger still waiting for the cancelled order's checkout", async () => {
    const shop = await createAutomatedShop();
    const waitingCart = await prisma.delivery.create({
      data: { shop, topic: "checkouts/create", eventId: "event:cart-1", status: "queued", checkoutToken: "chk-7001" },
    });
    const otherCart = await prisma.delivery.create({
      data: { shop, topic: "checkouts/create", eventId: "event:cart-2", status: "queued", checkoutToken: "chk-7002" },
    });
    const order = await receivedOrder(shop);
    expect((await cancel(shop, { ...order.body, checkout_token: "chk-7001", cart_token: null })).status).toBe(200);
    expect(await row(waitingCart.id)).toMatchObject({ status: "skipped", lastErrorCode: "order_cancelled" });
    expect(await row(otherCart.id)).toMatchObject({ status: "queued", lastErrorCode: null });
    expect(await row(order.delivery.id)).toMatchObject({ status: "skipped", lastErrorCode: "order_cancelled" });
  });

  it("changes nothing on a bad signature or for another shop", async () => {
    const shop = await createAutomatedShop();
    const other = await createAutomatedShop();
    const order = await receivedOrder(shop);
    expect((await cancel(shop, order.body, "bm90IHRoZSBzaWduYXR1cmU=")).status).toBe(401);
    expect((await cancel(other, order.body)).status).toBe(200);
    expect((await cancel(shop, { id: "not-an-id" })).status).toBe(200);
    expect(await row(order.delivery.id)).toMatchObject({ status: "queued", lastErrorCode: null });
  });
});
