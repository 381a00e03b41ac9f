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
      status: { in: ["delivered", "dead", "skipped"] },
    },
    data: { payload: null, payloadPurgedAt: now, customerId: null },
  });
  return count;
}

function customerDeliveries(shop: string, customer: CustomerRef) {
  const matches = [
    ...(customer.id ? [{ customerId: customer.id }] : []),
    ...(customer.orderIds.length ? [{ resourceId: { in: customer.orderIds }, topic: "orders/create" }] : []),
  ];
  return { shop, payload: { not: null }, OR: matches };
}

/** customers/data_request and customers/redact reach the stored order payloads through this holder. */
export const deliveryPayloads: CustomerDataHolder = {
  name: "orderDeliveries",
  async describe(shop, customer) {
    if (!customer.id && !customer.orderIds.length) return 0;
    return prisma.delivery.count({ where: customerDeliveries(shop, customer) });
  },
  async redact(shop, customer) {
    if (!customer.id && !customer.orderIds.length) return 0;
    const { count } = await prisma.delivery.updateMany({
      where: customerDeliveries(shop, customer),
      data: { payload: null, payloadPurgedAt: new Date(), customerId: null },
    });
    return count;
  },
};
