import prisma from "../../db.server";
import { env } from "../../env.server";
import type { CustomerDataHolder, CustomerRef } from "../shops/customer-data.server";

// Fewer digits than this could match an unrelated number (an extension, a short code).
const MIN_PHONE_DIGITS = 7;
const digits = (phone: string) => phone.replace(/\D/g, "");

/** One number typed two ways ("+57 310 804 5704", "3108045704"): the longer ends with the shorter. */
function samePhone(a: string, b: string) {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= MIN_PHONE_DIGITS && long.endsWith(short);
}

/** The events that still hold the customer's phone (only events not applied yet keep one). */
async function eventsWithPhone(shop: string, customer: CustomerRef) {
  const wanted = customer.phone ? digits(customer.phone) : "";
  if (wanted.length < MIN_PHONE_DIGITS) return [];
  const held = await prisma.supplierStatusEvent.findMany({
    where: { shop, buyerPhone: { not: null } },
    select: { id: true, buyerPhone: true },
  });
  return held.filter((event) => samePhone(digits(event.buyerPhone!), wanted)).map((event) => event.id);
}

const orderGids = (customer: CustomerRef) => customer.orderIds.map((id) => `gid://shopify/Order/${id}`);

/**
 * The parcels of a customer's orders (guide, carrier, statuses) and the phone an unapplied status still carries:
 * a redaction erases the supplier orders matched to the named orders with their histories, and those phones.
 */
export const supplierJourneys: CustomerDataHolder = {
  name: "supplierJourneys",
  async describe(shop, customer) {
    const orders = await prisma.supplierOrder.count({ where: { shop, orderId: { in: orderGids(customer) } } });
    return orders + (await eventsWithPhone(shop, customer)).length;
  },
  async redact(shop, customer) {
    const orders = await prisma.supplierOrder.findMany({
      where: { shop, orderId: { in: orderGids(customer) } },
      select: { supplierOrderId: true },
    });
    const ids = orders.map((order) => order.supplierOrderId);
    const phones = await eventsWithPhone(shop, customer);
    const [events, , , erased, answers] = await prisma.$transaction([
      prisma.supplierStatusEvent.deleteMany({ where: { shop, supplierOrderId: { in: ids } } }),
      prisma.supplierOrder.deleteMany({ where: { shop, supplierOrderId: { in: ids } } }),
      prisma.journeyStep.deleteMany({ where: { shop, supplierOrderId: { in: ids } } }),
      prisma.supplierStatusEvent.updateMany({ where: { shop, id: { in: phones } }, data: { buyerPhone: null } }),
      // The buyer's answers to the incidents of those orders (a new address is theirs).
      prisma.incidentAnswer.deleteMany({ where: { shop, orderId: { in: orderGids(customer) } } }),
    ]);
    return ids.length + events.count + erased.count + answers.count;
  },
};

/**
 * Past the retention period no status event keeps a phone, applied or not (DELIVERY_RETENTION_DAYS), and no
 * incident answer keeps the new address the buyer gave (the answer itself stays, counted).
 */
export async function purgeJourneyPhones(now = new Date()) {
  const cutoff = new Date(now.getTime() - env().DELIVERY_RETENTION_DAYS * 86_400_000);
  const { count } = await prisma.supplierStatusEvent.updateMany({
    where: { buyerPhone: { not: null }, receivedAt: { lt: cutoff } },
    data: { buyerPhone: null },
  });
  const addresses = await prisma.incidentAnswer.updateMany({
    where: { newAddress: { not: null }, answeredAt: { lt: cutoff } },
    data: { newAddress: null },
  });
  return count + addresses.count;
}
