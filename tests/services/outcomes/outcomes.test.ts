import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { outcomeInsights } from "~/services/outcomes/insights.server";
import { projectOutcomes } from "~/services/outcomes/project.server";
import { saveReturnFreight } from "~/services/outcomes/freight.server";
import { createDelivery, restOrder, shopDomain } from "../../helpers/factories";

// Noon in Bogotá (UTC-5) on 28 November: the shop's "today".
const NOW = new Date("2026-11-28T17:00:00Z");

/**
 * The seeded journeys. Each figure the tests expect is counted by hand from this table below, never by the code
 * under test. `at` is UTC: 2026-11-28T03:00Z is still the 27th in Bogotá.
 */
const JOURNEYS = [
  // id, arrived (UTC), city as written, department, product, total, flow, answer, stage, carrier, incident
  {
    id: 1,
    at: "2026-11-26T15:00:00Z",
    city: "Bogotá",
    dept: "Cundinamarca",
    product: 331,
    total: "100000.00",
    flow: "f1",
    answer: "confirmed",
    stage: "delivered",
    carrier: "Servientrega",
  },
  {
    id: 2,
    at: "2026-11-26T16:00:00Z",
    city: "BOGOTA",
    dept: "cundinamarca",
    product: 331,
    total: "50000.00",
    flow: "f1",
    answer: "confirmed",
    stage: "returned",
    carrier: "SERVIENTREGA ",
  },
  {
    id: 3,
    at: "2026-11-27T14:00:00Z",
    city: "Medellín",
    dept: "Antioquia",
    product: 332,
    total: "80000.00",
    flow: "f1",
    answer: "confirmed",
    stage: "in_transit",
    carrier: "Interrapidísimo",
  },
  {
    id: 4,
    at: "2026-11-28T03:00:00Z",
    city: "medellin",
    dept: "Antioquia",
    product: 332,
    total: "20000.00",
    flow: "f2",
    answer: "refused",
    stage: null,
    carrier: null,
  },
  {
    id: 5,
    at: "2026-11-28T13:00:00Z",
    city: "Cali",
    dept: "Valle del Cauca",
    product: 331,
    total: "70000.00",
    flow: "f2",
    answer: "confirmed",
    stage: "in_transit",
    carrier: "Interrapidísimo",
    incident: "DIRECCION ERRADA",
  },
  {
    id: 6,
    at: "2026-11-28T14:00:00Z",
    city: "Cali",
    dept: "Valle del Cauca",
    product: 332,
    total: "30000.00",
    flow: "f1",
    answer: null,
    stage: null,
    carrier: null,
  },
  // Outside the period (the 20th) and a test order: neither is counted.
  {
    id: 7,
    at: "2026-11-20T15:00:00Z",
    city: "Bogotá",
    dept: "Cundinamarca",
    product: 331,
    total: "999.00",
    flow: "f1",
    answer: "confirmed",
    stage: "delivered",
    carrier: "Servientrega",
  },
  {
    id: 8,
    at: "2026-11-27T15:00:00Z",
    city: "Bogotá",
    dept: "Cundinamarca",
    product: 331,
    total: "999.00",
    flow: "f1",
    answer: "confirmed",
    stage: "delivered",
    carrier: "Servientrega",
    test: true,
  },
];
const TITLES: Record<number, string> = { 331: "Lampara LED", 332: "Reloj Pulsera" };

async function seedJourneys(shop: string) {
  await prisma.shopTimeZone.create({ data: { shop, timeZone: "America/Bogota", fetchedAt: NOW } });
  // The lamp is linked to a supplier product: it is named by the supplier's name.
  await prisma.productAssociation.create({
    data: {
      shop,
      supplierProductId: "sp-1",
      platformProductId: "gid://shopify/Product/331",
      supplierProductName: "Lámpara LED recargable",
      platformProductTitle: "Lampara LED",
    },
  });
  for (const journey of JOURNEYS) {
    const orderId = `gid://shopify/Order/${journey.id}`;
    const order = restOrder({
      id: journey.id,
      name: `#${1000 + journey.id}`,
      total_price: journey.total,
      line_items: [
        {
          id: journey.id,
          name: `${TITLES[journey.product]} - Negro`,
          title: TITLES[journey.product],
          quantity: 1,
          price: journey.total,
          product_id: journey.product,
        },
      ],
      shipping_address: {
        first_name: "Ana",
        last_name: "Gomez",
        city: journey.city,
        province: journey.dept,
        country_code: "CO",
        phone: "+573001112233",
      },
    });
    await createDelivery(shop, {
      order,
      orderId,
      status: "delivered",
      flowId: journey.flow,
      createdAt: new Date(journey.at),
      deliveredAt: new Date(journey.at),
      test: journey.test ?? false,
    });
    if (journey.answer) {
      await prisma.orderAnswer.create({
        data: { shop, orderId, answer: journey.answer, answeredAt: new Date(journey.at) },
      });
    }
    if (journey.stage) {
      await prisma.supplierOrder.create({
        data: {
          shop,
          supplierOrderId: `SO-${journey.id}`,
          orderId,
          carrier: journey.carrier,
          stage: journey.stage,
          openIncident: journey.incident ?? null,
        },
      });
    }
  }
  await projectOutcomes();
}

