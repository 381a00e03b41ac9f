import { describe, expect, it } from "vitest";
import type { SupplierProduct } from "~/lib/api-types";
import { seriousAxeFindings } from "./harness/axe";
import { screenshot } from "./harness/browser";
import { newCatalogueShop } from "./harness/catalogue-seed";
import { browserDatabase } from "./harness/database";
import { useAdmin } from "./harness/fixture";
import { shown } from "./harness/shown";

const WORDS = {
  es: {
    stock: "Stock: 34 · 3 variaciones",
    price: /39\.900\sCOP/,
    link: "Vincular a un producto de la tienda: Camiseta deportiva",
    choose: "Elegir un producto de la tienda",
    select: "Seleccionar",
    variationRow: /^Variación del proveedor, fila/,
    name: "Usar el nombre del proveedor como título del producto",
    images: "Agregar imágenes del proveedor",
    image: (n: number) => `Imagen ${n} de Camiseta deportiva`,
    imageLimit: "Elige como máximo 5 imágenes",
    review: "Revisar cambios",
    preview: "Cambios en Camiseta Running",
    imagesAdded: "Se agregan 5 imágenes del proveedor después de las del producto; no se quita ninguna.",
    confirm: "Confirmar y vincular",
    linked: "Producto vinculado",
    badge: "Vinculado",
    viewLink: "Ver vínculo",
    variants: "Variantes de Camiseta deportiva",
  },
  en: {
    stock: "Stock: 34 · 3 variations",
    price: /COP\s39,900/,
    link: "Link to a store product: Camiseta deportiva",
    choose: "Choose a store product",
    select: "Select",
    variationRow: /^Supplier variation, row/,
    name: "Use the supplier name as the product title",
    images: "Add supplier images",
    image: (n: number) => `Image ${n} of Camiseta deportiva`,
    imageLimit: "Choose at most 5 images",
    review: "Review changes",
    preview: "Changes to Camiseta Running",
    imagesAdded: "5 supplier images are added after the product's own images; none is removed.",
    confirm: "Confirm and link",
    linked: "Product linked",
    badge: "Linked",
    viewLink: "View link",
    variants: "Variants of Camiseta deportiva",
  },
};

/** 22 more favourites ("Vaso 1" … "Vaso 22"): 30 in all, two pages of 24. */
function glasses(): SupplierProduct[] {
  return Array.from({ length: 22 }, (_, n) => ({
    id: String(3000 + n),
    name: `Vaso ${n + 1}`,
    title: `Vaso ${n + 1}`,
    description: "",
    gallery: [],
    variations: [{ id: `${3000 + n}0`, sku: `VASO-${n + 1}`, price: 12000, stock: 5 }],
    price: 12000,
    stock: 5,
  }));
}

