import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { insertStatusEvent, applyStatusEvents } from "~/services/journey/record.server";
import { journeyForOrder, unmatchedSupplierOrders } from "~/services/journey/read.server";
import { shopDomain } from "../../helpers/factories";

const ORDER = { orderId: "gid://shopify/Order/5829301847221", orderName: "#1042" };

async function journey(shop: string, supplierOrderId: string, statuses: [string, string][]) {
  for (const [rawStatus, at] of statuses) {
    await insertStatusEvent(shop, "push", { supplierOrderId, rawStatus, reportedAt: new Date(at) });
  }
  await applyStatusEvents(shop, supplierOrderId, { storeOrder: ORDER });
}

describe("journeyForOrder", () => {
  it("gives nothing for an order with no supplier order", async () => {
    expect(await journeyForOrder(shopDomain(), ORDER.orderId)).toEqual([]);
  });

  it("gives each supplier order of the store order with its own history in the carrier's order", async () => {
    const shop = shopDomain();
    await journey(shop, "A", [
      ["EN REPARTO", "2026-11-27T08:00:00Z"],
      ["GUIA_GENERADA", "2026-11-24T10:00:00Z"],
    ]);
    await journey(shop, "B", [["NOVEDAD", "2026-11-26T09:00:00Z"]]);
    const journeys = await journeyForOrder(shop, ORDER.orderId);
    expect(journeys.map((entry) => [entry.supplierOrderId, entry.stage, entry.openIncident])).toEqual([
      ["A", "out_for_delivery", null],
      ["B", "unknown", "NOVEDAD"],
    ]);
    expect(journeys[0]).toMatchObject({ stageSince: "2026-11-27T08:00:00.000Z", matchedBy: "callback" });
    expect(journeys[0].history.map((entry) => entry.rawStatus)).toEqual(["GUIA_GENERADA", "EN REPARTO"]);
    expect(journeys[1].history).toHaveLength(1);
  });

  it("never gives another shop's supplier orders for the same order id", async () => {
    const shop = shopDomain();
    await journey(shopDomain(), "A", [["ENTREGADO", "2026-11-27T08:00:00Z"]]);
    expect(await journeyForOrder(shop, ORDER.orderId)).toEqual([]);
    expect(await prisma.supplierOrder.count()).toBe(1);
  });

  it("lists the shop's supplier orders no store order was found for, and only those", async () => {
    const shop = shopDomain();
    await journey(shop, "A", [["EN TRANSITO", "2026-11-25T08:00:00Z"]]);
    await insertStatusEvent(shop, "push", { supplierOrderId: "B", rawStatus: "EN ADUANA", shopOrderRef: "#9999" });
    await applyStatusEvents(shop, "B");
    await insertStatusEvent(shopDomain(), "push", { supplierOrderId: "C", rawStatus: "NOVEDAD" });
    const unmatched = await unmatchedSupplierOrders(shop);
    expect(unmatched.map((order) => [order.supplierOrderId, order.rawStatus, order.shopOrderRef])).toEqual([
      ["B", "EN ADUANA", "#9999"],
    ]);
  });
});
