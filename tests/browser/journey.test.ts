import { randomUUID } from "node:crypto";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./harness/axe";
import { SCREENSHOT_DIR, screenshot } from "./harness/browser";
import { browserDatabase, seedDeliveries } from "./harness/database";
import { useAdmin } from "./harness/fixture";
import { configuredShop } from "./harness/seed";
import { newShopFrom } from "./harness/shops";
import { shown } from "./harness/shown";

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
// 15:30 UTC, printed in the shop's zone (Bogotá, 10:30).
const DELIVERED_AT = new Date("2026-11-25T15:30:00Z");

/**
 * Six orders sent to the flow, five with a parcel at the supplier marketplace: in transit with Servientrega for six
 * days (its carrier usually takes four), an open incident, delivered, returned, and a status nobody recognises; the
 * sixth has no supplier order yet.
 */
async function shopWithParcels() {
  const seeded = await newShopFrom("journey", configuredShop());
  const { shop } = seeded;
  const db = browserDatabase();
  await db.shopTimeZone.create({ data: { shop, timeZone: "America/Bogota", fetchedAt: new Date() } });
  const names = ["4001", "4002", "4003", "4004", "4005", "4006"];
  await seedDeliveries(
    shop,
    names.map((name, i) => ({
      id: seeded.deliveryId(name),
      eventId: `event:${randomUUID()}`,
      topic: "orders/create",
      orderName: `#${name}`,
      orderId: `gid://shopify/Order/8${name}`,
      status: "delivered",
      attempts: 1,
      deliveredAt: new Date(Date.now() - (i + 1) * 60_000),
      createdAt: new Date(Date.now() - (i + 1) * 60_000),
    })),
  );
  const parcel = (name: string, data: Record<string, unknown>) =>
    db.supplierOrder.create({
      data: {
        shop,
        supplierOrderId: `SO-${name}`,
        orderId: `gid://shopify/Order/8${name}`,
        orderName: `#${name}`,
        guide: `24001${name}`,
        carrier: "Servientrega",
        ...data,
      },
    });
  await parcel("4001", { stage: "in_transit", rawStatus: "EN TRANSITO", stageSince: daysAgo(6.2) });
  await parcel("4002", {
    stage: "in_transit",
    rawStatus: "NOVEDAD",
    stageSince: daysAgo(1),
    openIncident: "NOVEDAD",
    incidentSince: daysAgo(1),
    carrier: "Coordinadora",
  });
  await parcel("4003", { stage: "delivered", rawStatus: "ENTREGADA", stageSince: DELIVERED_AT });
  await parcel("4004", { stage: "returned", rawStatus: "DEVUELTO", stageSince: daysAgo(2) });
  await parcel("4005", { stage: "unknown", rawStatus: "EN ESPERA DE RECOLECCION", stageSince: null, guide: null });
  return seeded;
}

const WORDS = {
  es: {
    on: "En camino",
    incident: "Novedad",
    delivered: "Entregado",
    returned: "Devuelto",
    unknown: "Estado sin reconocer",
  },
  en: {
    on: "On its way",
    incident: "Incident",
    delivered: "Delivered",
    returned: "Returned",
    unknown: "Status not recognised",
  },
};

