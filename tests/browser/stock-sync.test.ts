import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./harness/axe";
import { screenshot } from "./harness/browser";
import { browserDatabase, newShop, seedConfiguration } from "./harness/database";
import { VALID_SUPPLIER_TOKEN } from "./harness/seed";
import { useAdmin } from "./harness/fixture";

/** Three links as the stock sync left them: one synced with changes, one whose last sync failed, one never synced. */
async function seedSyncedShop(shop: string) {
  const db = browserDatabase();
  const at = new Date("2026-11-26T14:05:00.000Z");
  const link = (n: number, supplier: string, store: string) =>
    db.productAssociation.create({
      data: {
        shop,
        supplierProductId: String(2061990 + n),
        platformProductId: `gid://shopify/Product/90${n}`,
        supplierProductName: supplier,
        platformProductTitle: store,
        variantAssociations: JSON.stringify([
          { supplierVariationId: "1", platformVariantId: `gid://shopify/ProductVariant/90${n}1`, barcode: null },
        ]),
        createdAt: new Date(Date.UTC(2026, 10, 20, 15, 30 - n)),
      },
    });
  const synced = await link(1, "Camiseta deportiva", "Camiseta Running");
  const failed = await link(2, "Lámpara LED recargable", "Lámpara de escritorio");
  await link(3, "Faja moldeadora", "Faja reductora");
  const run = await db.stockSyncRun.create({
    data: { shop, trigger: "schedule", startedAt: at, finishedAt: at, status: "partial", products: 3, changes: 3 },
  });
  await db.stockSyncProduct.create({
    data: {
      associationId: synced.id,
      shop,
      lastAttemptAt: at,
      lastSuccessAt: at,
      status: "ok",
      supplierOutOfStock: true,
      unmappedVariants: JSON.stringify([{ id: "gid://shopify/ProductVariant/9019", title: "XL" }]),
    },
  });
  await db.stockSyncProduct.create({
    data: {
      associationId: failed.id,
      shop,
      lastAttemptAt: at,
      lastSuccessAt: new Date("2026-11-26T13:05:00.000Z"),
      status: "failed",
      errorCode: "supplier_product_missing",
      errorMessage: "The supplier no longer lists this product",
    },
  });
  const change = { shop, associationId: synced.id, runId: run.id, at };
  await db.stockSyncChange.createMany({
    data: [
      { ...change, platformVariantId: "v1", variantTitle: "S", field: "stock", before: "12", after: "0" },
      { ...change, platformVariantId: "v2", variantTitle: "M", field: "stock", before: "0", after: "8" },
      { ...change, platformVariantId: "v1", variantTitle: "S", field: "price", before: "59900.00", after: "62900.00" },
    ],
  });
}

describe("linked products: stock sync", () => {
  const admin = useAdmin();

  for (const locale of ["es", "en"] as const) {
    for (const width of [1400, 390]) {
      it(`shows each product's last sync, its changes and failures truthfully (${locale}, ${width} px)`, async () => {
        const shop = await newShop(`stock-${locale}-${width}`);
        await seedSyncedShop(shop);
        const page = await admin.open(shop, "/app/products", locale, width);
        const words =
          locale === "es"
            ? { out: "Sin stock en el proveedor", change: "S: stock 12 → 0", never: "Todavía no se ha sincronizado" }
            : { out: "Out of stock at the supplier", change: "S: stock 12 → 0", never: "Never synced yet" };
        const row = page.locator(width < 490 ? "li" : "tr").filter({ hasText: "Camiseta deportiva", visible: true });
        await row.waitFor({ timeout: 2000 });
        expect(await row.textContent()).toContain(words.change);
        expect(await row.textContent()).toContain(words.out);
        const never = page.locator(width < 490 ? "li" : "tr").filter({ hasText: "Faja moldeadora", visible: true });
        expect(await never.textContent()).toContain(words.never);
        expect(await seriousAxeFindings(page)).toEqual([]);
        await screenshot(page, `stock-sync-${locale}-${width}`);

        // The filter keeps the products out of stock at the supplier only.
        await page.getByRole("button", { name: words.out, exact: true }).click();
        await expect.poll(() => page.getByText("Lámpara LED recargable").filter({ visible: true }).count()).toBe(0);
        expect(await page.getByText("Camiseta deportiva").filter({ visible: true }).count()).toBe(1);
      });
    }
  }
});

