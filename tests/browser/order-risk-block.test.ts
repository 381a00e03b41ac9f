import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { extensionPage, type StandInOptions } from "../../sandbox/extension-stand-in";
import { seriousAxeFindings } from "./harness/axe";
import { BROWSER_TIME_ZONE, launchBrowser } from "./harness/browser";
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
        { code: "phone_refusals", points: 40, values: { count: 2 } },
        { code: "delivered_before", points: -10, values: { count: 1 } },
        { code: "phone_returns", points: 52, values: { count: 3 } },
        { code: "a_code_without_words", points: 0 },
      ],
    },
  },
};

const READS = {
  es: [
    "Riesgo alto",
    "82/100",
    "3 pedidos anteriores de este teléfono fueron devueltos (+52 puntos)",
    "2 pedidos anteriores de este teléfono fueron rechazados en la entrega (+40 puntos)",
    "1 pedidos anteriores de este teléfono fueron entregados (-10 puntos)",
    "Otra señal (a_code_without_words) (+0 puntos)",
  ],
  en: [
    "High risk",
    "82/100",
    "3 earlier orders from this phone were returned (+52 points)",
    "2 earlier orders from this phone were refused at the door (+40 points)",
    "1 earlier orders from this phone were delivered (-10 points)",
  ],
};

describe("the order page's block shows the order's return risk", () => {
  let browser: Browser;
  const pages: Page[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(pages.splice(0).map((page) => page.context().close()));
    expect(errors.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function render(options: StandInOptions, width: number) {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      locale: options.locale,
      timezoneId: BROWSER_TIME_ZONE,
    });
    const page = await context.newPage();
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    pages.push(page);
    await page.setContent(await extensionPage("order-automation-block", options));
    return page;
  }

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
          .getByText(/pedidos anteriores de este teléfono|earlier orders from this phone/)
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
