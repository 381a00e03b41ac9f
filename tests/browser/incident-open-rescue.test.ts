import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./harness/axe";
import { screenshot } from "./harness/browser";
import { browserDatabase } from "./harness/database";
import { useAdmin } from "./harness/fixture";
import { configuredShop } from "./harness/seed";
import { newShopFrom } from "./harness/shops";
import { shown } from "./harness/shown";

const HOUR = 3_600_000;

/** Two parcels in an incident reported hours ago, one stuck in transit for 40 days; no incident flow chosen. */
async function shopWithOpenIncidents() {
  const seeded = await newShopFrom("open-rescue", configuredShop());
  const { shop } = seeded;
  const db = browserDatabase();
  const at = new Date(Date.now() - 5 * HOUR);
  const incidents = ["SO-7001", "SO-7002"];
  await db.supplierOrder.createMany({
    data: [
      ...incidents.map((id) => ({
        shop,
        supplierOrderId: id,
        orderId: `order-${id}`,
        stage: "in_transit",
        stageSince: at,
        openIncident: "NOVEDAD",
        incidentSince: at,
        eventCount: 1,
      })),
      {
        shop,
        supplierOrderId: "SO-7003",
        orderId: "order-SO-7003",
        stage: "in_transit",
        stageSince: new Date(Date.now() - 40 * 24 * HOUR),
      },
    ],
  });
  await db.supplierStatusEvent.createMany({
    data: incidents.map((id) => ({
      shop,
      supplierOrderId: id,
      rawStatus: "NOVEDAD",
      dedupeKey: `novedad|${at.toISOString()}`,
      stage: "incident",
      reportedAt: at,
      receivedAt: at,
      source: "push",
    })),
  });
  return seeded;
}

const WORDS = {
  es: {
    incidents:
      "Si eliges un flujo, también les escribirá ahora a los compradores de 2 paquetes con una novedad sin resolver reportada en los últimos 3 días, una vez a cada uno.",
    stuck: "Si lo activas, también le escribirá al comprador de 1 paquete quieto ahora, una sola vez.",
  },
  en: {
    incidents:
      "Choosing a flow also writes now to the buyers of 2 parcels still in an incident reported in the last 3 days, once each.",
    stuck: "Turning it on also writes to the buyer of 1 parcel stuck now, once.",
  },
};

describe("the incident flow's card says what turning it on sends (docs/decisions/343)", () => {
  const admin = useAdmin();

  for (const locale of ["es", "en"] as const) {
    it(`the open incidents and stuck parcels counted (${locale}, 390 px)`, async () => {
      const seeded = await shopWithOpenIncidents();
      const page = await admin.open(seeded.shop, "/app/settings", locale, 390);
      const incidents = page.getByText(WORDS[locale].incidents);
      await incidents.scrollIntoViewIfNeeded();
      await shown(incidents);
      await shown(page.getByText(WORDS[locale].stuck, { exact: false }));
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      expect(await seriousAxeFindings(page)).toEqual([]);
      await screenshot(page, `novedad-open-rescue-${locale}-390`);
    });
  }
});
