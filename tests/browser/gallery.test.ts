import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { en } from "~/i18n/en";
import { es } from "~/i18n/es";
import { foldForSearch } from "~/lib/search-key";
import {
  EXTENSION_STATES,
  extensionPage,
  type ExtensionName,
  type ExtensionState,
} from "../../sandbox/extension-stand-in";
import { seriousAxeFindings } from "./harness/axe";
import { launchBrowser, SCREENSHOT_DIR } from "./harness/browser";
import { browserDatabase, seedDeliveries } from "./harness/database";
import { useAdmin } from "./harness/fixture";
import { configuredShop, withOrdersAndDeliveries } from "./harness/seed";
import { newShopFrom, type SeededShop } from "./harness/shops";

/**
 * Every page of the admin and both order-page extensions, in Spanish and English, at 1400 and 390 px, with a shop
 * that looks like a month of a cash-on-delivery merchant's work: a screenshot of each (looked at, kept in
 * test-results/screenshots/gallery/), nothing wider than the phone's screen, no serious accessibility finding.
 * Written against URLs and what the merchant reads, not the route files.
 */
const GALLERY = path.join(SCREENSHOT_DIR, "gallery");
const WIDTHS = [1400, 390] as const;
const LOCALES = ["es", "en"] as const;
const POLL = { timeout: 15_000 };

const PAGES = [
  { name: "home", path: () => "/app", title: "app.title" },
  { name: "settings", path: () => "/app/settings", title: "nav.settings" },
  { name: "log", path: () => "/app/deliveries", title: "nav.deliveries" },
  { name: "log-search", path: () => "/app/deliveries?q=ramirez", title: "nav.deliveries" },
  { name: "delivery", path: (s: SeededShop) => `/app/deliveries/${s.deliveryId("d_1002")}`, title: "delivery.title" },
  { name: "insights", path: () => "/app/insights", title: "insights.title" },
  { name: "products", path: () => "/app/products", title: "nav.products" },
  { name: "catalogue", path: () => "/app/catalogue", title: "nav.catalogue" },
  { name: "theme", path: () => "/app/theme", title: "theme.title" },
] as const;

const BUYERS = [
  ["María José", "Ramírez", "Bogotá"],
  ["Andrés", "López", "Medellín"],
  ["Luz Dary", "Núñez", "Cali"],
  ["Jhon Fredy", "Ramírez Ortiz", "Barranquilla"],
  ["Camila", "Gómez", "Bucaramanga"],
  ["Sebastián", "Muñoz", "Pereira"],
] as const;
const STATUSES = ["delivered", "delivered", "delivered", "flow_failed", "retrying", "dead", "skipped", "delivered"];

