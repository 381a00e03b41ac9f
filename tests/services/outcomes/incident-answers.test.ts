import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { outcomeLogUrl, readOutcomeFilter, type OutcomeMeasure } from "~/lib/outcomes";
import { recordIncidentAnswer } from "~/services/incidents/answer.server";
import { exportOutcomes } from "~/services/outcomes/export.server";
import { outcomeInsights } from "~/services/outcomes/insights.server";
import { ordersWithOutcome } from "~/services/outcomes/log-filter.server";
import { projectOutcomes } from "~/services/outcomes/project.server";
import { shopDomain } from "../../helpers/factories";
import { ANSWERS_NOW, ANSWERS_PERIOD, seedAnswerOrders } from "./seed-answers";

const byAnswer = async (shop: string) => {
  const { tables } = await outcomeInsights(shop, ANSWERS_PERIOD, ANSWERS_NOW);
  return Object.fromEntries(
    tables.answer.map((row) => [
      row.key,
      { orders: row.sums.orders, delivered: row.sums.delivered, returned: row.sums.returned },
    ]),
  );
};

/** The orders a figure's link lists, through the URL the page builds and the log reads back. */
const linked = async (shop: string, key: string, measure: OutcomeMeasure) => {
  const url = new URL(outcomeLogUrl({ dimension: "answer", key, measure, ...ANSWERS_PERIOD }), "https://x");
  const filter = readOutcomeFilter(url.searchParams);
  if (!filter) throw new Error(`the log cannot read ${url}`);
  return (await ordersWithOutcome(shop, filter)).sort();
};

describe("the buyer's answers to delivery incidents in the outcomes", () => {
  it("counts the delivered and returned orders by the latest incident answer, beside the confirmation's answers", async () => {
    const shop = shopDomain();
    await seedAnswerOrders(shop);
    // The period's orders: 1, 2, 3, 4, 5, 6 and 9 (10 is the 25th in Bogotá, 7 a test order).
    // New date: 1 (delivered), 4 (returned), 6 (incident open). Refuses: 2 (returned). Office: 3 (delivered; its
    // new address came first). New address: 9 (delivered). Confirmed: 1 to 6; 9 has no confirmation answer.
    expect(await byAnswer(shop)).toEqual({
      confirmed: { orders: 6, delivered: 3, returned: 2 },
      "": { orders: 1, delivered: 1, returned: 0 },
      incident_new_date: { orders: 3, delivered: 1, returned: 1 },
      incident_refused: { orders: 1, delivered: 0, returned: 1 },
      incident_office_pickup: { orders: 1, delivered: 1, returned: 0 },
      incident_new_address: { orders: 1, delivered: 1, returned: 0 },
    });
  });

  it("links each figure to exactly its orders", async () => {
    const shop = shopDomain();
    const { orderIds } = await seedAnswerOrders(shop);
    await seedAnswerOrders(shopDomain());
    expect(await linked(shop, "incident_new_date", "orders")).toEqual(orderIds([1, 4, 6]).sort());
    expect(await linked(shop, "incident_new_date", "delivered")).toEqual(orderIds([1]));
    expect(await linked(shop, "incident_new_date", "returned")).toEqual(orderIds([4]));
    expect(await linked(shop, "incident_refused", "returned")).toEqual(orderIds([2]));
    expect(await linked(shop, "incident_office_pickup", "delivered")).toEqual(orderIds([3]));
    // 23:30 on the 28th in Bogotá is the 28th's.
    expect(await linked(shop, "incident_new_address", "delivered")).toEqual(orderIds([9]));
    // The confirmation's answers are still their own rows.
    expect(await linked(shop, "confirmed", "returned")).toEqual(orderIds([2, 4]).sort());
    expect(await linked(shop, "incident_", "orders")).toEqual([]);
  });

  it("moves an order to its new row when its incident answer is recorded or changed", async () => {
    const shop = shopDomain();
    const { orderId } = await seedAnswerOrders(shop);
    expect(await projectOutcomes()).toBe(0);
    // Order 2's buyer takes back the refusal and asks for a new date; order 5 gets its first incident answer.
    const answer = (kind: "new_date" | "office_pickup") =>
      ({ answer: kind, incidentId: null, newDate: null, newAddress: null }) as const;
    await recordIncidentAnswer(
      shop,
      { id: `incident-${orderId(2).split("/").at(-1)}-0`, orderName: "#2", payload: null },
      orderId(2),
      answer("new_date"),
    );
    await recordIncidentAnswer(
      shop,
      { id: "incident-5-new", orderName: "#5", payload: null },
      orderId(5),
      answer("office_pickup"),
    );
    expect(await projectOutcomes()).toBe(2);
    const rows = await byAnswer(shop);
    expect(rows.incident_refused).toBeUndefined();
    expect(rows.incident_new_date).toEqual({ orders: 4, delivered: 1, returned: 2 });
    expect(rows.incident_office_pickup).toEqual({ orders: 2, delivered: 2, returned: 0 });
    // The confirmation's rows do not move.
    expect(rows.confirmed).toEqual({ orders: 6, delivered: 3, returned: 2 });
  });

  it("keeps an order's incident answer when a customer's redaction erases it", async () => {
    const shop = shopDomain();
    const { orderId } = await seedAnswerOrders(shop);
    await prisma.incidentAnswer.deleteMany({ where: { shop, orderId: orderId(4) } });
    // A later change of the parcel projects the order again.
    await prisma.supplierOrder.updateMany({ where: { shop, orderId: orderId(4) }, data: { carrier: "Coordinadora" } });
    expect(await projectOutcomes()).toBe(1);
    expect((await byAnswer(shop)).incident_new_date).toEqual({ orders: 3, delivered: 1, returned: 1 });
  });

  it("exports the incident answers in the page's words", async () => {
    const shop = shopDomain();
    await seedAnswerOrders(shop);
    const { text } = await exportOutcomes(shop, ANSWERS_PERIOD, "es-CO", ANSWERS_NOW);
    const lines = text.split("\r\n");
    expect(lines).toContain("Por respuesta del comprador;Pidió nueva fecha;3;3;3;0;1;1;1;100000,00;20000,00");
    expect(lines).toContain("Por respuesta del comprador;No quiere el paquete;1;1;1;0;0;1;0;0,00;50000,00");
    expect(lines).toContain("Por respuesta del comprador;Confirmó;6;6;6;0;3;2;1;250000,00;70000,00");
  });
});
