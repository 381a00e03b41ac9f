import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { loader as loadOne } from "~/routes/app.deliveries.$id/route";
import { loader } from "~/routes/app.deliveries._index/route";
import { createDelivery, createSession, shopDomain } from "../helpers/factories";
import { adminRequest } from "../helpers/requests";

async function adminShop() {
  const shop = shopDomain();
  await createSession(shop);
  return shop;
}

const loadLog = async (shop: string) =>
  (await loader({ request: await adminRequest("/app/deliveries", shop), params: {}, context: {} })).deliveries;

async function loadDelivery(shop: string, id: string) {
  const result = (await loadOne({
    request: await adminRequest(`/app/deliveries/${id}`, shop),
    params: { id },
    context: {},
  })) as { delivery: { convertedTo: unknown; answer: unknown } };
  return result.delivery;
}

const convertedCart = (shop: string, tokens: { checkoutToken?: string; cartToken?: string }) =>
  createDelivery(shop, {
    topic: "checkouts/create",
    orderName: null,
    orderId: null,
    status: "skipped",
    lastErrorCode: "checkout_converted",
    payload: null,
    ...tokens,
  });

const rules = (shop: string) =>
  prisma.answerRuleSet.create({
    data: { shop, rules: JSON.stringify([{ answer: "confirmed", status: "confirmed" }]) },
  });

describe("the buyer's outcome on the log and a delivery's page", () => {
  it("names the order a converted cart became, by its checkout token or else its cart token, in the shop only", async () => {
    const shop = await adminShop();
    const other = await adminShop();
    const checkoutToken = `chk-${randomUUID()}`;
    const cartToken = `cart-${randomUUID()}`;
    const byCheckout = await convertedCart(shop, { checkoutToken });
    const byCart = await convertedCart(shop, { cartToken });
    const unknown = await convertedCart(shop, { checkoutToken: `chk-${randomUUID()}` });
    const order = await createDelivery(shop, { status: "delivered", checkoutToken, orderName: "#3001" });
    const cartOrder = await createDelivery(shop, { status: "delivered", cartToken, orderName: "#3002" });
    // Another shop's order with the same token is not this cart's order.
    const foreignToken = `chk-${randomUUID()}`;
    const foreignCart = await convertedCart(shop, { checkoutToken: foreignToken });
    await createDelivery(other, { status: "delivered", checkoutToken: foreignToken, orderName: "#9999" });

    const log = new Map((await loadLog(shop)).map((delivery) => [delivery.id, delivery]));
    expect(log.get(byCheckout.id)?.convertedTo).toEqual({ orderName: "#3001", orderId: order.orderId });
    expect(log.get(byCart.id)?.convertedTo).toEqual({ orderName: "#3002", orderId: cartOrder.orderId });
    expect(log.get(unknown.id)?.convertedTo).toBeNull();
    expect(log.get(foreignCart.id)?.convertedTo).toBeNull();
    // An order is no cart: nothing converted.
    expect(log.get(order.id)?.convertedTo).toBeNull();

    expect((await loadDelivery(shop, byCheckout.id)).convertedTo).toEqual({
      orderName: "#3001",
      orderId: order.orderId,
    });
  });

  it("gives each order's recorded answer and when, since when it waits with answer rules, or that it has none", async () => {
    const shop = await adminShop();
    const other = await adminShop();
    const deliveredAt = new Date("2026-11-26T15:00:00Z");
    const answered = await createDelivery(shop, { status: "delivered", deliveredAt });
    const waiting = await createDelivery(shop, { status: "delivered", deliveredAt });
    const failed = await createDelivery(shop, { status: "dead" });
    const test = await createDelivery(shop, { status: "delivered", deliveredAt, test: true });
    const answeredAt = new Date("2026-11-26T16:30:00Z");
    await prisma.orderAnswer.create({
      data: { shop, orderId: answered.orderId!, orderName: answered.orderName, answer: "confirmed", answeredAt },
    });
    // Another shop's answer for an order with the same id says nothing about this shop's order.
    await prisma.orderAnswer.create({
      data: { shop: other, orderId: waiting.orderId!, answer: "refused", answeredAt },
    });

    // Without rules no answer is ever recorded: nothing waits for one, and the page is told why; a recorded answer
    // still shows.
    let log = new Map((await loadLog(shop)).map((delivery) => [delivery.id, delivery]));
    expect(log.get(answered.id)?.answer).toEqual({ answer: "confirmed", at: answeredAt.toISOString() });
    expect(log.get(waiting.id)?.answer).toEqual({ answer: "no_rules", at: deliveredAt.toISOString() });
    expect(log.get(failed.id)?.answer).toBeNull();
    expect(log.get(test.id)?.answer).toBeNull();
    expect((await loadDelivery(shop, waiting.id)).answer).toEqual({
      answer: "no_rules",
      at: deliveredAt.toISOString(),
    });

    await rules(shop);
    log = new Map((await loadLog(shop)).map((delivery) => [delivery.id, delivery]));
    expect(log.get(answered.id)?.answer).toEqual({ answer: "confirmed", at: answeredAt.toISOString() });
    expect(log.get(waiting.id)?.answer).toEqual({ answer: "waiting", at: deliveredAt.toISOString() });
    // Never sent, or a test order: there is no buyer's answer to wait for.
    expect(log.get(failed.id)?.answer).toBeNull();
    expect(log.get(test.id)?.answer).toBeNull();

    expect((await loadDelivery(shop, answered.id)).answer).toEqual({
      answer: "confirmed",
      at: answeredAt.toISOString(),
    });
    expect((await loadDelivery(shop, waiting.id)).answer).toEqual({
      answer: "waiting",
      at: deliveredAt.toISOString(),
    });
  });
});
