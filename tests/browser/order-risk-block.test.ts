import path from "node:path";
import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./harness/axe";
import { extensionPages } from "./harness/extension-pages";
import { shown } from "./harness/shown";

const story = {
  status: 200,
  body: { success: true, orderId: "gid://shopify/Order/1001", paused: false, deliveries: [] },
};

/** GET /api/orders/risk's answer (app/routes/api.orders.risk.ts). */
const risk = {
  status: 200,
  body: {
    success: true,
    orderId: "gid://shopify/Order/1001",
    risk: {
      score: 82,
      level: "high",
      scoredAt: "2026-11-28T15:00:00Z",
      reasons: [
        { code: "phone_refused", points: 40, values: { count: 2 } },
        { code: "delivered_before", points: -10, values: { count: 1 } },
        { code: "phone_returned", points: 52, values: { count: 3 } },
        { code: "city_return_rate", points: 23, values: { rate: 38, city: "Cali" } },
        { code: "a_code_without_words", points: 0 },
      ],
    },
  },
};

const READS = {
  es: [
    "Riesgo alto",
    "82/100",
    "3 devoluciones con este teléfono (+52 puntos)",
    "2 pedidos rechazados por el comprador con este teléfono (+40 puntos)",
    "Ciudad con 38 % de devoluciones (Cali) (+23 puntos)",
    "1 paquete entregado antes a este comprador (-10 puntos)",
    "Otra señal (a_code_without_words) (+0 puntos)",
  ],
  en: [
    "High risk",
    "82/100",
    "3 returns with this phone (+52 points)",
    "2 orders refused by the buyer with this phone (+40 points)",
    "City with 38 % of returns (Cali) (+23 points)",
    "1 parcel delivered to this buyer before (-10 points)",
  ],
};

describe("the order page's block shows the order's return risk", () => {
  const render = extensionPages("order-automation-block");

  for (const locale of ["es", "en"] as const) {
    for (const width of [1400, 390]) {
      it(`the score, its level and its reasons in words, heaviest first (${locale}, ${width})`, async () => {
        const page = await render(
          { locale, answers: { "GET /api/deliveries": story, "GET /api/orders/risk": risk } },
          width,
        );
        await shown(page.getByRole("heading", { name: locale === "es" ? "Riesgo de devolución" : "Return risk" }));
        for (const text of READS[locale]) await shown(page.getByText(text, { exact: true }).first());
        const order = await page
          .getByText(/con este teléfono|with this phone/)
          .evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ""));
        expect(order[0]).toMatch(/^3 /);
        expect(await seriousAxeFindings(page)).toEqual([]);
        await page.screenshot({
          path: path.resolve(`docs/screenshots/risk-block-${locale}-${width}.png`),
          fullPage: true,
        });
      });
    }
  }

  it("leaves the section out for an order with no score", async () => {
    const none = { status: 200, body: { success: true, orderId: "gid://shopify/Order/1001", risk: null } };
    const page = await render(
      { locale: "es", answers: { "GET /api/deliveries": story, "GET /api/orders/risk": none } },
      1400,
    );
    await shown(page.getByText("No recibido", { exact: true }));
    expect(await page.getByText("Riesgo de devolución").count()).toBe(0);
  });
});
