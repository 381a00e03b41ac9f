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
    // The store product comes from the platform's resource picker.
    await dialog.getByRole("button", { name: "Elegir un producto de la tienda" }).click();
    const picker = page.getByTestId("resource-picker");
    await picker.getByRole("radio", { name: "Camiseta Running" }).check();
    await picker.getByRole("button", { name: "Seleccionar" }).click();
    // Every store variant starts mapped: S / Negro by SKU, the others by their size.
    const variationSelects = dialog.getByRole("combobox", { name: /^Variación del proveedor, fila/ });
    await expect.poll(() => variationSelects.count()).toBe(6);
    expect(await Promise.all([0, 1, 2, 3, 4, 5].map((n) => variationSelects.nth(n).inputValue()))).toEqual([
      "v-s",
      "v-s",
      "v-m",
      "v-m",
      "v-l",
      "v-l",
    ]);

    await dialog.getByText("Usar el nombre del proveedor como título del producto").click();
    await dialog.getByText("Agregar imágenes del proveedor").click();
    // Six images, five chosen by default; a sixth is refused until one is removed.
    await dialog.getByLabel("Imagen 6 de Camiseta deportiva").click({ force: true });
    await expect.poll(() => dialog.getByText("Elige como máximo 5 imágenes").isVisible()).toBe(true);
    await dialog.getByLabel("Imagen 2 de Camiseta deportiva").uncheck({ force: true });
    await dialog.getByLabel("Imagen 6 de Camiseta deportiva").check({ force: true });
    await screenshot(page, "catalogue-link-dialog-es");
    await dialog.getByRole("button", { name: "Revisar cambios" }).click();
    // The preview says what is overwritten; nothing was sent yet.
    await expect.poll(() => dialog.getByText("Cambios en Camiseta Running").isVisible()).toBe(true);
    expect(
      await dialog
        .getByText("Se agregan 5 imágenes del proveedor después de las del producto; no se quita ninguna.")
        .count(),
    ).toBe(1);
    expect(api.callsTo("POST", "/api/products/import")).toHaveLength(0);
    await dialog.getByRole("button", { name: "Confirmar y vincular" }).click();

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
    expect(JSON.parse(form.variantAssociations)).toHaveLength(6);
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
