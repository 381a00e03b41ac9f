import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./harness/axe";
import { BROWSER_DATABASE, browserDatabase, seedDeliveries } from "./harness/database";
import { useAdmin } from "./harness/fixture";
import { configuredShop } from "./harness/seed";
import { newShopFrom } from "./harness/shops";
import { shown } from "./harness/shown";

const HOUR = 3_600_000;

/**
 * Five orders of the last days in Bogotá: delivered (Bogotá, Servientrega), returned (BOGOTÁ, Servientrega), in
 * transit (Medellín, Coordinadora), an open incident whose buyer asked for a new date (Cali, Coordinadora) and one
 * not shipped (Cali). Figures by hand:
 * 5 orders, 4 confirmed by the buyer, 4 shipped, 1 delivered (120,000), 1 returned (80,000); Servientrega's return
 * freight 18,000 × 1 return.
 */
const ORDERS = [
  {
    name: "5001",
    city: "Bogotá",
    dept: "Cundinamarca",
    total: "120000.00",
    answer: "confirmed",
    stage: "delivered",
    carrier: "Servientrega",
  },
  {
    name: "5002",
    city: "BOGOTÁ",
    dept: "Cundinamarca",
    total: "80000.00",
    answer: "confirmed",
    stage: "returned",
    carrier: "Servientrega",
  },
  {
    name: "5003",
    city: "Medellín",
    dept: "Antioquia",
    total: "60000.00",
    answer: "confirmed",
    stage: "in_transit",
    carrier: "Coordinadora",
  },
  {
    name: "5004",
    city: "Cali",
    dept: "Valle del Cauca",
    total: "50000.00",
    answer: "confirmed",
    stage: "in_transit",
    carrier: "Coordinadora",
    incident: "NOVEDAD",
    incidentAnswer: "new_date",
  },
  {
    name: "5005",
    city: "Cali",
    dept: "Valle del Cauca",
    total: "40000.00",
    answer: "refused",
    stage: null,
    carrier: null,
  },
];

async function shopWithOutcomes() {
  const seeded = await newShopFrom("outcomes", configuredShop());
  const { shop } = seeded;
  const db = browserDatabase();
  await db.shopTimeZone.create({ data: { shop, timeZone: "America/Bogota", fetchedAt: new Date() } });
  await seedDeliveries(
    shop,
    ORDERS.map((order, i) => ({
      id: seeded.deliveryId(order.name),
      eventId: `event:${randomUUID()}`,
      topic: "orders/create",
      orderName: `#${order.name}`,
      orderId: `gid://shopify/Order/9${order.name}`,
      status: "delivered",
      attempts: 1,
      flowId: "flow_nuevos",
      createdAt: new Date(Date.now() - (i + 1) * HOUR),
      deliveredAt: new Date(Date.now() - (i + 1) * HOUR),
      buyer: JSON.stringify({
        name: "Ana Gomez",
        city: order.city,
        province: order.dept,
        total: order.total,
        currency: "COP",
        products: [{ title: "Lampara LED - Blanca", quantity: 1, productTitle: "Lampara LED" }],
      }),
    })),
  );
  for (const order of ORDERS) {
    const orderId = `gid://shopify/Order/9${order.name}`;
    await db.orderAnswer.create({ data: { shop, orderId, answer: order.answer, answeredAt: new Date() } });
    if (order.incidentAnswer) {
      await db.incidentAnswer.create({
        data: {
          shop,
          deliveryId: `${seeded.deliveryId(order.name)}-incident`,
          orderId,
          orderName: `#${order.name}`,
          answer: order.incidentAnswer,
          answeredAt: new Date(),
        },
      });
    }
    if (order.stage) {
      await db.supplierOrder.create({
        data: {
          shop,
          supplierOrderId: `SO-${order.name}`,
          orderId,
          orderName: `#${order.name}`,
          carrier: order.carrier,
          stage: order.stage,
          openIncident: order.incident ?? null,
        },
      });
    }
  }
  await db.carrierReturnFreight.create({
    data: { shop, carrierKey: "servientrega", carrier: "Servientrega", amountCents: 1_800_000n },
  });
  // The app under test runs no periodic jobs: the projection the job would run, on the app's database.
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/project-outcomes.ts"], {
    env: { ...process.env, DATABASE_URL: `file:${BROWSER_DATABASE}` },
    encoding: "utf8",
  });
  expect(run.stdout).toMatch(/^\d+ orders projected/);
  return seeded;
}

const WORDS = {
  es: { title: "A dónde va tu dinero", delivered: "Entregados", orders: "Pedidos", newDate: "Pidió nueva fecha" },
  en: { title: "Where the money goes", delivered: "Delivered", orders: "Orders", newDate: "Asked for a new date" },
};

describe("the outcomes on the insights page", () => {
  const admin = useAdmin();

  for (const [locale, width] of [
    ["es", 1400],
    ["en", 390],
    ["en", 1400],
    ["es", 390],
  ] as const) {
    it(`shows the funnel, the money and tables whose figures open their orders (${locale}, ${width} px)`, async () => {
      const words = WORDS[locale];
      const es = locale === "es";
      const seeded = await shopWithOutcomes();
      const page = await admin.open(seeded.shop, "/app/insights", locale, width);
      await shown(page.getByRole("heading", { name: words.title }));
      // Money in the shop's currency, as the admin's locale writes it.
      await shown(page.getByText(/120[.,]000/).first());
      await shown(page.getByText(/80[.,]000/).first());
      await shown(page.getByText(/18[.,]000/).first());
      // The funnel's delivered figure links to the delivered orders of the period.
      const delivered = page.getByRole("link", { name: `1 ${words.delivered}`, exact: true });
      const href = await delivered.first().getAttribute("href");
      expect(href).toContain("outcome=all");
      expect(href).toContain("measure=delivered");
      // The city table groups Bogotá and BOGOTÁ as one row of 2 orders, its count a link to them.
      const bogota = page
        .getByRole("link", { name: new RegExp(`^2 ${es ? "Pedidos" : "Orders"}, (Bogotá|BOGOTÁ)$`) })
        .filter({ visible: true });
      await shown(bogota.first());
      expect(await bogota.first().getAttribute("href")).toContain("outcome=city&measure=orders");
      expect(await bogota.first().getAttribute("href")).toContain("outcomeKey=bogota");
      // The incident's answer is a row of the answer table, in the order block's words, its count a link.
      const newDate = page
        .getByRole("link", { name: `1 ${words.orders}, ${words.newDate}`, exact: true })
        .filter({ visible: true });
      await shown(newDate.first());
      expect(await newDate.first().getAttribute("href")).toContain("outcomeKey=incident_new_date");
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: path.resolve(`docs/screenshots/insights-outcomes-${locale}-${width}.png`),
        fullPage: true,
      });
      expect(await seriousAxeFindings(page)).toEqual([]);

      // The figure's orders in the log: the delivered one alone.
      const log = await admin.open(seeded.shop, href as string, locale, width);
      const rows = log
        .locator("tr, li")
        .filter({ visible: true })
        .filter({ hasText: /#500\d/ });
      await shown(rows.filter({ hasText: "#5001" }).first());
      expect(await rows.count()).toBe(1);
    });
  }
});
