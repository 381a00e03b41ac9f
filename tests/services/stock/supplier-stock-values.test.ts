import { afterEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { syncShopStock } from "~/services/stock/sync.server";
import { applyStockCommand } from "../../../sandbox/supplier/market";
import type { CatalogueProduct } from "../../../sandbox/supplier/server";
import { shopDomain } from "../../helpers/factories";
import { stockSandbox, type StockSandbox } from "../../helpers/stock-sandbox";

// What a supplier stock that is not a count does to a sync (docs/decisions/284), through the real simulators.

const noSleep = async () => undefined;

let sandbox: StockSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** Two linked products, each with two mapped variants, and their store variants' ids. */
async function twoLinkedProducts(shop: string) {
  sandbox = await stockSandbox(shop);
  const storeProducts = sandbox.state.products.filter((product) => product.variants.length >= 2).slice(0, 2);
  const supplierProducts = sandbox.supplier.catalogue
    .filter((product) => product.variations.length >= 2 && !product.privated_product)
    .slice(0, 2);
  const links = [];
  for (const [index, storeProduct] of storeProducts.entries()) {
    const association = await sandbox.link(storeProduct, supplierProducts[index], 2);
    const variantGids = storeProduct.variants
      .slice(0, 2)
      .map((variant) => `gid://shopify/ProductVariant/${variant.id}`);
    links.push({ association, supplierProduct: supplierProducts[index], variantGids });
  }
  return { sandbox, links };
}

/** Makes the marketplace answer this value as a variation's stock, whatever it is. */
function answerStock(product: CatalogueProduct, variationIndex: number, value: unknown) {
  product.variations[variationIndex].stock = value as number;
}

async function productRow(associationId: string) {
  return prisma.stockSyncProduct.findUniqueOrThrow({ where: { associationId } });
}

describe("a supplier stock that is not a count", () => {
  it("leaves a variant whose supplier stock is negative as it is, and says so on that product", async () => {
    const shop = shopDomain();
    const { sandbox, links } = await twoLinkedProducts(shop);
    const [first] = links;
    answerStock(first.supplierProduct, 0, -5);
    applyStockCommand(sandbox.supplier.catalogue, {
      productId: first.supplierProduct.id,
      variationId: first.supplierProduct.variations[1].id,
      stock: 4,
    });
    const before = sandbox.available(first.variantGids[0]);
    expect(before).toBeGreaterThan(0);

    const result = await syncShopStock(shop, { trigger: "manual", sleep: noSleep });

    expect(result.status).toBe("partial");
    expect(sandbox.available(first.variantGids[0])).toBe(before);
    // The product's other variant still follows the supplier.
    expect(sandbox.available(first.variantGids[1])).toBe(4);
    const row = await productRow(first.association.id);
    expect(row).toMatchObject({ status: "partial", errorCode: "supplier_stock_invalid", supplierOutOfStock: false });
    expect(row.errorMessage).toContain("(-5)");
  });

  it("keeps one product's absurd stock from holding back the shop's other products", async () => {
    const shop = shopDomain();
    const { sandbox, links } = await twoLinkedProducts(shop);
    const [absurd, other] = links;
    answerStock(absurd.supplierProduct, 0, 1e15);
    applyStockCommand(sandbox.supplier.catalogue, { productId: other.supplierProduct.id, stock: 3 });
    const absurdBefore = sandbox.available(absurd.variantGids[0]);

    const result = await syncShopStock(shop, { trigger: "manual", sleep: noSleep });

    expect(result.status).toBe("partial");
    expect(other.variantGids.map((gid) => sandbox.available(gid))).toEqual([3, 3]);
    expect(sandbox.available(absurd.variantGids[0])).toBe(absurdBefore);
    expect(await productRow(other.association.id)).toMatchObject({ status: "ok", errorCode: null });
    const row = await productRow(absurd.association.id);
    expect(row).toMatchObject({ status: "partial", errorCode: "supplier_stock_invalid" });
    expect(row.errorMessage).toContain("(1000000000000000)");
  });

  it("refuses a count above what the platform accepts (1,000,000,000 units) before sending it", async () => {
    const shop = shopDomain();
    const { sandbox, links } = await twoLinkedProducts(shop);
    answerStock(links[0].supplierProduct, 0, 1_000_000_001);
    answerStock(links[0].supplierProduct, 1, 1_000_000_000);

    await syncShopStock(shop, { trigger: "manual", sleep: noSleep });

    expect(sandbox.available(links[0].variantGids[1])).toBe(1_000_000_000);
    const row = await productRow(links[0].association.id);
    expect(row).toMatchObject({ errorCode: "supplier_stock_invalid" });
    expect(row.errorMessage).not.toMatch(/store refused/);
  });

  it("makes a fractional or worded stock that product's problem, not the whole shop's", async () => {
    const shop = shopDomain();
    const { sandbox, links } = await twoLinkedProducts(shop);
    const [fraction, worded] = links;
    answerStock(fraction.supplierProduct, 0, 2.5);
    answerStock(worded.supplierProduct, 0, "muchos");
    applyStockCommand(sandbox.supplier.catalogue, {
      productId: worded.supplierProduct.id,
      variationId: worded.supplierProduct.variations[1].id,
      stock: 0,
    });
    const before = [fraction.variantGids[0], worded.variantGids[0]].map((gid) => sandbox.available(gid));

    const result = await syncShopStock(shop, { trigger: "manual", sleep: noSleep });

    expect(result.errorCode).toBe("supplier_stock_invalid");
    expect([fraction.variantGids[0], worded.variantGids[0]].map((gid) => sandbox.available(gid))).toEqual(before);
    expect(sandbox.available(worded.variantGids[1])).toBe(0);
    expect(await productRow(worded.association.id)).toMatchObject({ status: "partial" });
    expect((await productRow(worded.association.id)).errorMessage).toContain('("muchos")');
    expect((await productRow(fraction.association.id)).errorMessage).toContain("(2.5)");
  });
});

describe("a supplier stock of null", () => {
  it("is not 0: the variant is left as it is and the product says the supplier did not tell", async () => {
    const shop = shopDomain();
    const { sandbox, links } = await twoLinkedProducts(shop);
    const [first] = links;
    answerStock(first.supplierProduct, 0, null);
    const before = sandbox.available(first.variantGids[0]);
    expect(before).toBeGreaterThan(0);

    const result = await syncShopStock(shop, { trigger: "manual", sleep: noSleep });

    expect(sandbox.available(first.variantGids[0])).toBe(before);
    expect(result.status).toBe("partial");
    const row = await productRow(first.association.id);
    expect(row).toMatchObject({ status: "partial", errorCode: "supplier_stock_unknown", supplierOutOfStock: false });
  });

  it("is not 0 for a simple product whose warehouse does not say either", async () => {
    const shop = shopDomain();
    sandbox = await stockSandbox(shop);
    const storeProduct = sandbox.state.products.find((product) => product.variants.length === 1)!;
    const simple = sandbox.supplier.catalogue.find(
      (product) => !product.variations.length && !product.privated_product,
    )!;
    const association = await sandbox.link(storeProduct, simple, 1);
    const gid = `gid://shopify/ProductVariant/${storeProduct.variants[0].id}`;
    simple.warehouse_product = [{ warehouse_id: 5212, stock: null as unknown as number }];
    const before = sandbox.available(gid);
    expect(before).toBeGreaterThan(0);

    await syncShopStock(shop, { trigger: "manual", sleep: noSleep });

    expect(sandbox.available(gid)).toBe(before);
    expect(await productRow(association.id)).toMatchObject({ errorCode: "supplier_stock_unknown" });
  });
});
