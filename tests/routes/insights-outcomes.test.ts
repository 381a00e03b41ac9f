import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { loader as loadLog } from "~/routes/app.deliveries._index/route";
import { action, loader as insightsLoader } from "~/routes/app.insights/route";
import { loader as exportLoader } from "~/routes/app.insights.export";
import { outcomeLogUrl } from "~/lib/outcomes";
import { addDays, localDayOf } from "~/lib/time-zone";
import { projectOutcomes } from "~/services/outcomes/project.server";
import { createDelivery, createSession, restOrder, shopDomain } from "../helpers/factories";
import { adminRequest, formBody } from "../helpers/requests";
import { ANSWERS_PERIOD, seedAnswerOrders } from "../services/outcomes/seed-answers";

const HOUR = 3_600_000;

/** Three orders of the last hours: Bogotá delivered (100,000), BOGOTÁ returned (40,000), Cali not shipped. */
let shops = 0;

async function shopWithOrders() {
  // Order ids are unique across shops (the platform's are): each shop's own.
  const base = 1000 * ++shops;
  const shop = shopDomain();
  await createSession(shop);
  await prisma.shopTimeZone.create({ data: { shop, timeZone: "America/Bogota", fetchedAt: new Date() } });
  const seed = [
    { id: 71, city: "Bogotá", total: "100000.00", stage: "delivered" },
    { id: 72, city: "BOGOTÁ", total: "40000.00", stage: "returned" },
    { id: 73, city: "Cali", total: "30000.00", stage: null },
  ];
  for (const [i, order] of seed.entries()) {
    const body = restOrder({
      id: base + order.id,
      name: `#${order.id}`,
      total_price: order.total,
      shipping_address: { first_name: "Ana", last_name: "Gomez", city: order.city, country_code: "CO" },
    });
    const orderId = `gid://shopify/Order/${base + order.id}`;
    await createDelivery(shop, {
      order: body,
      orderId,
      orderName: `#${order.id}`,
      status: "delivered",
      createdAt: new Date(Date.now() - (i + 1) * HOUR),
    });
    if (order.stage) {
      await prisma.supplierOrder.create({
        data: { shop, supplierOrderId: `SO-${order.id}`, orderId, carrier: "Servientrega", stage: order.stage },
      });
    }
  }
  await projectOutcomes();
  return shop;
}

const load = async (path: string, shop: string) =>
  loadLog({ request: await adminRequest(path, shop), params: {}, context: {} });

