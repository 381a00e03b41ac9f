import { describe, expect, it } from "vitest";
import { screenshot } from "./harness/browser";
import { useAdmin } from "./harness/fixture";
import { configuredShop } from "./harness/seed";

describe("supplier catalogue", () => {
  const admin = useAdmin();

  it("links a supplier product to a store product with variant mapping and chosen images", async () => {
    const api = configuredShop(admin.shop);
    const page = await admin.open(api, "/app/catalogue", "es");
    const card = page.getByRole("heading", { name: "Camiseta deportiva" });
    await card.waitFor();
    // Prices in the supplier's currency (Colombia), the lowest variation for variable products; summed stock.
    expect(await page.getByText("Stock: 34 · 3 variaciones").isVisible()).toBe(true);
    expect(
      await page
        .getByText(/39\.900\sCOP/)
        .first()
        .isVisible(),
    ).toBe(true);
    // The first request is the default view: favourites, first page.
    const [first] = api.callsTo("GET", "/api/supplier/products");
    expect(Object.fromEntries(first.query)).toMatchObject({
      favorite: "true",
      privated_product: "false",
      startData: "0",
    });
    await screenshot(page, "catalogue-es");

    await page.getByRole("button", { name: "Vincular a un producto de la tienda: Camiseta deportiva" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Buscar productos de la tienda").fill("camiseta");
    await dialog.getByText("Camiseta Running").click();
    // Two of three variations share a SKU with a store variant (case ignored); the third is mapped by hand.
    await expect.poll(() => dialog.getByText("2 de 3 asignadas por SKU").isVisible()).toBe(true);
    const selects = dialog.getByRole("combobox", { name: "Variante de la tienda" });
    expect(await selects.nth(0).inputValue()).toBe("gid://shopify/ProductVariant/9101");
    expect(await selects.nth(1).inputValue()).toBe("gid://shopify/ProductVariant/9102");
    expect(await selects.nth(2).inputValue()).toBe("");
    await selects.nth(2).selectOption({ label: "Grande (CR-GRANDE)" });

    await dialog.getByText("Usar el nombre del proveedor como título del producto").click();
    await dialog.getByText("Agregar imágenes del proveedor").click();
    // Six images, five chosen by default; a sixth is refused until one is removed.
    await dialog.getByLabel("Imagen 6 de Camiseta deportiva").click({ force: true });
    await expect.poll(() => dialog.getByText("Elige como máximo 5 imágenes").isVisible()).toBe(true);
    await dialog.getByLabel("Imagen 2 de Camiseta deportiva").uncheck({ force: true });
    await dialog.getByLabel("Imagen 6 de Camiseta deportiva").check({ force: true });
    await screenshot(page, "catalogue-link-dialog-es");
    await dialog.getByRole("button", { name: "Vincular producto" }).click();

    await expect.poll(() => page.getByTestId("toast").textContent()).toBe("Producto vinculado");
    expect(await page.getByRole("dialog").count()).toBe(0);
    const [link] = api.callsTo("POST", "/api/products/import");
    const form = Object.fromEntries(link.form);
    expect(form).toMatchObject({
      supplierProductId: "2061980",
      platformProductId: "gid://shopify/Product/801",
      saveSupplierName: "true",
      saveSupplierDescription: "false",
      useSuggestedBarcode: "false",
      saveSupplierImages: "true",
    });
    expect(JSON.parse(form.variantAssociations)).toEqual([
      { supplierVariationId: "v-s", platformVariantId: "gid://shopify/ProductVariant/9101" },
      { supplierVariationId: "v-m", platformVariantId: "gid://shopify/ProductVariant/9102" },
      { supplierVariationId: "v-l", platformVariantId: "gid://shopify/ProductVariant/9103" },
    ]);
    const sentImages = (JSON.parse(form.supplierProductData) as { gallery: { url: string }[] }).gallery.map((image) =>
      image.url.split("/").pop(),
    );
    expect(sentImages).toEqual(["1.svg", "3.svg", "4.svg", "5.svg", "6.svg"]);
    // The card now carries the badge and leads to its link instead of offering to link it twice.
    await expect.poll(() => page.getByText("Vinculado", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("Ver vínculo", { exact: true }).isVisible()).toBe(true);
    expect(
      await page.getByRole("button", { name: "Vincular a un producto de la tienda: Camiseta deportiva" }).count(),
    ).toBe(0);
  });

  it("searches, switches filters and pages through the catalogue", async () => {
    const api = configuredShop(admin.shop);
    // 30 products: two pages of 24.
    api.supplierProducts.push(
      ...Array.from({ length: 22 }, (_, n) => ({
        ...api.supplierProducts[1],
        id: String(3000 + n),
        name: `Vaso ${n + 1}`,
      })),
    );
    const page = await admin.open(api, "/app/catalogue", "en");
    await page.getByRole("heading", { name: "Camiseta deportiva" }).waitFor();
    expect(await page.getByText("30 products").isVisible()).toBe(true);

    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => page.getByText("Page 2 of 2").isVisible()).toBe(true);
    await expect.poll(() => api.callsTo("GET", "/api/supplier/products").at(-1)?.query.get("startData")).toBe("24");
    expect(await page.getByRole("heading", { name: "Vaso 22" }).isVisible()).toBe(true);

    await page.getByLabel("Show").selectOption("private");
    await expect
      .poll(() => api.callsTo("GET", "/api/supplier/products").at(-1)?.query.get("privated_product"))
      .toBe("true");

    await page.getByLabel("Search supplier products").fill("reloj");
    // The search goes out after a debounce: wait for that request, not for a list that may already look right.
    await expect.poll(() => api.callsTo("GET", "/api/supplier/products").at(-1)?.query.get("keywords")).toBe("reloj");
    // Only the match is left once the search answered.
    await expect
      .poll(async () => [
        await page.getByRole("heading", { name: "Reloj inteligente" }).isVisible(),
        await page.getByRole("heading", { name: "Camiseta deportiva" }).count(),
      ])
      .toEqual([true, 0]);
    expect(await page.getByText("Filters do not apply while searching.").isVisible()).toBe(true);

    await page.getByLabel("Search supplier products").fill("nada parecido");
    await expect.poll(() => page.getByText("No products found").isVisible()).toBe(true);
    await screenshot(page, "catalogue-empty-en");
  });
});
