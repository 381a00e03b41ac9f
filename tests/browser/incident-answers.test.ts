import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./harness/axe";
import { screenshot } from "./harness/browser";
import { browserDatabase, seedDeliveries } from "./harness/database";
import { extensionPages } from "./harness/extension-pages";
import { useAdmin } from "./harness/fixture";
import { configuredShop } from "./harness/seed";
import { newShopFrom } from "./harness/shops";
import { shown } from "./harness/shown";

// Answered at 02:30 UTC on the 29th: 21:30 on the 28th in Bogotá, the shop's zone.
const ANSWERED_AT = "2026-11-29T02:30:00Z";

/** An order and its delivery incident sent to the incident flow, answered with a new date (docs/decisions/331). */
async function shopWithAnsweredIncident() {
  const seeded = await newShopFrom("incidents", configuredShop());
  const { shop } = seeded;
  const db = browserDatabase();
  await db.shopTimeZone.create({ data: { shop, timeZone: "America/Bogota", fetchedAt: new Date() } });
  const incidentId = randomUUID();
  const common = { orderName: "#5001", orderId: "gid://shopify/Order/85001", status: "delivered", attempts: 1 };
  await seedDeliveries(shop, [
    {
      ...common,
      id: seeded.deliveryId("5001"),
      eventId: `event:${randomUUID()}`,
      topic: "orders/create",
      deliveredAt: new Date(Date.now() - 3 * 86_400_000),
      createdAt: new Date(Date.now() - 3 * 86_400_000),
    },
    {
      ...common,
      id: incidentId,
      eventId: `incident:SO-5001:${Date.now()}`,
      resourceId: `${shop}:incident:SO-5001`,
      topic: "journey/incident",
      flowId: "f_404",
      deliveredAt: new Date(Date.now() - 60_000),
      createdAt: new Date(Date.now() - 60_000),
    },
  ]);
  await db.incidentAnswer.create({
    data: {
      shop,
      deliveryId: incidentId,
      orderId: common.orderId,
      orderName: common.orderName,
      supplierOrderId: "SO-5001",
      answer: "new_date",
      newDate: "2026-12-02",
      answeredAt: new Date(ANSWERED_AT),
    },
  });
  return seeded;
}

const WORDS = {
  es: { topic: "Novedad", answer: "Pidió nueva fecha: miércoles 2 de diciembre", at: /^Respondió 28 nov 2026, 21:30/ },
  en: {
    topic: "Delivery incident",
    answer: "Asked for a new date: Wednesday, December 2",
    at: /^Answered Nov 28, 2026, 9:30/,
  },
};

describe("the buyer's answer to a delivery incident where the merchant looks", () => {
  const admin = useAdmin();

  for (const locale of ["es", "en"] as const) {
    for (const width of [1400, 390]) {
      it(`the log's incident row with the answer (${locale}, ${width} px)`, async () => {
        const seeded = await shopWithAnsweredIncident();
        const page = await admin.open(seeded.shop, "/app/deliveries", locale, width);
        const answer = page.locator("[data-incident-answer]").filter({ visible: true });
        await shown(answer.first());
        expect(await answer.count()).toBe(1);
        expect(await answer.first().getAttribute("data-incident-answer")).toBe("new_date");
        const text = await answer.first().innerText();
        expect(text).toContain(WORDS[locale].answer);
        expect(text.split("\n").at(-1)).toMatch(WORDS[locale].at);
        await shown(
          page
            .getByText(new RegExp(`^${WORDS[locale].topic}`))
            .filter({ visible: true })
            .first(),
        );
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        ).toBeLessThanOrEqual(0);
        expect(await seriousAxeFindings(page)).toEqual([]);
        await screenshot(page, `novedad-log-${locale}-${width}`);
      });
    }
  }
});

describe("the order page's block shows the buyer's answer to the incident", () => {
  const render = extensionPages("order-automation-block");

  const story = {
    status: 200,
    body: { success: true, orderId: "gid://shopify/Order/85001", paused: false, deliveries: [] },
  };
  const answers = {
    status: 200,
    body: {
      success: true,
      timeZone: "America/Bogota",
      answers: [{ answer: "new_date", newDate: "2026-12-02", newAddress: null, answeredAt: ANSWERED_AT }],
    },
  };

  for (const locale of ["es", "en"] as const) {
    for (const width of [1400, 390]) {
      it(`the answer in words, in the shop's zone (${locale}, ${width} px)`, async () => {
        const page = await render(
          { locale, answers: { "GET /api/deliveries": story, "GET /api/orders/incident-answers": answers } },
          width,
        );
        const heading =
          locale === "es" ? "Respuesta del comprador a la novedad" : "Buyer's answer to the delivery incident";
        await shown(page.getByRole("heading", { name: heading }));
        await shown(page.getByText(WORDS[locale].answer, { exact: true }));
        await shown(page.getByText(WORDS[locale].at));
        expect(await seriousAxeFindings(page)).toEqual([]);
        await screenshot(page, `novedad-block-${locale}-${width}`);
      });
    }
  }

  it("leaves the section out when nothing was answered", async () => {
    const page = await render(
      {
        locale: "es",
        answers: {
          "GET /api/deliveries": story,
          "GET /api/orders/incident-answers": { status: 200, body: { success: true, timeZone: "UTC", answers: [] } },
        },
      },
      390,
    );
    await shown(page.getByText("No recibido", { exact: true }));
    expect(await page.getByText("Respuesta del comprador a la novedad").count()).toBe(0);
  });
});
