import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, localDayOf, startOfLocalDay } from "~/lib/time-zone";
import { seriousAxeFindings } from "./harness/axe";
import { screenshot, SCREENSHOT_DIR } from "./harness/browser";
import { BROWSER_DATABASE, browserDatabase, seedDeliveries } from "./harness/database";
import { useAdmin } from "./harness/fixture";
import { configuredShop } from "./harness/seed";
import { newShopFrom } from "./harness/shops";
import { shown } from "./harness/shown";

const SHOP_ZONE = "America/Bogota";
/**
 * The browser's own zone: UTC+14, a day ahead of Bogotá for 19 hours of each day. A picker that counted days by the
 * browser's clock or zone would offer tomorrow as today and cut the presets a day late.
 */
const BROWSER_ZONE = "Pacific/Kiritimati";
const HOUR = 3_600_000;

/** The shop's today and its orders: one a minute ago (today), two on days 10 and 12 back, one 40 days back. */
async function shopWithDays() {
  const seeded = await newShopFrom("period", configuredShop());
  const { shop } = seeded;
  await browserDatabase().shopTimeZone.create({ data: { shop, timeZone: SHOP_ZONE, fetchedAt: new Date() } });
  const today = localDayOf(new Date(), SHOP_ZONE);
  const noonOf = (back: number) => new Date(startOfLocalDay(addDays(today, -back), SHOP_ZONE).getTime() + 12 * HOUR);
  const arrivals = [
    new Date(Math.max(Date.now() - 60_000, startOfLocalDay(today, SHOP_ZONE).getTime())),
    noonOf(10),
    noonOf(12),
    noonOf(40),
  ];
  await seedDeliveries(
    shop,
    arrivals.map((at, i) => ({
      id: seeded.deliveryId(`p${i}`),
      eventId: `event:${randomUUID()}`,
      topic: "orders/create",
      orderName: `#60${i}`,
      orderId: `gid://shopify/Order/960${i}${Date.now() % 100_000}`,
      status: "delivered",
      attempts: 1,
      flowId: "flow_nuevos",
      createdAt: at,
      deliveredAt: at,
      buyer: JSON.stringify({ name: "Ana Gomez", city: "Cali", total: "50000.00", currency: "COP", products: [] }),
    })),
  );
  // The app under test runs no periodic jobs: the projection the job would run, on the app's database.
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/project-outcomes.ts"], {
    env: { ...process.env, DATABASE_URL: `file:${BROWSER_DATABASE}` },
    encoding: "utf8",
  });
  expect(run.stdout).toMatch(/^\d+ orders projected/);
  return { shop, today };
}

const WORDS = {
  es: {
    button: "Periodo de los resultados",
    last7: "Últimos 7 días",
    today: "Hoy",
    from: "Desde",
    to: "Hasta",
    apply: "Aplicar",
    presets: "Rango de fechas",
    orders: "Pedidos",
    refused: "No se pudo usar el periodo del enlace",
    notADay: "«2026-02-30» no es una fecha",
    months: [
      "enero",
      "febrero",
      "marzo",
      "abril",
      "mayo",
      "junio",
      "julio",
      "agosto",
      "septiembre",
      "octubre",
      "noviembre",
      "diciembre",
    ],
  },
  en: {
    button: "Outcomes period",
    last7: "Last 7 days",
    today: "Today",
    from: "Starting",
    to: "Ending",
    apply: "Apply",
    presets: "Date range",
    orders: "Orders",
    refused: "The period in the link could not be used",
    notADay: "“2026-02-30” is not a date",
    months: [
      "January",
      "February",
      "March",
      "April",
      "May",
      "June",
      "July",
      "August",
      "September",
      "October",
      "November",
      "December",
    ],
  },
};

/** The period the page's URL carries. */
const urlPeriod = (page: Page) => {
  const params = new URL(page.url()).searchParams;
  return { from: params.get("from"), to: params.get("to") };
};

