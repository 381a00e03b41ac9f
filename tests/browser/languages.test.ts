import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { en } from "~/i18n/en";
import { es } from "~/i18n/es";
import { seriousAxeFindings } from "./harness/axe";
import { SCREENSHOT_DIR, screenshot } from "./harness/browser";
import { useAdmin } from "./harness/fixture";
import { configuredShop, withOrdersAndDeliveries } from "./harness/seed";
import { newShopFrom } from "./harness/shops";

const PAGES = [
  { path: "/app", title: "app.title", name: "home" },
  { path: "/app/settings", title: "nav.settings", name: "settings" },
  { path: "/app/catalogue", title: "nav.catalogue", name: "catalogue" },
  { path: "/app/products", title: "nav.products", name: "products" },
  { path: "/app/deliveries", title: "nav.deliveries", name: "deliveries" },
  { path: "/app/deliveries/d_1004", title: "delivery.title", name: "delivery" },
  { path: "/app/theme", title: "theme.title", name: "theme" },
  { path: "/app/insights", title: "insights.title", name: "insights" },
] as const;
const WIDTHS = [1400, 390] as const;
// The machine is shared: give first paint and hydration time before calling a page slow.
const POLL = { timeout: 15_000 };
// A handful of the tour's screenshots are kept in the repository (docs/screenshots/); all are in test-results.
const KEPT = new Set(["home-es-390", "deliveries-es-390", "settings-en-1400", "delivery-es-1400", "catalogue-es-390"]);

// English strings long enough not to be shared words or data, that Spanish says differently.
const englishOnly = Object.entries(en)
  .filter(([key, text]) => text.length >= 12 && es[key as keyof typeof es] !== text && !text.includes("{"))
  .map(([, text]) => text);

describe("every page in both languages, at 1400 and 390 px, with an accessibility scan", () => {
  const admin = useAdmin();

  for (const page of PAGES) {
    for (const locale of ["es", "en"] as const) {
      for (const width of WIDTHS) {
        it(`${page.name} in ${locale} at ${width} px`, async () => {
          const messages = locale === "es" ? es : en;
          const title = messages[page.title].replace("{name}", "#1004");
          // One shop of its own, in the app's database and at the simulators (docs/decisions/134).
          // Insights with data too: its chart is scanned as drawn.
          const api = withOrdersAndDeliveries(configuredShop());
          const seeded = await newShopFrom("tour", api);
          const pagePath = page.path.replace("d_1004", seeded.deliveryId("d_1004"));
          const browserPage = await admin.open(seeded.shop, pagePath, locale, width);
          await expect
            .poll(() => browserPage.getByRole("heading", { name: title, exact: true }).isVisible(), POLL)
            .toBe(true);
          // The insights chart is drawn in the browser, once the page is hydrated: scanned as the merchant sees it.
          if (page.name === "insights")
            await browserPage.getByTestId("deliveries-chart").locator("svg").first().waitFor();
          // Loading states are gone before anything is read.
          await expect.poll(() => browserPage.locator("[aria-busy=true]").count(), POLL).toBe(0);

          // The admin's title bar and the document title name the page.
          expect(await browserPage.locator("ui-title-bar").getAttribute("title")).toBe(title);
          // The route's `meta` (docs/decisions/132), in the first HTML: home is the app's name; the delivery page
          // is titled by its order (its loader has it).
          const app = messages["app.title"];
          const documentTitle = page.name === "home" ? app : `${title} · ${app}`;
          expect(await browserPage.title()).toBe(documentTitle);
          // Top-level pages have no back arrow; the delivery page has one to its list.
          expect(await browserPage.locator("[class*=BreadcrumbWrapper]").count()).toBe(
            page.name === "delivery" ? 1 : 0,
          );

          if (locale === "es") {
            const text = await browserPage.locator("body").innerText();
            expect(englishOnly.filter((english) => text.includes(english))).toEqual([]);
          }
          // Taken before the layout checks, so a failure can be looked at.
          const name = `${page.name}-${locale}-${width}`;
          await screenshot(browserPage, `tour-${name}`);
          // Nothing runs off the side: every action is reachable without scrolling sideways.
          const overflow = await browserPage.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow).toBeLessThanOrEqual(0);
          // ... and no button or link is cut off inside a table that scrolls on its own.
          const cutOff = await browserPage.evaluate((viewport) => {
            const buttons = [...document.querySelectorAll(".Polaris-Page button, .Polaris-Page a")];
            return buttons
              .filter((button) => button.getBoundingClientRect().width > 0)
              .filter((button) => button.getBoundingClientRect().right > viewport + 1)
              .map((button) => button.textContent);
          }, width);
          expect(cutOff).toEqual([]);
          // No text the merchant reads sits flush against the screen's edge (cards may; their content not). Measured
          // on the text itself: a plain button's touch target may reach past its words.
          const flush = await browserPage.evaluate((viewport) => {
            const walker = document.createTreeWalker(document.querySelector(".Polaris-Page")!, NodeFilter.SHOW_TEXT);
            const found: string[] = [];
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              if (!node.textContent?.trim()) continue;
              const range = document.createRange();
              range.selectNodeContents(node);
              for (const box of range.getClientRects()) {
                // Hidden off-screen to the left (IndexTable's sticky header copy) or visually hidden: not shown.
                if (box.width < 2 || box.height < 2 || box.right <= 0) continue;
                if (box.left < 8 || box.right > viewport - 8) {
                  found.push(
                    `${Math.round(box.left)}-${Math.round(box.right)}: ${node.textContent.trim().slice(0, 40)}`,
                  );
                  break;
                }
              }
            }
            return found;
          }, width);
          expect(flush).toEqual([]);

          expect(await seriousAxeFindings(browserPage)).toEqual([]);
          // No page reads `/api/*`: the harness fails the test on any call (fixture.ts).

          if (KEPT.has(name)) {
            mkdirSync("docs/screenshots", { recursive: true });
            copyFileSync(path.join(SCREENSHOT_DIR, `tour-${name}.png`), `docs/screenshots/${name}.png`);
          }
        });
      }
    }
  }
});
