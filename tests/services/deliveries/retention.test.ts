import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as compliance } from "~/routes/webhooks.compliance";
import { readBuyerSummary } from "~/lib/buyer-summary";
import { purgeExpiredPayloads } from "~/services/deliveries/retention.server";
import { createDelivery, restOrder, shopDomain } from "../../helpers/factories";
import { webhookRequest } from "../../helpers/requests";
import checkoutRest from "../../fixtures/webhooks/checkout-rest.json";
import orderRest from "../../fixtures/webhooks/order-rest.json";

const DAY = 86_400_000;
const NOW = new Date("2026-11-22T12:00:00.000Z");

describe("customers/redact", () => {
  it("erases the stored order payloads of the customer and keeps everyone else's", async () => {
    const shop = shopDomain();
    const theirs = await createDelivery(shop, { order: orderRest, customerId: "7001", status: "delivered" });
    const byOrder = await createDelivery(shop, { customerId: null, resourceId: "424242", status: "dead" });
    const someoneElse = await createDelivery(shop, {
      customerId: "8888",
      status: "delivered",
      order: restOrder({ email: "luis@example.test", customer: { id: 8888, email: "luis@example.test" } }),
    });
    const otherShop = await createDelivery(shopDomain(), { customerId: "7001", status: "delivered" });

    const response = await compliance({
      request: webhookRequest(
        "/webhooks/compliance",
        {
          shop_id: 1,
          shop_domain: shop,
          customer: { id: 7001, email: "ana@example.test" },
          orders_to_redact: [424242],
        },
        { shop, topic: "customers/redact" },
      ),
    });

    expect(response.status).toBe(200);
    const rows = await prisma.delivery.findMany();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(theirs.id)).toMatchObject({ payload: null, buyer: null, customerId: null, status: "delivered" });
    expect(byId.get(theirs.id)?.payloadPurgedAt).toBeInstanceOf(Date);
    expect(byId.get(byOrder.id)).toMatchObject({ payload: null, buyer: null });
    // The buyer summary goes exactly where the body goes, and stays where it stays.
    expect(readBuyerSummary(byId.get(someoneElse.id)?.buyer)?.city).toBe("Medellin");
    expect(byId.get(someoneElse.id)?.payload).not.toBeNull();
    expect(byId.get(otherShop.id)?.payload).not.toBeNull();
    expect(byId.get(otherShop.id)?.buyer).not.toBeNull();
  });

  it("erases the checkout that became a redacted order, found by its checkout or cart token", async () => {
    const shop = shopDomain();
    await createDelivery(shop, { resourceId: "424242", checkoutToken: "chk-1", cartToken: "cart-1", customerId: null });
    const byCheckout = await createDelivery(shop, {
      topic: "checkouts/create",
      order: { ...checkoutRest, id: 1001 },
      orderId: null,
      customerId: null,
      checkoutToken: "chk-1",
      status: "skipped",
    });
    const byCart = await createDelivery(shop, {
      topic: "checkouts/create",
      order: { ...checkoutRest, id: 1002 },
      orderId: null,
      customerId: null,
      cartToken: "cart-1",
      status: "skipped",
    });
    const unrelated = await createDelivery(shop, {
      topic: "checkouts/create",
      order: { ...checkoutRest, id: 1003 },
      orderId: null,
      customerId: null,
      checkoutToken: "chk-2",
    });

    await compliance({
      request: webhookRequest(
        "/webhooks/compliance",
        { shop_id: 1, shop_domain: shop, customer: { id: 7001 }, orders_to_redact: [424242] },
        { shop, topic: "customers/redact" },
      ),
    });

    const rows = new Map((await prisma.delivery.findMany({ where: { shop } })).map((row) => [row.id, row]));
    expect(rows.get(byCheckout.id)).toMatchObject({ payload: null, buyer: null });
    expect(rows.get(byCart.id)).toMatchObject({ payload: null, buyer: null });
    expect(rows.get(unrelated.id)?.payload).not.toBeNull();
    expect(readBuyerSummary(rows.get(unrelated.id)?.buyer)?.phone).toBe("+573004445566");
  });

  it("customers/data_request reports how many stored orders hold the customer's data", async () => {
    const shop = shopDomain();
    await createDelivery(shop, { customerId: "7001" });
    await compliance({
      request: webhookRequest(
        "/webhooks/compliance",
        { shop_domain: shop, customer: { id: 7001 }, orders_requested: [], data_request: { id: 1 } },
        { shop, topic: "customers/data_request" },
      ),
    });
    const request = await prisma.privacyRequest.findFirstOrThrow({ where: { shop } });
    expect(JSON.parse(request.summary).held).toEqual({
      orderDeliveries: 1,
      supplierJourneys: 0,
      orderRisks: 0,
      blockedPhones: 0,
    });
  });
});

describe("retention", () => {
  it("purges the payloads of finished deliveries older than 30 days", async () => {
    const shop = shopDomain();
    const old = await createDelivery(shop, { status: "delivered", createdAt: new Date(NOW.getTime() - 31 * DAY) });
    const recent = await createDelivery(shop, { status: "delivered", createdAt: new Date(NOW.getTime() - 29 * DAY) });
    const waiting = await createDelivery(shop, { status: "retrying", createdAt: new Date(NOW.getTime() - 31 * DAY) });

    expect(await purgeExpiredPayloads(NOW)).toBe(1);

    const rows = new Map((await prisma.delivery.findMany()).map((row) => [row.id, row]));
    expect(rows.get(old.id)).toMatchObject({ payload: null, buyer: null, payloadPurgedAt: NOW, status: "delivered" });
    expect(rows.get(recent.id)?.payload).not.toBeNull();
    expect(rows.get(recent.id)?.buyer).not.toBeNull();
    expect(rows.get(waiting.id)?.payload).not.toBeNull();
    expect(rows.get(waiting.id)?.buyer).not.toBeNull();
  });
});