describe("the outcomes' period picker", () => {
  const admin = useAdmin();

  for (const [locale, width] of [
    ["es", 1400],
    ["en", 390],
    ["en", 1400],
    ["es", 390],
  ] as const) {
    it(`chooses a custom range and a preset in the shop's days, figures and links following (${locale}, ${width} px)`, async () => {
      const words = WORDS[locale];
      const phone = width === 390;
      const { shop, today } = await shopWithDays();
      const [from, to] = [addDays(today, -12), addDays(today, -10)];
      const page = await admin.open(shop, "/app/insights", locale, width, { timeZone: BROWSER_ZONE });
      const picker = page.getByRole("button", { name: new RegExp(`^${words.button}: ${words.last7}$`) });
      await shown(picker);

      // A custom range: two days clicked in the calendar on a wide screen, typed on a phone.
      await picker.click();
      const fromField = page.getByRole("textbox", { name: words.from });
      await shown(fromField);
      expect(await page.locator(".Polaris-Popover table[role=grid]").count()).toBe(phone ? 1 : 2);
      if (phone) {
        await fromField.fill(from);
        await page.getByRole("textbox", { name: words.to }).fill(to);
      } else {
        const day = (text: string) => {
          const [year, month, date] = text.split("-").map(Number);
          return page.getByRole("button", { name: new RegExp(` ${words.months[month - 1]} ${date} ${year}$`) });
        };
        await day(from).click();
        await day(to).click();
        // Tomorrow in the shop (today in the browser's zone) cannot be chosen.
        const [year, month, date] = addDays(today, 1).split("-").map(Number);
        const tomorrow = page.getByRole("button", { name: new RegExp(` ${words.months[month - 1]} ${date} ${year}$`) });
        if (await tomorrow.count()) expect(await tomorrow.getAttribute("aria-disabled")).toBe("true");
      }
      await expect.poll(() => fromField.inputValue()).toBe(from);
      // The popover fits the screen.
      const box = await page.locator(".Polaris-Popover").first().boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      // The screen as it is (a full-page shot resizes the window, which moves the popover).
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `insights-period-open-${locale}-${width}.png`) });
      expect(await seriousAxeFindings(page)).toEqual([]);
      await page.getByRole("button", { name: words.apply, exact: true }).click();

      await expect.poll(() => urlPeriod(page)).toEqual({ from, to });
      const two = page.getByRole("link", { name: `2 ${words.orders}`, exact: true }).first();
      await shown(two);
      const twoHref = new URL((await two.getAttribute("href")) as string, "http://app");
      expect([twoHref.searchParams.get("from"), twoHref.searchParams.get("to")]).toEqual([from, to]);
      const download = page.locator("a[download]").first();
      expect(await download.getAttribute("href")).toContain(`from=${from}&to=${to}`);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      await screenshot(page, `insights-period-custom-${locale}-${width}`);
      await page.getByRole("button", { name: new RegExp(`^${words.button}: `) }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `insights-period-custom-top-${locale}-${width}.png`) });
      expect(await seriousAxeFindings(page)).toEqual([]);

      // A preset: today is the shop's, though the browser's clock is already on its tomorrow.
      await page.getByRole("button", { name: new RegExp(`^${words.button}: `) }).click();
      if (phone) await page.getByRole("combobox", { name: words.presets }).selectOption({ label: words.today });
      else await page.getByRole("button", { name: words.today, exact: true }).click();
      await expect.poll(() => page.getByRole("textbox", { name: words.to }).inputValue()).toBe(today);
      await page.getByRole("button", { name: words.apply, exact: true }).click();
      await expect.poll(() => urlPeriod(page)).toEqual({ from: today, to: today });
      await shown(page.getByRole("button", { name: new RegExp(`^${words.button}: ${words.today}$`) }));
      const one = page.getByRole("link", { name: `1 ${words.orders}`, exact: true }).first();
      await shown(one);
      expect(await one.getAttribute("href")).toContain(`from=${today}&to=${today}`);
      expect(await page.locator("a[download]").first().getAttribute("href")).toContain(`from=${today}&to=${today}`);
    });
  }

  for (const locale of ["es", "en"] as const) {
    it(`says why a link's period is not one and shows the last 7 days (${locale})`, async () => {
      const words = WORDS[locale];
      const { shop, today } = await shopWithDays();
      const page = await admin.open(shop, `/app/insights?from=2026-02-30&to=${today}`, locale, 390, {
        timeZone: BROWSER_ZONE,
      });
      await shown(page.getByText(words.refused));
      await shown(page.getByText(words.notADay, { exact: false }));
      await shown(page.getByRole("button", { name: new RegExp(`^${words.button}: ${words.last7}$`) }));
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `insights-period-refused-${locale}-390.png`) });
      expect(await seriousAxeFindings(page)).toEqual([]);
    });
  }
});
