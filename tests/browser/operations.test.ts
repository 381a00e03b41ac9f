import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./harness/axe";
import { screenshot } from "./harness/browser";
import { browserDatabase, newShop, seedDeliveries } from "./harness/database";
import { useAdmin } from "./harness/fixture";
import { configuredShop, withOrdersAndDeliveries } from "./harness/seed";
import { newShopFrom } from "./harness/shops";
import { shown } from "./harness/shown";

// A few small PNGs for the docs; the full set goes to test-results/screenshots as for every page.
const DOCS_DIR = path.resolve("docs/screenshots");
async function docShot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync(DOCS_DIR, { recursive: true });
  copyFileSync(path.resolve("test-results/screenshots", `${name}.png`), path.join(DOCS_DIR, `${name}.png`));
}

describe("delivery operations, insights and alerts", () => {
  const admin = useAdmin();

  // The insights page reads the app's own database (a loader): two weeks of deliveries of a shop of its own.
  let insightsShop: string;
  beforeAll(async () => {
    insightsShop = await newShop("insights");
    const statuses = ["delivered", "delivered", "delivered", "delivered", "retrying", "dead", "flow_failed"];
    const now = Date.now();
    await seedDeliveries(
      insightsShop,
      Array.from({ length: 140 }, (_, i) => {
        const created = new Date(now - (i % 14) * 86_400_000 - (i % 7) * 60_000);
        const status = statuses[(i * 3 + Math.floor(i / 14)) % statuses.length];
        const delivered = status === "delivered" || status === "flow_failed";
        return {
          id: `ins_${i}`,
          topic: "orders/create",
          eventId: `event:ins_${i}`,
          status,
          flowId: i % 4 === 0 ? "flow_guias" : "flow_confirmacion",
          deliveredAt: delivered ? new Date(created.getTime() + 400 + (i % 10) * 250) : null,
          callbackStatus: status === "flow_failed" ? "failed" : delivered && i % 5 < 3 ? "success" : null,
          createdAt: created,
          updatedAt: created,
          nextAttemptAt: created,
        };
      }),
    );
  });

  for (const [locale, width] of [
    ["es", 1400],
    ["en", 1400],
    ["es", 390],
    ["en", 390],
  ] as const) {
    it(`shows the insights: chart, confirmation rate per flow and order-to-trigger times (${locale}, ${width} px)`, async () => {
      const es = locale === "es";
      const page = await admin.open(insightsShop, "/app/insights", locale, width);
      await page.getByTestId("deliveries-chart").locator("svg").first().waitFor();
      const heading = es ? "Resultados por flujo" : "Results per flow";
      await shown(page.getByRole("heading", { name: heading }));
      // Table or blocks per flow, whichever the width shows (docs/decisions/147).
      await shown(page.getByText("flow_confirmacion").filter({ visible: true }));
      expect(await page.getByText("flow_confirmacion").filter({ visible: true }).count()).toBe(1);
      await shown(page.getByText(es ? "Tiempo típico (mediana)" : "Typical time (median)"));
      // Screen readers get the chart's numbers as a table named by its caption: a row per day of the window, the
      // same totals the bars stack (140 deliveries over two weeks, 70 of them in the last 7 days).
      const numbers = page.getByRole("table", {
        name: es ? "Pedidos enviados al flujo por día" : "Orders sent to the flow per day",
      });
      expect(await numbers.getByRole("row").count()).toBe(1 + 7);
      const cells = await numbers.locator("tbody td").allTextContents();
      expect(cells.reduce((sum, cell) => sum + Number(cell.replace(/\D/g, "")), 0)).toBe(70);
      // ... and the drawing itself is hidden from them (polaris-viz's lists of lists, docs/decisions/138).
      expect(await page.getByTestId("deliveries-chart").locator("xpath=..").getAttribute("aria-hidden")).toBe("true");
      // Nothing scrolls sideways on a phone: the flows are stacked there.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      if (width === 1400) await docShot(page, `insights-${locale}`);
      else await screenshot(page, `insights-${locale}-${width}`);
      expect(await seriousAxeFindings(page)).toEqual([]);
    });
  }

  it("keeps the insights page when the chart's code cannot be fetched, and says so in the chart's place", async () => {
    const page = await admin.open(insightsShop, "/app/insights", "es", 1400, {
      unreachable: /\/assets\/DeliveriesBarChart-[^/]+\.js$/,
    });
    await shown(page.getByText("No se pudo cargar el gráfico. Recarga la página para intentarlo de nuevo."));
    expect(await page.getByTestId("deliveries-chart").count()).toBe(0);
    // The rest of the page is there: the flows, and the chart's numbers for screen readers.
    await shown(page.getByRole("heading", { name: "Resultados por flujo" }));
    expect(await page.getByRole("table", { name: "Pedidos enviados al flujo por día" }).getByRole("row").count()).toBe(
      1 + 7,
    );
  });

  for (const locale of ["es", "en"] as const) {
    it(`searches the log, asks before retrying all failed and retries them (${locale})`, async () => {
      const api = withOrdersAndDeliveries(configuredShop());
      const seeded = await newShopFrom("operations", api);
      const page = await admin.open(seeded.shop, "/app/deliveries", locale);
      const table = page.getByRole("table");
      await table.getByText("#1004").waitFor();
      await page.getByLabel(locale === "es" ? "Buscar pedidos" : "Search orders").fill("#1002");
      // The search is in the URL, read by the page's loader.
      await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("#1002");
      await expect.poll(() => table.getByText("#1004").count()).toBe(0);
      await docShot(page, `search-${locale}`);

      const retryAll = locale === "es" ? "Enviar de nuevo las fallidas (1)" : "Retry all failed (1)";
      await page.getByRole("button", { name: retryAll }).click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(locale === "es" ? "1 entrega fallida" : "1 failed delivery");
      await docShot(page, `bulk-retry-${locale}`);
      await dialog.getByRole("button", { name: locale === "es" ? "Reintentarlas" : "Retry them" }).click();
      const toast = locale === "es" ? "1 entrega en cola de nuevo" : "1 delivery queued again";
      await expect.poll(() => page.getByTestId("toast").textContent()).toBe(toast);
      await expect
        .poll(() => browserDatabase().delivery.findUnique({ where: { id: seeded.deliveryId("d_1002") } }))
        .toMatchObject({ status: "queued", attempts: 0, replays: 1 });
      // Nothing failed is left: the button says so once the loader ran again.
      await expect
        .poll(() => page.getByRole("button", { name: retryAll.replace("(1)", "(0)") }).isDisabled())
        .toBe(true);
    });
  }

  it("pauses and resumes automation, saying what waits", async () => {
    const api = withOrdersAndDeliveries(configuredShop());
    const seeded = await newShopFrom("pause", api);
    const page = await admin.open(seeded.shop, "/app/deliveries", "en");
    await page.getByRole("button", { name: "Pause automation" }).click();
    await page
      .getByRole("dialog", { name: "Pause automation?" })
      .getByRole("button", { name: "Pause", exact: true })
      .click();
    await page.getByText("Automation is paused").waitFor();
    // One delivery waits (#1003, retrying); the pause is the shop's row.
    await shown(page.getByText(/1 is waiting and goes out when you resume/));
    await expect
      .poll(() => browserDatabase().automationPause.findUnique({ where: { shop: seeded.shop } }))
      .not.toBeNull();
    await screenshot(page, "deliveries-paused-en");
    await page.getByRole("button", { name: "Resume automation" }).click();
    await page
      .getByRole("dialog", { name: "Resume automation?" })
      .getByRole("button", { name: "Resume", exact: true })
      .click();
    await expect.poll(() => page.getByText("Automation is paused").count()).toBe(0);
    await expect.poll(() => browserDatabase().automationPause.findUnique({ where: { shop: seeded.shop } })).toBeNull();
  });

  it("warns on every page when the automation platform refuses the key, with what to do", async () => {
    const seeded = await newShopFrom("alert-refused", configuredShop());
    await seedDeliveries(seeded.shop, [failing("refused-1", REFUSED_KEY)]);
    // With the document (the layout's loader), on the home page and on any other.
    const page = await admin.open(seeded.shop, "/app", "es");
    await page.getByText("La plataforma de automatización rechaza tu clave de API").waitFor();
    expect(await page.getByRole("link", { name: "Abrir configuración" }).getAttribute("href")).toBe("/app/settings");
    await docShot(page, "alert-es");
    await page.goto(page.url().replace("/app?", "/app/products?"));
    await shown(page.getByText("La plataforma de automatización rechaza tu clave de API"));
  });

  it("checks again each minute: a spike that starts after the page opened shows, and goes when it has passed", async () => {
    const seeded = await newShopFrom("alert-spike", configuredShop());
    const page = await admin.open(seeded.shop, "/app/deliveries", "en", 390, { clock: true });
    await shown(page.getByText("Flow activity").first());
    const spike = page.getByText("In the last hour, 5 orders had trouble reaching your flow");
    expect(await spike.count()).toBe(0);

    // Five failures in the last hour, none delivered: a spike (docs/decisions/113).
    await seedDeliveries(
      seeded.shop,
      Array.from({ length: 5 }, (_, n) => failing(`spike-${n}`, "Automation platform answered HTTP 503")),
    );
    // A minute of page time later the banner's fetcher has checked again (moved on until the page has hydrated and
    // its timer runs).
    const aMinuteLater = async () => {
      await page.clock.fastForward(61_000);
      return spike.count();
    };
    await expect.poll(aMinuteLater, { timeout: 15_000 }).toBe(1);
    // All five are retried on their own: the banner says so and opens them, not an empty list of dead ones.
    await shown(page.getByText(/5 are retried automatically\./));
    expect(await page.getByText(/send them again with “Retry all failed”/).count()).toBe(0);
    expect(await page.getByRole("link", { name: "See the orders being retried" }).getAttribute("href")).toBe(
      "/app/deliveries?status=retrying",
    );
    expect(await seriousAxeFindings(page)).toEqual([]);

    // The failures are retried and delivered: the next check clears the banner.
    await browserDatabase().delivery.updateMany({
      where: { shop: seeded.shop, status: "retrying" },
      data: { status: "delivered", lastError: null },
    });
    await expect.poll(aMinuteLater, { timeout: 15_000 }).toBe(0);
  });
});

const REFUSED_KEY = "Automation platform answered HTTP 401: invalid API key";

/** A delivery of the last minutes that the automation platform refused, as the worker leaves it. */
function failing(id: string, lastError: string) {
  return {
    id: `${id}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
    topic: "orders/create",
    eventId: `evt_${id}_${Math.random().toString(36).slice(2)}`,
    orderName: `#${id}`,
    status: "retrying",
    attempts: 1,
    lastError,
    createdAt: new Date(Date.now() - 5 * 60_000),
  };
}
