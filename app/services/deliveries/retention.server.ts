import prisma from "../../db.server";
import { env } from "../../env.server";
import type { CustomerDataHolder, CustomerRef } from "../shops/privacy.server";

/**
 * Order payloads hold customer data (names, phones, addresses). Past the retention period
 * (DELIVERY_RETENTION_DAYS, default 30) only the delivery record stays: ids, status, attempts, tags.
 * Deliveries still waiting keep theirs: they cannot go out without it.
 */
export async function purgeExpiredPayloads(now = new Date()) {
  const cutoff = new Date(now.getTime() - env().DELIVERY_RETENTION_DAYS * 86_400_000);
  const { count } = await prisma.delivery.updateMany({
    where: {
      createdAt: { lt: cutoff },
      payload: { not: null },
      status: { in: ["delivered", "flow_failed", "dead", "skipped"] },
    },
    data: { payload: null, payloadPurgedAt: now, customerId: null },
  });
  return count;
}

/**
 * The customer's deliveries that still hold data: by customer id, by the orders named in the request, and the
 * abandoned checkouts those orders came from (a guest's checkout carries no customer id, only the same tokens).
 */
async function customerDeliveries(shop: string, customer: CustomerRef) {
  if (!customer.id && !customer.orderIds.length) return null;
  const orders = customer.orderIds.length
    ? await prisma.delivery.findMany({
        where: { shop, topic: "orders/create", resourceId: { in: customer.orderIds } },
        select: { checkoutToken: true, cartToken: true },
      })
    : [];
  const checkoutTokens = orders.flatMap((order) => (order.checkoutToken ? [order.checkoutToken] : []));
  const cartTokens = orders.flatMap((order) => (order.cartToken ? [order.cartToken] : []));
  const matches = [
    ...(customer.id ? [{ customerId: customer.id }] : []),
    ...(customer.orderIds.length ? [{ resourceId: { in: customer.orderIds }, topic: "orders/create" }] : []),
    ...(checkoutTokens.length ? [{ checkoutToken: { in: checkoutTokens }, topic: "checkouts/create" }] : []),
    ...(cartTokens.length ? [{ cartToken: { in: cartTokens }, topic: "checkouts/create" }] : []),
  ];
  return { shop, payload: { not: null }, OR: matches };
}

/** customers/data_request and customers/redact reach the stored order payloads through this holder. */
export const deliveryPayloads: CustomerDataHolder = {
  name: "orderDeliveries",
  async describe(shop, customer) {
    const where = await customerDeliveries(shop, customer);
    return where ? prisma.delivery.count({ where }) : 0;
  },
  async redact(shop, customer) {
    const where = await customerDeliveries(shop, customer);
    if (!where) return 0;
    const { count } = await prisma.delivery.updateMany({
      where,
      data: { payload: null, payloadPurgedAt: new Date(), customerId: null },
    });
    return count;
  },
};