const PERIOD = { from: "2026-11-26", to: "2026-11-28" };

describe("outcomes by the shop's day", () => {
  it("counts the funnel, the outcomes and the money of the period's orders, test orders and older days left out", async () => {
    const shop = shopDomain();
    await seedJourneys(shop);
    const insights = await outcomeInsights(shop, PERIOD, NOW);
    // Orders 1 to 6 (7 is before the period, 8 a test order). Confirmed by the buyer: 1, 2, 3, 5. Shipped (handed
    // to the carrier or later): 1, 2, 3, 5. Delivered: 1; returned: 2; on the way: 3; incident open: 5.
    expect(insights.totals).toEqual({
      orders: 6,
      confirmed: 4,
      shipped: 4,
      onTheWay: 1,
      delivered: 1,
      returned: 1,
      incident: 1,
      valueDelivered: 10_000_000,
      valueReturned: 5_000_000,
    });
    expect(insights.currency).toBe("COP");
  });

  it("cuts the days at the shop's midnight, not UTC's", async () => {
    const shop = shopDomain();
    await seedJourneys(shop);
    const { days } = await outcomeInsights(shop, PERIOD, NOW);
    // 26th: 1, 2. 27th: 3 and 4 (03:00 UTC on the 28th is 22:00 on the 27th in Bogotá). 28th: 5, 6.
    expect(days.map((day) => [day.day, day.orders, day.delivered, day.returned])).toEqual([
      ["2026-11-26", 2, 1, 1],
      ["2026-11-27", 2, 0, 0],
      ["2026-11-28", 2, 0, 0],
    ]);
  });

  it("groups places and carriers whatever their case and accents, named as first written", async () => {
    const shop = shopDomain();
    await seedJourneys(shop);
    const { tables } = await outcomeInsights(shop, PERIOD, NOW);
    const rows = (table: typeof tables.city) => table.map((row) => [row.key, row.sums.orders, row.sums.delivered]);
    expect(rows(tables.city).sort()).toEqual([
      ["bogota", 2, 1],
      ["cali", 2, 0],
      ["medellin", 2, 0],
    ]);
    // Shown as the merchant wrote it: one of the spellings of its orders, never the folded key.
    const label = (key: string) => tables.city.find((row) => row.key === key)?.label;
    expect(["Bogotá", "BOGOTA"]).toContain(label("bogota"));
    expect(["Medellín", "medellin"]).toContain(label("medellin"));
    expect(label("cali")).toBe("Cali");
    expect(rows(tables.department).map((row) => row[1])).toEqual([2, 2, 2]);
    // Carriers of the orders with a parcel (1, 2: Servientrega; 3, 5: Interrapidísimo), and "" for 4 and 6.
    expect(tables.carrier.map((row) => [row.key, row.sums.orders, row.sums.returned]).sort()).toEqual([
      ["", 2, 0],
      ["interrapidisimo", 2, 0],
      ["servientrega", 2, 1],
    ]);
  });

  it("names a linked product by the supplier's name and another by the store's title", async () => {
    const shop = shopDomain();
    await seedJourneys(shop);
    const { tables } = await outcomeInsights(shop, PERIOD, NOW);
    // The lamp: 1, 2, 5 (value delivered: order 1's 100,000). The watch: 3, 4, 6.
    expect(tables.product.map((row) => [row.label, row.sums.orders, row.sums.valueDelivered])).toEqual([
      ["Lámpara LED recargable", 3, 10_000_000],
      ["Reloj Pulsera", 3, 0],
    ]);
  });

  it("counts by flow and by the buyer's answer", async () => {
    const shop = shopDomain();
    await seedJourneys(shop);
    const { tables } = await outcomeInsights(shop, PERIOD, NOW);
    // f1: 1, 2, 3, 6; f2: 4, 5. Answers: confirmed 1, 2, 3, 5; refused 4; none 6.
    expect(tables.flow.map((row) => [row.key, row.sums.orders, row.sums.confirmed])).toEqual([
      ["f1", 4, 3],
      ["f2", 2, 1],
    ]);
    expect(tables.answer.map((row) => [row.key, row.sums.orders])).toEqual([
      ["confirmed", 4],
      ["", 1],
      ["refused", 1],
    ]);
  });

  it("counts an order received twice once, by its earliest delivery", async () => {
    const shop = shopDomain();
    const orderId = "gid://shopify/Order/9";
    const order = restOrder({ id: 9, name: "#1009", total_price: "40000.00" });
    // The later delivery is stored first: the earliest one is found by its time, not by the order rows come back in.
    await createDelivery(shop, { order, orderId, flowId: "f2", createdAt: new Date("2026-11-27T15:00:00Z") });
    await createDelivery(shop, {
      order,
      orderId,
      resourceId: null,
      flowId: "f1",
      createdAt: new Date("2026-11-26T15:00:00Z"),
    });
    expect(await projectOutcomes()).toBe(1);
    const insights = await outcomeInsights(shop, PERIOD, NOW);
    expect(insights.totals.orders).toBe(1);
    expect(insights.tables.flow.map((row) => [row.key, row.sums.orders])).toEqual([["f1", 1]]);
    expect(insights.days.map((day) => day.orders)).toEqual([1, 0, 0]);
  });

  it("costs the period's returns at each carrier's return freight", async () => {
    const shop = shopDomain();
    await seedJourneys(shop);
    await saveReturnFreight(shop, { carrier: "Servientrega", amount: "18000" });
    await saveReturnFreight(shop, { carrier: "Interrapidísimo", amount: "15500.50" });
    const { freight } = await outcomeInsights(shop, PERIOD, NOW);
    // One return, with Servientrega: 18,000.00.
    expect(freight.totalCostCents).toBe(1_800_000);
    expect(freight.carriers.find((row) => row.carrierKey === "interrapidisimo")).toMatchObject({
      returned: 0,
      amountCents: 1_550_050,
      costCents: 0,
    });
  });

  it("moves the sums by the difference when a parcel comes back after it was delivered", async () => {
    const shop = shopDomain();
    await seedJourneys(shop);
    await prisma.supplierOrder.update({
      where: { shop_supplierOrderId: { shop, supplierOrderId: "SO-1" } },
      data: { stage: "returned" },
    });
    expect(await projectOutcomes()).toBe(1);
    const insights = await outcomeInsights(shop, PERIOD, NOW);
    expect(insights.totals).toMatchObject({
      orders: 6,
      delivered: 0,
      returned: 2,
      valueDelivered: 0,
      valueReturned: 15_000_000,
    });
    expect(insights.tables.carrier.find((row) => row.key === "servientrega")?.sums.returned).toBe(2);
    // Nothing changed since: nothing to project.
    expect(await projectOutcomes()).toBe(0);
  });

  it("keeps an order's place and value when retention erases its buyer summary", async () => {
    const shop = shopDomain();
    await seedJourneys(shop);
    await prisma.delivery.updateMany({ where: { shop }, data: { buyer: null, payload: null } });
    await projectOutcomes();
    const { totals, tables } = await outcomeInsights(shop, PERIOD, NOW);
    expect(totals.valueDelivered).toBe(10_000_000);
    expect(tables.city.map((row) => row.sums.orders)).toEqual([2, 2, 2]);
  });

  it("refuses a return freight that is not an amount, naming the field", async () => {
    const shop = shopDomain();
    await expect(saveReturnFreight(shop, { carrier: "Servientrega", amount: "18.000,50" })).rejects.toMatchObject({
      status: 400,
      code: "amount_invalid",
      field: "amount",
    });
    await expect(saveReturnFreight(shop, { carrier: " ", amount: "1" })).rejects.toMatchObject({
      code: "carrier_required",
    });
  });
});