describe("supplier catalogue", () => {
  const admin = useAdmin();

  for (const [locale, width] of [
    ["es", 1400],
    ["en", 390],
  ] as const) {
    it(`links a supplier product with variant mapping and chosen images, then opens its mapping (${locale}, ${width} px)`, async () => {
      const w = WORDS[locale];
      const tag = `${locale}-${width}`;
      const seeded = await newCatalogueShop(`catalogue-${tag}`);
      const shirt = seeded.store.get("Camiseta Running")!;
      const page = await admin.open(seeded.shop, "/app/catalogue", locale, width);
      // The cards are in the document the server sent (prices in the supplier country's currency, the lowest
      // variation for variable products; summed stock).
      await shown(page.getByRole("heading", { name: "Camiseta deportiva" }));
      await shown(page.getByText(w.stock));
      await shown(page.getByText(w.price).first());
      expect(await seriousAxeFindings(page)).toEqual([]);
      await screenshot(page, `catalogue-${tag}`);

      await page.getByRole("button", { name: w.link }).click();
      const dialog = page.getByRole("dialog");
      // The store product comes from the platform's resource picker: the platform simulator's store.
      await dialog.getByRole("button", { name: w.choose }).click();
      const picker = page.getByTestId("resource-picker");
      await picker.getByRole("radio", { name: "Camiseta Running" }).check();
      await picker.getByRole("button", { name: w.select }).click();
      // Every store variant starts mapped to the supplier variation of its size.
      const [s, m, l] = seeded.variationIds("2061980");
      const variationSelects = dialog.getByRole("combobox", { name: w.variationRow });
      await expect.poll(() => variationSelects.count()).toBe(6);
      expect(await Promise.all([0, 1, 2, 3, 4, 5].map((n) => variationSelects.nth(n).inputValue()))).toEqual([
        s,
        s,
        m,
        m,
        l,
        l,
      ]);

      await dialog.getByText(w.name).click();
      await dialog.getByText(w.images).click();
      // Six images, five chosen by default; a sixth is refused until one is removed.
      await dialog.getByLabel(w.image(6)).click({ force: true });
      await expect.poll(() => dialog.getByText(w.imageLimit).isVisible()).toBe(true);
      await dialog.getByLabel(w.image(2)).uncheck({ force: true });
      await dialog.getByLabel(w.image(6)).check({ force: true });
      await screenshot(page, `catalogue-link-dialog-${tag}`);
      await dialog.getByRole("button", { name: w.review }).click();
      // The preview says what is overwritten; nothing was stored yet.
      await expect.poll(() => dialog.getByText(w.preview).isVisible()).toBe(true);
      expect(await dialog.getByText(w.imagesAdded).count()).toBe(1);
      expect(await browserDatabase().productAssociation.count({ where: { shop: seeded.shop } })).toBe(0);
      await dialog.getByRole("button", { name: w.confirm }).click();

      await expect.poll(() => page.getByTestId("toast").textContent(), { timeout: 20_000 }).toBe(w.linked);
      expect(await page.getByRole("dialog").count()).toBe(0);
      // What the action stored: the link, its six pairs and the options chosen.
      const association = await browserDatabase().productAssociation.findFirstOrThrow({
        where: { shop: seeded.shop },
      });
      expect(association).toMatchObject({
        supplierProductId: "2061980",
        platformProductId: shirt.id,
        saveSupplierName: true,
        saveSupplierDescription: false,
        useSuggestedBarcode: false,
        saveSupplierImages: true,
        imagesAdded: 5,
      });
      expect(
        (JSON.parse(association.variantAssociations) as { supplierVariationId: string }[]).map(
          (pair) => pair.supplierVariationId,
        ),
      ).toEqual([s, s, m, m, l, l]);

      // The action's revalidation badges the card, which now leads to its link's mapping.
      await expect.poll(() => page.getByText(w.badge, { exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: w.link }).count()).toBe(0);
      await page.getByRole("link", { name: `${w.viewLink}: Camiseta deportiva` }).click();
      const editor = page.getByRole("dialog");
      await editor.getByText(w.variants).waitFor();
      expect(new URL(page.url()).pathname).toBe("/app/products");
      expect(new URL(page.url()).searchParams.get("mapping")).toBe(association.id);
      expect(await editor.getByRole("combobox", { name: w.variationRow }).count()).toBe(6);
      expect(await seriousAxeFindings(page)).toEqual([]);
      await screenshot(page, `catalogue-view-link-${tag}`);
    });
  }

  it("searches, switches filters and pages through the catalogue through its URL", async () => {
    const seeded = await newCatalogueShop("catalogue-search", {
      extra: [...glasses(), { ...glasses()[0], id: "4000", name: "Perfume exclusivo", title: "Perfume exclusivo" }],
      privateIds: ["4000"],
    });
    const page = await admin.open(seeded.shop, "/app/catalogue", "en", 1400);
    await shown(page.getByText("30 products"));

    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => page.getByText("Page 2 of 2").isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");

    await page.getByLabel("Show").selectOption("private");
    await expect.poll(() => page.getByRole("heading", { name: "Perfume exclusivo" }).isVisible()).toBe(true);
    await shown(page.getByText("1 product", { exact: true }));
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();

    await page.getByLabel("Search supplier products").fill("reloj");
    // Only the match is left once the search answered; the search is the page's URL.
    await expect
      .poll(async () => [
        await page.getByRole("heading", { name: "Reloj inteligente" }).isVisible(),
        await page.getByRole("heading", { name: "Perfume exclusivo" }).count(),
      ])
      .toEqual([true, 0]);
    expect(new URL(page.url()).searchParams.get("q")).toBe("reloj");
    await shown(page.getByText("Filters do not apply while searching."));

    await page.getByLabel("Search supplier products").fill("nada parecido");
    await expect.poll(() => page.getByText("No products found").isVisible()).toBe(true);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshot(page, "catalogue-empty-en");

    // A reload of that URL (a shared link, the browser's Back) shows the same search in the first paint.
    await page.reload();
    await shown(page.getByText("No products found"));
    expect(await page.getByLabel("Search supplier products").inputValue()).toBe("nada parecido");
  });

  it("says the marketplace refused the token, without claiming there are no products, in Spanish", async () => {
    // The saved token is not one the marketplace knows.
    const seeded = await newCatalogueShop("catalogue-refused", { supplierToken: "sup-token-revoked" });
    const page = await admin.open(seeded.shop, "/app/catalogue", "es", 390);
    await shown(page.getByText("El marketplace del proveedor rechazó el token", { exact: false }));
    expect(await page.getByText("No se encontraron productos").count()).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshot(page, "catalogue-refused-es-390");
  });
});