describe("the parcel's journey where the merchant looks", () => {
  const admin = useAdmin();

  for (const [locale, width] of [
    ["es", 1400],
    ["en", 390],
    ["en", 1400],
    ["es", 390],
  ] as const) {
    it(`the log's parcel column and filter, home's still parcels and their link (${locale}, ${width} px)`, async () => {
      const es = locale === "es";
      const words = WORDS[locale];
      const seeded = await shopWithParcels();
      const page = await admin.open(seeded.shop, "/app/deliveries", locale, width);
      const rows = page.locator("tr, li").filter({ visible: true });
      const row = (name: string) => rows.filter({ hasText: `#${name}` }).first();
      const parcel = (name: string) => row(name).locator("[data-parcel]");
      // What the merchant reads in the cell: the badge's tone word is for screen readers (visually hidden).
      const cell = async (name: string) =>
        (await parcel(name).innerText()).replace(
          /^(Información|Info|Atención|Attention|Advertencia|Warning|Logrado|Success|Complete|Crítico|Critical)\n/,
          "",
        );

      await expect.poll(() => parcel("4001").getAttribute("data-parcel")).toBe("on_the_way");
      expect(await cell("4001")).toMatch(
        new RegExp(
          `^${words.on}\\s+${es ? "Guía" : "Tracking"} 240014001 · Servientrega\\s+${es ? "Desde" : "Since"} `,
        ),
      );
      expect(await cell("4002")).toMatch(
        es
          ? /^Novedad\s+Novedad: NOVEDAD, desde .*\s+Guía 240014002 · Coordinadora/
          : /^Incident\s+Incident: NOVEDAD, since /,
      );
      // Delivered on the 25th at 10:30 in Bogotá (15:30 UTC).
      expect(await cell("4003")).toMatch(new RegExp(`^${words.delivered}[\\s\\S]*25[\\s\\S]*10:30`));
      expect(await cell("4004")).toMatch(new RegExp(`^${words.returned}`));
      expect(await cell("4005")).toMatch(new RegExp(`^${words.unknown}\\s+EN ESPERA DE RECOLECCION`));
      // No supplier order yet: the column says nothing rather than a guess.
      await shown(row("4006"));
      expect(await parcel("4006").count()).toBe(0);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      await screenshot(page, `journey-log-${locale}-${width}`);
      expect(await seriousAxeFindings(page)).toEqual([]);

      // The filter: incidents alone.
      await page.getByLabel(es ? "Envío" : "Parcel", { exact: true }).selectOption("incident");
      await expect.poll(() => new URL(page.url()).searchParams.get("journey")).toBe("incident");
      await expect.poll(() => rows.filter({ hasText: /#400\d/ }).count()).toBe(1);
      await shown(row("4002"));

      // Home: the parcel still past its carrier's days, in words, with a link to those orders.
      const home = await admin.open(seeded.shop, "/app", locale, width);
      await shown(home.getByRole("heading", { name: es ? "Paquetes sin movimiento" : "Parcels not moving" }));
      await shown(
        home.getByText(
          es
            ? "1 paquete lleva quieto más tiempo del que su transportadora suele tardar."
            : "1 parcel has been still for longer than its carrier usually takes.",
        ),
      );
      await shown(
        home.getByText(
          es
            ? "En tránsito desde hace 6 días (lo normal: hasta 4 días)"
            : "In transit for 6 days (usually up to 4 days)",
        ),
      );
      expect(await home.getByText(/\b0 (días|days)\b/).count()).toBe(0);
      await screenshot(home, `journey-home-stalled-${locale}-${width}`);
      expect(await seriousAxeFindings(home)).toEqual([]);
      const link = home.getByRole("link", { name: es ? "Ver estos pedidos" : "View these orders" });
      expect(await link.getAttribute("href")).toContain("/app/deliveries?journey=stalled");
      // The link's log: the still parcel's order alone, the filter saying so.
      const stalled = await admin.open(seeded.shop, "/app/deliveries?journey=stalled", locale, width);
      const stalledRows = stalled
        .locator("tr, li")
        .filter({ visible: true })
        .filter({ hasText: /#400\d/ });
      await shown(stalledRows.filter({ hasText: "#4001" }).first());
      expect(await stalledRows.count()).toBe(1);
      expect(await stalled.getByLabel(es ? "Envío" : "Parcel", { exact: true }).inputValue()).toBe("stalled");
    });
  }

  for (const [locale, width] of [
    ["es", 390],
    ["en", 1400],
  ] as const) {
    it(`the supplier settings set a carrier's days, and home follows them (${locale}, ${width} px)`, async () => {
      const es = locale === "es";
      const seeded = await shopWithParcels();
      const page = await admin.open(seeded.shop, "/app/settings", locale, width);
      const card = page.locator("#carrier-pace");
      await shown(
        card.getByText(es ? "Cuánto tarda normalmente cada transportadora" : "How long each carrier usually takes"),
      );
      await card.getByLabel(es ? "Transportadora" : "Carrier", { exact: true }).selectOption("servientrega");
      const transit = card.getByLabel(es ? "En tránsito" : "In transit", { exact: true });
      expect(await transit.inputValue()).toBe("4");
      await transit.fill("0");
      await shown(card.getByText(es ? "Escribe días enteros del 1 al 60" : "Enter whole days from 1 to 60"));
      await transit.fill("10");
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `journey-settings-pace-${locale}-${width}`);
      // The card alone, readable in the gallery at phone width.
      await card.screenshot({ path: path.join(SCREENSHOT_DIR, `journey-settings-pace-card-${locale}-${width}.png`) });
      expect(await seriousAxeFindings(page)).toEqual([]);
      await card.getByRole("button", { name: es ? "Guardar tiempos" : "Save times" }).click();
      await expect.poll(() => page.getByTestId("toast").textContent()).toBe(es ? "Tiempos guardados" : "Times saved");
      const saved = await browserDatabase().supplierJourneySettings.findUniqueOrThrow({ where: { shop: seeded.shop } });
      expect(JSON.parse(saved.carrierPace).servientrega.in_transit).toBe(10);

      // Six days in transit is within ten: home no longer lists it.
      const home = await admin.open(seeded.shop, "/app", locale, width);
      await shown(
        home
          .getByRole("heading", { name: es ? "Inicio" : "Home" })
          .or(home.locator("h1"))
          .first(),
      );
      expect(await home.getByText(es ? "Paquetes sin movimiento" : "Parcels not moving").count()).toBe(0);
    });
  }
});
