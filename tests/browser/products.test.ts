import { describe, expect, it } from "vitest";
import { screenshot } from "./harness/browser";
import { FakeApi } from "./harness/fake-api";
import { useAdmin } from "./harness/fixture";
import { configuredShop } from "./harness/seed";

function linked(api: FakeApi, supplierProductName: string, platformProductTitle: string, n: number) {
  api.associations.push({
    id: `assoc_${n}`,
    shop: api.configuration.shop,
    supplierProductId: String(2061980 + n),
    platformProductId: `gid://shopify/Product/80${n}`,
    supplierProductName,
    platformProductTitle,
    importType: "link",
    saveSupplierName: n === 1,
    saveSupplierDescription: false,
    useSuggestedBarcode: n === 1,
    saveSupplierImages: true,
    variantAssociations: [],
    supplierVariations: [],
    imagesAdded: n === 1 ? 3 : 0,
    lastSyncedAt: "2026-11-20T15:30:00.000Z",
    createdAt: "2026-11-20T15:30:00.000Z",
  });
}

describe("linked products", () => {
  const admin = useAdmin();

  it("deletes an association after confirmation, leaving the others", async () => {
    const api = configuredShop(admin.shop);
    linked(api, "Camiseta deportiva", "Camiseta Running", 1);
    linked(api, "Lámpara LED recargable", "Lámpara de escritorio", 2);
    const page = await admin.open(api, "/app/products", "en");
    const table = page.getByRole("table");
    await table.getByText("Camiseta deportiva").waitFor();
    // Both names, what was copied and the last sync, in the merchant's format.
    const row = table.getByRole("row").filter({ hasText: "Camiseta deportiva" });
    expect(await row.textContent()).toContain("Camiseta Running");
    expect(await row.textContent()).toContain("Barcodes");
    expect(await row.textContent()).toContain("Nov 20, 2026");
    await screenshot(page, "products-en");

    await page.getByRole("button", { name: "Delete link: Camiseta deportiva" }).click();
    const dialog = page.getByRole("dialog");
    expect(await dialog.getByText("Delete the link of Camiseta deportiva?").isVisible()).toBe(true);
    // Cancelling deletes nothing.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(api.callsTo("POST", "/api/products/association/delete")).toHaveLength(0);

    await page.getByRole("button", { name: "Delete link: Camiseta deportiva" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete link" }).click();
    await expect.poll(() => page.getByTestId("toast").textContent()).toBe("Link deleted");
    expect(Object.fromEntries(api.callsTo("POST", "/api/products/association/delete")[0].form)).toEqual({
      associationId: "assoc_1",
    });
    await expect.poll(() => table.getByText("Camiseta deportiva").count()).toBe(0);
    expect(await table.getByText("Lámpara LED recargable").isVisible()).toBe(true);
  });

  it("shows the way to the catalogue when nothing is linked, in Spanish", async () => {
    const page = await admin.open(configuredShop(admin.shop), "/app/products", "es");
    await expect.poll(() => page.getByText("Aún no hay productos vinculados").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Abrir el catálogo" }).getAttribute("href")).toContain(
      "/app/catalogue",
    );
    await screenshot(page, "products-empty-es");
  });
});
