import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./harness/axe";
import { screenshot } from "./harness/browser";
import { browserDatabase, newShop, seedDeliveries } from "./harness/database";
import { useAdmin } from "./harness/fixture";
import { configuredShop, withOrdersAndDeliveries } from "./harness/seed";
import { newShopFrom } from "./harness/shops";

/**
 * The server's HTML is laid out right at every width (docs/decisions/147): with JavaScript off, a phone sees the
 * stacked rows and a desktop the table, and the other variant is out of the page (display: none).
 */

async function seed(shop: string) {
  await browserDatabase().productAssociation.create({
    data: {
      shop,
      supplierProductId: "2061981",
      platformProductId: "gid://shopify/Product/801",
      supplierProductName: "Camiseta deportiva",
      platformProductTitle: "Camiseta Running",
      importType: "link",
      saveSupplierName: true,
      lastSyncedAt: new Date("2026-11-20T15:30:00.000Z"),
    },
  });
  const created = new Date();
  await seedDeliveries(shop, [
    {
      id: `${shop}-1`,
      topic: "orders/create",
      eventId: `event:${shop}-1`,
      status: "delivered",
      flowId: "flow_confirmacion",
      deliveredAt: created,
      callbackStatus: "success",
      createdAt: created,
      updatedAt: created,
      nextAttemptAt: created,
    },
  ]);
  await browserDatabase().themeInstall.create({
    data: { shop, themeId: 9001n, name: "Tema COD 2.5", role: "unpublished", source: "repository" },
  });
}

/** What is laid out: the visible rows' tags and which of the two variants shows. */
/** The insights' flows card, by its Spanish heading. */
const FLOWS_CARD = "Resultados por flujo";

/** How `text`'s rows are laid out, within the card under the heading `card` when the page has several. */
async function layout(page: Page, text: string, rowSelector = "tr, li", card?: string) {
  return page.evaluate(
    ([text, rowSelector, card]) => {
      const shown = (element: Element) =>
        getComputedStyle(element).display !== "none" && element.getClientRects().length > 0;
      const heading = card ? [...document.querySelectorAll("h2")].find((h2) => h2.textContent === card) : undefined;
      if (card && !heading) throw new Error(`no card under the heading ${card}`);
      const root = heading?.parentElement ?? document;
      const rows = [...root.querySelectorAll(rowSelector)].filter(
        (row) => row.textContent?.includes(text) && shown(row),
      );
      const variants = [...root.querySelectorAll("[data-layout]")].map((element) => ({
        layout: element.getAttribute("data-layout"),
        display: getComputedStyle(element).display,
      }));
      const ids = [...document.querySelectorAll("[id]")].map((element) => element.id);
      return {
        rows: rows.map((row) => row.tagName.toLowerCase()),
        variants,
        duplicateIds: ids.filter((id, index) => ids.indexOf(id) !== index),
        fits: document.documentElement.scrollWidth <= window.innerWidth,
      };
    },
    [text, rowSelector, card] as const,
  );
}