describe("linked products: syncing one product", () => {
  const admin = useAdmin();

  it("shows the spinner on the row being synced only, not on every row's button", async () => {
    const shop = await newShop("stock-sync-one");
    await seedSyncedShop(shop);
    await browserDatabase().stockSyncSettings.create({
      data: { shop, enabled: true, locationId: "gid://shopify/Location/71001", locationName: "Bodega principal" },
    });
    const page = await admin.open(shop, "/app/products", "en", 1400);
    // The sync's answer is held back so the page is looked at while it is being sent.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === "/app/products",
      async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      },
    );
    const button = (name: string) => page.getByRole("button", { name: `Sync now: ${name}` });
    await button("Camiseta deportiva").click();
    await expect.poll(() => button("Camiseta deportiva").getAttribute("aria-busy")).toBe("true");
    expect(await button("Faja moldeadora").getAttribute("aria-busy")).not.toBe("true");
    expect(await button("Lámpara LED recargable").getAttribute("aria-busy")).not.toBe("true");
    release();
    await expect.poll(() => button("Camiseta deportiva").getAttribute("aria-busy")).not.toBe("true");
  });
});

describe("linked products: the price rule", () => {
  const admin = useAdmin();

  for (const locale of ["es", "en"] as const) {
    it(`refuses a bad margin on its field, previews the rule and applies it only once confirmed (${locale}, 390 px)`, async () => {
      const shop = await newShop(`price-${locale}`);
      await seedConfiguration(shop, {
        supplierStoreName: "Importadora Andina",
        supplierCountry: "CO",
        supplierToken: VALID_SUPPLIER_TOKEN,
      });
      await browserDatabase().stockSyncSettings.create({
        data: { shop, enabled: true, locationId: "gid://shopify/Location/71001", locationName: "Bodega principal" },
      });
      const words =
        locale === "es"
          ? {
              on: "Ajustar los precios con una regla",
              margin: "Multiplica el precio del proveedor por",
              preview: "Ver vista previa",
              marginError: "Escribe un multiplicador entre 0,01 y 100, por ejemplo 1,8.",
              empty: "Ninguna variante vinculada tiene precio en el proveedor",
              pending: "Pendiente de tu confirmación",
              confirm: "Confirmar y aplicar en las sincronizaciones",
              active: "Activa desde",
              off: "Desactivada: las sincronizaciones no cambian tus precios.",
              goodMargin: "1,8",
            }
          : {
              on: "Set prices with a rule",
              margin: "Multiply the supplier's price by",
              preview: "Preview",
              marginError: "Enter a multiplier between 0.01 and 100, for example 1.8.",
              empty: "No linked variant has a price at the supplier",
              pending: "Waiting for your confirmation",
              confirm: "Confirm and apply on syncs",
              active: "On since",
              off: "Off: syncs leave your prices alone.",
              goodMargin: "1.8",
            };
      const page = await admin.open(shop, "/app/products", locale, 390);
      await page.getByText(words.off).waitFor({ timeout: 2000 });

      await page.getByLabel(words.on).check({ force: true });
      const margin = page.getByLabel(words.margin);
      await margin.fill("abc");
      await page.getByRole("button", { name: words.preview, exact: true }).click();
      // The refusal is shown on the margin field itself, and the field says it is invalid.
      await page.getByText(words.marginError).waitFor({ timeout: 3000 });
      await expect.poll(() => margin.getAttribute("aria-invalid")).toBe("true");
      expect(await browserDatabase().stockSyncSettings.findUniqueOrThrow({ where: { shop } })).toMatchObject({
        priceRuleOn: false,
      });

      await margin.fill(words.goodMargin);
      await page.getByRole("button", { name: words.preview, exact: true }).click();
      await page.getByText(words.empty).waitFor({ timeout: 3000 });
      await page.getByText(words.pending).waitFor({ timeout: 3000 });
      const stored = await browserDatabase().stockSyncSettings.findUniqueOrThrow({ where: { shop } });
      expect(stored).toMatchObject({ priceRuleOn: true, marginBps: 18_000, pricePreviewAt: null });
      expect(await seriousAxeFindings(page)).toEqual([]);
      await screenshot(page, `price-rule-${locale}-390`);

      await page.getByRole("button", { name: words.confirm }).click();
      await page.getByText(words.active).waitFor({ timeout: 3000 });
      const confirmed = await browserDatabase().stockSyncSettings.findUniqueOrThrow({ where: { shop } });
      expect(confirmed.pricePreviewAt).not.toBeNull();
    });
  }
});
