import prisma from "~/db.server";
import { runDeliveryPass } from "~/services/deliveries/worker.server";
import { saveOrderRisk } from "~/services/risk/store.server";
import { restOrder } from "../../helpers/factories";

/** The risk tests' buyer: Ana, whose past in the shop scores 73 (high), at one fixed time. */
export const NOW = new Date("2026-11-28T12:00:00.000Z");
export const ANA = "+573001234567";

export const pass = () =>
  runDeliveryPass({ workerId: "worker-a", now: () => NOW, random: () => 0.5, graphql: { sleep: async () => {} } });

/** Ana's helpers with order ids from `base` on, so two test files never write the same order. */
export function anaHistory(base: number) {
  let sequence = 0;

  /** Ana's past in the shop: two parcels back, one refusal, one order with no answer (a score of 73, high). */
  async function anaWithReturns(shop: string) {
    for (const [answer, stage] of [
      ["confirmed", "returned"],
      ["confirmed", "returned"],
      ["refused", null],
      ["no_answer", null],
    ] as const) {
      const orderId = `gid://shopify/Order/${base + ++sequence}`;
      await saveOrderRisk({ shop, orderId, phone: ANA, score: 0, level: "low", reasons: [], scoredAt: NOW });
      await prisma.orderAnswer.create({ data: { shop, orderId, answer, answeredAt: NOW } });
      if (stage)
        await prisma.supplierOrder.create({ data: { shop, supplierOrderId: `S-${base + sequence}`, orderId, stage } });
    }
  }

  /** A new order of Ana's, her phone on the shipping address (or none). */
  function anaOrder(phone: string | null = "3001234567") {
    const id = base * 10 + ++sequence;
    return restOrder({
      id,
      name: `#${id}`,
      phone: null,
      customer: { id: base / 100 + 1, email: "ana@example.test", first_name: "Ana", last_name: "Gómez", phone: null },
      shipping_address: { first_name: "Ana", address1: "Calle 10", city: "Medellín", country_code: "CO", phone },
    });
  }

  return { anaWithReturns, anaOrder };
}