describe("first paint at every width", () => {
  const admin = useAdmin();

  for (const [path, text, action] of [
    ["/app/products", "Camiseta deportiva", "Eliminar vínculo: Camiseta deportiva"],
    ["/app/theme", "Tema COD 2.5", "Abrir en Temas"],
  ] as const) {
    for (const width of [390, 1400]) {
      it(`serves ${path} laid out for ${width} px before any script runs`, async () => {
        const shop = await newShop(`first-paint-${path.slice(5)}-${width}`);
        await seed(shop);
        const page = await admin.open(shop, path, "es", width, { javaScript: false });
        const stacked = width < 490;
        expect(await layout(page, text)).toEqual({
          rows: [stacked ? "li" : "tr"],
          variants: [
            { layout: "wide", display: stacked ? "none" : "block" },
            { layout: "stacked", display: stacked ? "block" : "none" },
          ],
          duplicateIds: [],
          fits: true,
        });
        // One row in the accessibility tree: the hidden variant is out of it.
        expect(await page.getByRole(path === "/app/theme" ? "link" : "button", { name: action }).count()).toBe(1);
        if (stacked) {
          const box = (await page
            .getByRole(path === "/app/theme" ? "link" : "button", { name: action })
            .boundingBox())!;
          expect(box.x + box.width).toBeLessThanOrEqual(width);
        }
        await screenshot(page, `first-paint-${path.slice(5)}-${width}`);
      });
    }
  }

  for (const width of [390, 1400]) {
    it(`serves the insights' flows laid out for ${width} px before any script runs`, async () => {
      const shop = await newShop(`first-paint-insights-${width}`);
      await seed(shop);
      const page = await admin.open(shop, "/app/insights", "es", width, { javaScript: false });
      const stacked = width < 490;
      // A table row per flow on a desktop, a block under its own heading on a phone.
      // The flows card; the outcomes' "by flow" table below it names the flow too.
      expect(await layout(page, "flow_confirmacion", "tr, h3", FLOWS_CARD)).toEqual({
        rows: [stacked ? "h3" : "tr"],
        variants: [
          { layout: "wide", display: stacked ? "none" : "block" },
          { layout: "stacked", display: stacked ? "block" : "none" },
        ],
        duplicateIds: [],
        fits: true,
      });
      await screenshot(page, `first-paint-insights-${width}`);
    });
  }

  // The deliveries list stacks up to tablets (lg, 1040 px); home's orders on phones (sm). A delivery's attempts are one
  // list at every width (tests/browser/delivery-truths.test.ts).
  for (const { name, path, text, breakpoint, action } of [
    {
      name: "deliveries",
      path: () => "/app/deliveries",
      text: "#1003",
      breakpoint: 1040,
      action: "Enviar ahora: #1003",
    },
    { name: "home", path: () => "/app", text: "#1004", breakpoint: 490, action: undefined },
  ]) {
    for (const width of [390, 1400]) {
      it(`serves ${name === "home" ? "home's recent orders" : `the ${name} page`} laid out for ${width} px before any script runs`, async () => {
        const seeded = await newShopFrom(`first-paint-${name}-${width}`, withOrdersAndDeliveries(configuredShop()));
        const page = await admin.open(seeded.shop, path(), "es", width, { javaScript: false });
        const stacked = width < breakpoint;
        const found = await layout(page, text);
        // Every row showing the text is of the visible variant (a delivery has several attempts).
        expect(found.rows.length).toBeGreaterThan(0);
        expect(found).toEqual({
          rows: found.rows.map(() => (stacked ? "li" : "tr")),
          variants: [
            { layout: "wide", display: stacked ? "none" : "block" },
            { layout: "stacked", display: stacked ? "block" : "none" },
          ],
          duplicateIds: [],
          fits: true,
        });
        if (action) {
          // One button in the accessibility tree, and on a phone within the screen.
          expect(await page.getByRole("button", { name: action }).count()).toBe(1);
          const box = (await page.getByRole("button", { name: action }).boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
        }
        await screenshot(page, `first-paint-${name}-${width}`);
      });
    }
  }

  it("keeps one list for assistive technology once hydrated, at both widths", async () => {
    const shop = await newShop("first-paint-axe");
    await seed(shop);
    for (const width of [390, 1400]) {
      const page = await admin.open(shop, "/app/products", "es", width);
      await page.getByRole("button", { name: "Eliminar vínculo: Camiseta deportiva" }).waitFor();
      expect(await page.getByRole("button", { name: "Eliminar vínculo: Camiseta deportiva" }).count()).toBe(1);
      expect((await layout(page, "Camiseta deportiva")).rows).toEqual([width < 490 ? "li" : "tr"]);
      expect(await seriousAxeFindings(page)).toEqual([]);
    }
  });
});