describe("the outcomes' routes", () => {
  it("filters the log to the orders behind a figure: a city's returned, the period's delivered", async () => {
    const shop = await shopWithOrders();
    const other = await shopWithOrders();
    const days = await prisma.orderOutcome.findMany({ where: { shop }, select: { day: true } });
    const [from, to] = [
      days.map((d) => d.day).sort()[0],
      days
        .map((d) => d.day)
        .sort()
        .at(-1) as string,
    ];
    const city = await load(
      `/app/deliveries?outcome=city&outcomeKey=bogota&measure=orders&from=${from}&to=${to}`,
      shop,
    );
    expect(city.deliveries.map((row) => row.orderName).sort()).toEqual(["#71", "#72"]);
    const returned = await load(`/app/deliveries?outcome=all&measure=returned&from=${from}&to=${to}`, shop);
    expect(returned.deliveries.map((row) => row.orderName)).toEqual(["#72"]);
    expect(returned.total).toBe(1);
    // Another shop's same orders never show, and a half-written filter is no filter.
    expect((await load(`/app/deliveries?outcome=all&measure=delivered&from=${from}&to=${to}`, other)).total).toBe(1);
    expect((await load(`/app/deliveries?outcome=city&measure=lost&from=${from}&to=${to}`, shop)).total).toBe(3);
  });

  it("filters the log to the orders of one answer to a delivery incident, from the figure's URL", async () => {
    const shop = shopDomain();
    await createSession(shop);
    const { orderIds } = await seedAnswerOrders(shop);
    await seedAnswerOrders(shopDomain());
    const url = outcomeLogUrl({
      dimension: "answer",
      key: "incident_new_date",
      measure: "returned",
      ...ANSWERS_PERIOD,
    });
    const returned = await load(url, shop);
    // New date asked: 1 (delivered), 4 (returned), 6 (incident open); the other shop's order 4 never shows.
    expect(returned.deliveries.map((row) => row.orderId)).toEqual(orderIds([4]));
    const all = await load(url.replace("measure=returned", "measure=orders"), shop);
    expect(all.deliveries.map((row) => row.orderName).sort()).toEqual(["#1", "#4", "#6"]);
  });

  it("saves a carrier's return freight, and refuses an amount that is not one with its field and code", async () => {
    const shop = await shopWithOrders();
    const act = async (fields: Record<string, string>) => {
      const response = await action({
        request: await adminRequest("/app/insights", shop, formBody(fields)),
        params: {},
        context: {},
      });
      return { status: response.status, body: await response.json() };
    };
    expect(await act({ intent: "freight", carrier: "Servientrega", amount: "abc" })).toMatchObject({
      status: 400,
      body: { success: false, code: "amount_invalid", field: "amount" },
    });
    expect(await act({ intent: "freight", carrier: "Servientrega", amount: "18000" })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect(await act({ intent: "nope" })).toMatchObject({ status: 400, body: { success: false } });
    const saved = await prisma.carrierReturnFreight.findUniqueOrThrow({
      where: { shop_carrierKey: { shop, carrierKey: "servientrega" } },
    });
    expect(saved.amountCents).toBe(1_800_000n);
  });

  it("exports the same figures as CSV, in the shop's days, Spanish with its separator and decimal mark", async () => {
    const shop = await shopWithOrders();
    await prisma.carrierReturnFreight.create({
      data: { shop, carrierKey: "servientrega", carrier: "Servientrega", amountCents: 1_800_000n },
    });
    const response = await exportLoader({
      request: await adminRequest("/app/insights/export?days=7&locale=es-CO", shop),
      params: {},
      context: {},
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/csv");
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Sección;Nombre;Pedidos;Confirmados por el comprador;Despachados;En tránsito;Entregados;Devueltos;Con novedad;Recaudado en entregas;Valor de las devoluciones",
    );
    // Bogotá: 2 orders, both shipped, 1 delivered (100.000,00), 1 returned (40.000,00).
    expect(lines.find((line) => line.startsWith("Por ciudad;Bog"))).toMatch(
      /^Por ciudad;(Bogotá|BOGOTÁ);2;0;2;0;1;1;0;100000,00;40000,00$/,
    );
    expect(lines).toContain("Por ciudad;Cali;1;0;0;0;0;0;0;0,00;0,00");
    // One return with Servientrega at 18.000,00.
    expect(lines).toContain("Flete de devoluciones;Servientrega;;;;;;;;;;18000,00");
    const bad = await exportLoader({
      request: await adminRequest("/app/insights/export?from=yesterday", shop),
      params: {},
      context: {},
    });
    expect(bad.status).toBe(400);
  });

  it("reads the outcomes' period from the URL, and a bad one is a message on the page, not a failure", async () => {
    const shop = await shopWithOrders();
    const today = localDayOf(new Date(), "America/Bogota");
    const page = async (query: string) =>
      (await insightsLoader({ request: await adminRequest(`/app/insights${query}`, shop), params: {}, context: {} }))
        .outcomes;
    // Yesterday and today: the orders of the last hours, whatever the hour the test runs at.
    const from = addDays(today, -1);
    const asked = await page(`?from=${from}&to=${today}`);
    expect(asked).toMatchObject({ from, to: today, today, refusal: null });
    expect(asked.totals.orders).toBe(3);
    for (const query of ["?from=2026-13-01&to=2026-11-20", "?from=2999-01-01&to=2999-01-02", "?to=ayer"]) {
      const refused = await page(query);
      expect(refused.refusal, query).not.toBeNull();
      expect(refused.to).toBe(today);
    }
  });

  it("exports the period the page shows, and refuses with its field a period the page would refuse", async () => {
    const shop = await shopWithOrders();
    const today = localDayOf(new Date(), "America/Bogota");
    const file = await exportLoader({
      request: await adminRequest(`/app/insights/export?from=${today}&to=${today}&locale=en`, shop),
      params: {},
      context: {},
    });
    expect(file.headers.get("Content-Disposition")).toContain(`-${today}-${today}.csv`);
    const refused = await exportLoader({
      request: await adminRequest(`/app/insights/export?from=${today}&to=2999-01-01`, shop),
      params: {},
      context: {},
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ success: false, code: "period_invalid", field: "to" });
  });
});
