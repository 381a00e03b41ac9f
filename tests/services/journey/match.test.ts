import { describe, expect, it } from "vitest";
import { matchStoreOrder } from "~/services/journey/match.server";
import { createConfiguration, createDelivery, restOrder, shopDomain } from "../../helpers/factories";

const NOW = new Date();
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

async function shopWithOrder(order: Record<string, unknown> = {}, createdAt = daysAgo(1)) {
  const shop = shopDomain();
  await createConfiguration(shop, { supplierCountry: "CO" });
  const delivery = await createDelivery(shop, {
    order: restOrder({ id: 5829301847221, name: "#1042", total_price: "89900.00", ...order }),
    createdAt,
  });
  return { shop, delivery };
}

describe("matching a supplier order to its store order", () => {
  it.each([
    ["the numeric id", "5829301847221"],
    ["the gid", "gid://shopify/Order/5829301847221"],
    ["the name", "#1042"],
    ["the name without #", "1042"],
    ["the name with padding", "  #1042 "],
  ])("finds it by %s in shop_order_id", async (_name, shopOrderRef) => {
    const { shop, delivery } = await shopWithOrder();
    expect(await matchStoreOrder(shop, { shopOrderRef, near: NOW })).toEqual({
      orderId: delivery.orderId,
      orderName: "#1042",
      matchedBy: "shop_order_id",
    });
  });

  it("never finds another shop's order", async () => {
    await shopWithOrder();
    const other = shopDomain();
    expect(await matchStoreOrder(other, { shopOrderRef: "5829301847221", near: NOW })).toBeNull();
  });

  it("finds it by the buyer's phone in another format and the total when the reference names nothing", async () => {
    const { shop, delivery } = await shopWithOrder();
    const found = await matchStoreOrder(shop, { shopOrderRef: "99", phone: "300 111 2233", total: "89900", near: NOW });
    expect(found).toEqual({ orderId: delivery.orderId, orderName: "#1042", matchedBy: "phone_total" });
  });

  it("does not match by phone when the total differs", async () => {
    const { shop } = await shopWithOrder();
    expect(await matchStoreOrder(shop, { phone: "3001112233", total: "89000.00", near: NOW })).toBeNull();
  });

  it("does not match by phone an order placed before the seven-day window", async () => {
    const { shop } = await shopWithOrder({}, daysAgo(8));
    expect(await matchStoreOrder(shop, { phone: "3001112233", total: "89900.00", near: NOW })).toBeNull();
  });

  it("does not guess between two orders with the same phone and total", async () => {
    const { shop } = await shopWithOrder();
    await createDelivery(shop, {
      order: restOrder({ id: 5829301847222, name: "#1043", total_price: "89900.00" }),
      createdAt: daysAgo(2),
    });
    expect(await matchStoreOrder(shop, { phone: "+57 300 111 2233", total: "89900.00", near: NOW })).toBeNull();
  });
});
