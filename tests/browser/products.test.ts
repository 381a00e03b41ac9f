import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./harness/axe";
import { screenshot } from "./harness/browser";
import { browserDatabase, newShop } from "./harness/database";
import { useAdmin } from "./harness/fixture";
import { shown } from "./harness/shown";

/** A link as the import leaves it, in the test shop's database. */
async function linked(shop: string, supplierProductName: string, platformProductTitle: string, n: number) {
  return browserDatabase().productAssociation.create({
    data: {
      shop,
      supplierProductId: String(2061980 + n),
      platformProductId: `gid://shopify/Product/80${n}`,
      supplierProductName,
      platformProductTitle,
      importType: "link",
      saveSupplierName: n === 1,
      useSuggestedBarcode: n === 1,
      saveSupplierImages: true,
      imagesAdded: n === 1 ? 3 : 0,
      lastSyncedAt: new Date("2026-11-20T15:30:00.000Z"),
      createdAt: new Date(Date.UTC(2026, 10, 20, 15, 30 - n)),
    },
  });
}

describe("linked products", () => {
  const admin = useAdmin();

  for (const [locale, width] of [
    ["en", 1400],
    ["es", 390],
  ] as const) {
    it(`lists the links from the first paint and deletes one after confirmation (${locale}, ${width} px)`, async () => {
      const shop = await newShop(`products-${locale}-${width}`);
      const first = await linked(shop, "Camiseta deportiva", "Camiseta Running", 1);
      await linked(shop, "Lámpara LED recargable", "Lámpara de escritorio", 2);
      const page = await admin.open(shop, "/app/products", locale, width);
      const words =
        locale === "en"
          ? {
              barcodes: "Barcodes",
              date: "Never synced yet",
              remove: "Delete link",
              cancel: "Cancel",
              done: "Link deleted",
            }
          : {
              barcodes: "Códigos de barras",
              date: "Todavía no se ha sincronizado",
              remove: "Eliminar vínculo",
              cancel: "Cancelar",
              done: "Vínculo eliminado",
            };
      // The rows are in the document the server sent: no skeleton, no request of the page's own. At phone
      // width the table is a list of stacked rows, from the first paint (first-paint.test.ts).
      const row = page.locator(width < 490 ? "li" : "tr").filter({ hasText: "Camiseta deportiva", visible: true });
      await row.waitFor({ timeout: 1000 });
      expect(await row.textContent()).toContain("Camiseta Running");
      expect(await row.textContent()).toContain(words.barcodes);
      expect(await row.textContent()).toContain(words.date);
      expect(await seriousAxeFindings(page)).toEqual([]);
      await screenshot(page, `products-${locale}-${width}`);

      await page.getByRole("button", { name: `${words.remove}: Camiseta deportiva` }).click();
      // Cancelling deletes nothing.
      await page.getByRole("dialog").getByRole("button", { name: words.cancel }).click();
      await page.getByRole("button", { name: `${words.remove}: Camiseta deportiva` }).click();
      await page.getByRole("dialog").getByRole("button", { name: words.remove }).click();
      await expect.poll(() => page.getByTestId("toast").textContent()).toBe(words.done);
      await expect.poll(() => browserDatabase().productAssociation.count({ where: { id: first.id } })).toBe(0);
      // The action's revalidation drops the row; the other link stays.
      await expect.poll(() => page.getByText("Camiseta deportiva").count()).toBe(0);
      await shown(page.getByText("Lámpara LED recargable").filter({ visible: true }));
      expect(await page.getByText("Lámpara LED recargable").filter({ visible: true }).count()).toBe(1);
      expect(await browserDatabase().productAssociation.count({ where: { shop } })).toBe(1);
    });
  }

  it("shows the way to the catalogue when nothing is linked, in Spanish", async () => {
    const shop = await newShop("products-empty");
    const page = await admin.open(shop, "/app/products", "es", 1400);
    await shown(page.getByText("Aún no hay productos vinculados"));
    expect(await page.getByRole("link", { name: "Abrir el catálogo" }).getAttribute("href")).toContain(
      "/app/catalogue",
    );
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshot(page, "products-empty-es");

    // A mapping link to a link that is gone (removed, or another shop's) says so in the dialog, translated.
    const url = new URL(page.url());
    url.searchParams.set("mapping", "removed-link");
    await page.goto(url.href);
    const dialog = page.getByRole("dialog");
    await shown(dialog.getByText("Este elemento ya no existe. Recarga la página."));
    expect(await dialog.getByRole("combobox").count()).toBe(0);
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("mapping")).toBeNull();
  });
});