/** A month of the shop's log beyond the fixture's four orders: buyers with accents, every outcome, both flows. */
async function monthOfDeliveries(shop: string) {
  const now = Date.now();
  await seedDeliveries(
    shop,
    Array.from({ length: 48 }, (_, n) => {
      const [first, last, city] = BUYERS[n % BUYERS.length];
      const status = STATUSES[n % STATUSES.length];
      const cart = n % 7 === 3;
      const createdAt = new Date(now - (n * 15 + 7) * 3_600_000);
      const phone = `+57 31${n % 10} 55${String(n).padStart(2, "0")} 1${String(n * 7).padStart(3, "0")}`;
      const name = `${first} ${last}`;
      return {
        id: `${shop.split(".")[0]}_g${n}`,
        topic: cart ? "checkouts/create" : "orders/create",
        eventId: `evt_gallery_${n}`,
        orderId: cart ? null : `gid://shopify/Order/66${n}`,
        orderName: cart ? null : `#${1100 + n}`,
        flowId: cart ? "flow_carritos" : "flow_nuevos",
        status,
        attempts: status === "dead" ? 8 : status === "retrying" ? 2 : status === "skipped" ? 0 : 1,
        nextAttemptAt: new Date(status === "retrying" ? now + 20 * 60_000 : createdAt.getTime()),
        lastErrorCode: status === "dead" || status === "retrying" ? "trigger_http" : null,
        lastErrorParams: status === "dead" ? '{"status":422}' : status === "retrying" ? '{"status":503}' : null,
        payload: "{}",
        buyer: JSON.stringify({
          name,
          phone,
          countryCode: "CO",
          city,
          total: `${(59900 + n * 10000).toFixed(2)}`,
          currency: "COP",
          products: [{ title: "Lámpara LED recargable", quantity: 1 + (n % 3) }],
        }),
        searchKey: `${foldForSearch(name)} | ${phone.replace(/\D/g, "")}`,
        attemptLog: "[]",
        deliveredAt: ["delivered", "flow_failed"].includes(status)
          ? new Date(createdAt.getTime() + 800 + n * 90)
          : null,
        callbackStatus: status === "flow_failed" ? "failed" : status === "delivered" && n % 2 ? "success" : null,
        tagsApplied: status === "delivered" ? '["automation-processed"]' : "[]",
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
  for (const [n, [supplier, platform]] of [
    ["Camiseta deportiva", "Camiseta Running Dry-Fit"],
    ["Lámpara LED recargable", "Lámpara de escritorio recargable"],
    ["Audífonos inalámbricos", "Audífonos Bluetooth con estuche de carga"],
  ].entries()) {
    await browserDatabase().productAssociation.create({
      data: {
        shop,
        supplierProductId: String(2061980 + [0, 1, 3][n]),
        platformProductId: `gid://shopify/Product/80${n + 1}`,
        supplierProductName: supplier,
        platformProductTitle: platform,
        saveSupplierImages: true,
        imagesAdded: n === 0 ? 3 : 0,
        createdAt: new Date(now - (n + 1) * 86_400_000),
      },
    });
  }
}

/** How far the document reaches past the viewport's right edge, in px (0: nothing scrolls sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function keep(page: Page, name: string) {
  mkdirSync(GALLERY, { recursive: true });
  await page.screenshot({ path: path.join(GALLERY, `${name}.png`), fullPage: true, animations: "disabled" });
}

describe("the gallery: every admin page as a busy shop sees it", () => {
  const admin = useAdmin();

  for (const entry of PAGES) {
    for (const locale of LOCALES) {
      it(`${entry.name} in ${locale} at both widths`, async () => {
        const messages = locale === "es" ? es : en;
        const seeded = await newShopFrom("gallery", withOrdersAndDeliveries(configuredShop()));
        await monthOfDeliveries(seeded.shop);
        for (const width of WIDTHS) {
          const page = await admin.open(seeded.shop, entry.path(seeded), locale, width);
          const title = messages[entry.title].replace("{name}", "#1002");
          await expect.poll(() => page.getByRole("heading", { name: title, exact: true }).isVisible(), POLL).toBe(true);
          if (entry.name === "insights") await page.getByTestId("deliveries-chart").locator("svg").first().waitFor();
          await expect.poll(() => page.locator("[aria-busy=true]").count(), POLL).toBe(0);
          if (entry.name === "log-search") {
            // The search found the buyers typed without accents: both Ramírez households, none of the others.
            const text = await page.locator(".Polaris-Page").innerText();
            expect(text).toContain("María José Ramírez");
            expect(text).toContain("Jhon Fredy Ramírez Ortiz");
            expect(text).not.toContain("Andrés López");
          }
          await keep(page, `${entry.name}-${locale}-${width}`);
          if (width === 390) expect(await overflow(page)).toBeLessThanOrEqual(0);
          expect(await seriousAxeFindings(page)).toEqual([]);
        }
      });
    }
  }
});

describe("the gallery: the order page's block and action through the admin stand-in", () => {
  let browser: Browser;
  const pages: Page[] = [];
  const errors: string[] = [];
  const STATES: ExtensionState[] = ["sent", "failed", "waiting", "paused"];
  // The buyer's answer and the hold show on the block only.
  const BLOCK_STATES: ExtensionState[] = [...STATES, "held", "refused", "confirmed"];

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

  for (const name of ["order-automation-block", "order-automation-action"] as ExtensionName[]) {
    for (const locale of LOCALES) {
      it(`${name} in ${locale}, each state at both widths`, async () => {
        for (const state of name === "order-automation-block" ? BLOCK_STATES : STATES) {
          for (const width of WIDTHS) {
            const context = await browser.newContext({ viewport: { width, height: 700 }, locale });
            const page = await context.newPage();
            pages.push(page);
            page.on("pageerror", (error) => errors.push(error.message));
            page.on("console", (message) => {
              if (message.type() === "error") errors.push(message.text());
            });
            const answers = EXTENSION_STATES[state]();
            await page.setContent(await extensionPage(name, { locale, answers }));
            // The buyer's section arrives by a call of its own: waited for by its heading where the state has one.
            const buyerHeading =
              name === "order-automation-block" && "GET /api/orders/hold" in answers
                ? locale === "es"
                  ? "Respuesta del comprador"
                  : "Buyer's answer"
                : "";
            // Rendered once the app's answer is in: no spinner, no loading action.
            await expect
              .poll(
                () =>
                  page.evaluate(
                    (heading) =>
                      (window as unknown as { __calls: string[] }).__calls.includes("GET /api/deliveries") &&
                      !document.querySelector("s-spinner, s-admin-action[loading]") &&
                      document.body.innerText.trim().split("\n").length > 1 &&
                      document.body.innerText.includes(heading),
                    buyerHeading,
                  ),
                POLL,
              )
              .toBe(true);
            await keep(page, `${name.replace("order-automation-", "extension-")}-${state}-${locale}-${width}`);
            if (width === 390) expect(await overflow(page)).toBeLessThanOrEqual(0);
            expect(await seriousAxeFindings(page)).toEqual([]);
          }
        }
      });
    }
  }
});
