import prisma from "~/db.server";
import { projectOutcomes } from "~/services/outcomes/project.server";
import { createDelivery, restOrder } from "../../helpers/factories";

/**
 * A Bogotá shop's orders with the buyer's answers to their delivery incidents, for the outcomes' tests on both
 * engines. Every figure the tests expect is counted by hand from this table, never by the code under test.
 * `at` is UTC; Bogotá is UTC-5 all year.
 */

// 07:00 on 29 November in Bogotá: the period below (the 26th to the 28th) is over.
export const ANSWERS_NOW = new Date("2026-11-29T12:00:00Z");
export const ANSWERS_PERIOD = { from: "2026-11-26", to: "2026-11-28" };

interface Seeded {
  id: number;
  at: string;
  city: string;
  total: string;
  stage: string | null;
  incident?: string;
  confirmation: string | null;
  /** The incident answers in the order they were given (the last one is the order's). */
  answers: string[];
  test?: boolean;
}

export const ANSWER_ORDERS: Seeded[] = [
  // 26th
  {
    id: 1,
    at: "2026-11-26T15:00:00Z",
    city: "Bogotá",
    total: "100000.00",
    stage: "delivered",
    confirmation: "confirmed",
    answers: ["new_date"],
  },
  {
    id: 2,
    at: "2026-11-26T16:00:00Z",
    city: "BOGOTA",
    total: "50000.00",
    stage: "returned",
    confirmation: "confirmed",
    answers: ["refused"],
  },
  // 27th: first a new address, then the office: counted under the office.
  {
    id: 3,
    at: "2026-11-27T14:00:00Z",
    city: "Cali",
    total: "80000.00",
    stage: "delivered",
    confirmation: "confirmed",
    answers: ["new_address", "office_pickup"],
  },
  {
    id: 4,
    at: "2026-11-27T15:00:00Z",
    city: "cali",
    total: "20000.00",
    stage: "returned",
    confirmation: "confirmed",
    answers: ["new_date"],
  },
  // 28th
  {
    id: 5,
    at: "2026-11-28T13:00:00Z",
    city: "Medellín",
    total: "70000.00",
    stage: "delivered",
    confirmation: "confirmed",
    answers: [],
  },
  {
    id: 6,
    at: "2026-11-28T14:00:00Z",
    city: "Medellín",
    total: "30000.00",
    stage: "in_transit",
    incident: "DIRECCION ERRADA",
    confirmation: "confirmed",
    answers: ["new_date"],
  },
  // 23:30 on the 28th in Bogotá, already the 29th in UTC: counted on the 28th.
  {
    id: 9,
    at: "2026-11-29T04:30:00Z",
    city: "Cali",
    total: "60000.00",
    stage: "delivered",
    confirmation: null,
    answers: ["new_address"],
  },
  // 23:30 on the 25th in Bogotá, the 26th in UTC: before the period.
  {
    id: 10,
    at: "2026-11-26T04:30:00Z",
    city: "Bogotá",
    total: "999.00",
    stage: "delivered",
    confirmation: "confirmed",
    answers: ["new_date"],
  },
  // A test order: never counted.
  {
    id: 7,
    at: "2026-11-27T16:00:00Z",
    city: "Bogotá",
    total: "999.00",
    stage: "returned",
    confirmation: "confirmed",
    answers: ["refused"],
    test: true,
  },
];

let shops = 0;

/** The seeded orders in `shop`, answered and projected; order ids are the shop's own (as the platform's are). */
export async function seedAnswerOrders(shop: string) {
  const base = 100_000 * ++shops;
  await prisma.shopTimeZone.create({ data: { shop, timeZone: "America/Bogota", fetchedAt: ANSWERS_NOW } });
  for (const order of ANSWER_ORDERS) {
    const orderId = orderGid(base, order.id);
    await createDelivery(shop, {
      order: restOrder({
        id: base + order.id,
        name: `#${order.id}`,
        total_price: order.total,
        shipping_address: { first_name: "Ana", last_name: "Gomez", city: order.city, country_code: "CO" },
      }),
      orderId,
      orderName: `#${order.id}`,
      status: "delivered",
      flowId: "f1",
      createdAt: new Date(order.at),
      deliveredAt: new Date(order.at),
      test: order.test ?? false,
    });
    if (order.confirmation) {
      await prisma.orderAnswer.create({
        data: { shop, orderId, answer: order.confirmation, answeredAt: new Date(order.at) },
      });
    }
    if (order.stage) {
      await prisma.supplierOrder.create({
        data: {
          shop,
          supplierOrderId: `SO-${base + order.id}`,
          orderId,
          carrier: "Servientrega",
          stage: order.stage,
          openIncident: order.incident ?? null,
        },
      });
    }
    for (const [n, answer] of order.answers.entries()) {
      // One incident per answer, each answered an hour after the one before.
      await prisma.incidentAnswer.create({
        data: {
          shop,
          deliveryId: `incident-${base + order.id}-${n}`,
          orderId,
          orderName: `#${order.id}`,
          answer,
          answeredAt: new Date(new Date(order.at).getTime() + (n + 1) * 3_600_000),
        },
      });
    }
  }
  await projectOutcomes();
  return {
    orderId: (id: number) => orderGid(base, id),
    orderIds: (ids: number[]) => ids.map((id) => orderGid(base, id)),
  };
}

const orderGid = (base: number, id: number) => `gid://shopify/Order/${base + id}`;
