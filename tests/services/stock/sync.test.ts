import { afterEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { updateVariantMapping } from "~/services/catalogue/variant-links.server";
import { purgeStockHistory, saveStockSyncSettings, takeSyncLease } from "~/services/stock/records.server";
import { runScheduledStockSyncs, syncAfterLinkSaved } from "~/services/stock/schedule.server";
import { syncShopStock } from "~/services/stock/sync.server";
import { applyStockCommand } from "../../../sandbox/supplier/market";
import { shopDomain } from "../../helpers/factories";
import { stockSandbox, type StockSandbox } from "../../helpers/stock-sandbox";

const noSleep = async () => undefined;

async function until(condition: () => Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
let sandbox: StockSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** A store product with several variants and a public supplier product with as many variations. */
async function linkedShirt(shop: string) {
  sandbox = await stockSandbox(shop);
  const storeProduct = sandbox.state.products.find((product) => product.variants.length >= 4)!;
  const supplierProduct = sandbox.supplier.catalogue.find(
    (product) => product.variations.length >= 4 && !product.privated_product,
  )!;
  const association = await sandbox.link(storeProduct, supplierProduct, 4);
  const variantGid = (index: number) => `gid://shopify/ProductVariant/${storeProduct.variants[index].id}`;
  return { sandbox, storeProduct, supplierProduct, association, variantGid };
}

describe("stock sync from the supplier to the store", () => {
  it("sets the store's available quantity to 0 when the supplier runs out, and back when it restocks", async () => {
    const shop = shopDomain();
    const { sandbox, supplierProduct, association, variantGid } = await linkedShirt(shop);
    const variation = supplierProduct.variations[0];
    applyStockCommand(sandbox.supplier.catalogue, {
      productId: supplierProduct.id,
      variationId: variation.id,
      stock: 0,
    });
    const before = sandbox.available(variantGid(0));
    expect(before).toBeGreaterThan(0);

    const out = await syncShopStock(shop, { trigger: "manual", sleep: noSleep });
    expect(out).toMatchObject({ status: "ok", products: 1 });
    expect(sandbox.available(variantGid(0))).toBe(0);
    // Every mapped variant follows its variation.
    for (let index = 1; index < 4; index++) {
      expect(sandbox.available(variantGid(index))).toBe(supplierProduct.variations[index].stock);
    }
    const outRow = await prisma.stockSyncProduct.findUniqueOrThrow({ where: { associationId: association.id } });
    expect(outRow).toMatchObject({ status: "ok", supplierOutOfStock: true });
    expect(outRow.lastSuccessAt).not.toBeNull();

    applyStockCommand(sandbox.supplier.catalogue, {
      productId: supplierProduct.id,
      variationId: variation.id,
      stock: 25,
    });
    const back = await syncShopStock(shop, { trigger: "schedule", sleep: noSleep });
    expect(back).toMatchObject({ status: "ok", changes: 1 });
    expect(sandbox.available(variantGid(0))).toBe(25);
    const backRow = await prisma.stockSyncProduct.findUniqueOrThrow({ where: { associationId: association.id } });
    expect(backRow.supplierOutOfStock).toBe(false);

    const history = await prisma.stockSyncChange.findMany({
      where: { associationId: association.id, platformVariantId: variantGid(0) },
      orderBy: { at: "asc" },
    });
    expect(history.map((change) => [change.field, change.before, change.after])).toEqual([
      ["stock", String(before), "0"],
      ["stock", "0", "25"],
    ]);
  });

  it("changes nothing when nothing moved at the supplier", async () => {
    const shop = shopDomain();
    const { sandbox } = await linkedShirt(shop);
    await syncShopStock(shop, { trigger: "manual", sleep: noSleep });
    sandbox.platform.calls.length = 0;
    const again = await syncShopStock(shop, { trigger: "manual", sleep: noSleep });
    expect(again).toMatchObject({ status: "ok", changes: 0 });
    expect(sandbox.platform.calls).toEqual(["StockProducts"]);
  });

  it("leaves unmapped store variants alone and lists them", async () => {
    const shop = shopDomain();
    sandbox = await stockSandbox(shop);
    const storeProduct = sandbox.state.products.find((product) => product.variants.length >= 4)!;
    const supplierProduct = sandbox.supplier.catalogue.find((p) => p.variations.length >= 2 && !p.privated_product)!;
    const association = await sandbox.link(storeProduct, supplierProduct, 2);
    const unmapped = storeProduct.variants.slice(2);
    const unmappedBefore = unmapped.map((variant) => sandbox!.available(`gid://shopify/ProductVariant/${variant.id}`));
    for (const variation of supplierProduct.variations) {
      applyStockCommand(sandbox.supplier.catalogue, {
        productId: supplierProduct.id,
        variationId: variation.id,
        stock: 0,
      });
    }

    await syncShopStock(shop, { trigger: "manual", sleep: noSleep });

    expect(unmapped.map((variant) => sandbox!.available(`gid://shopify/ProductVariant/${variant.id}`))).toEqual(
      unmappedBefore,
    );
    const row = await prisma.stockSyncProduct.findUniqueOrThrow({ where: { associationId: association.id } });
    expect(JSON.parse(row.unmappedVariants)).toEqual(
      unmapped.map((variant) => ({ id: `gid://shopify/ProductVariant/${variant.id}`, title: variant.title })),
    );
  });

  it("leaves the store as it is and says so when the supplier is down", async () => {
    const shop = shopDomain();
    const { sandbox, supplierProduct, association, variantGid } = await linkedShirt(shop);
    applyStockCommand(sandbox.supplier.catalogue, { productId: supplierProduct.id, stock: 0 });
    await sandbox.supplierFails(503);
    const before = [0, 1, 2, 3].map((index) => sandbox.available(variantGid(index)));

    const result = await syncShopStock(shop, { trigger: "schedule", sleep: noSleep });

    expect(result).toMatchObject({ status: "failed", errorCode: "supplier_unavailable", changes: 0 });
    expect([0, 1, 2, 3].map((index) => sandbox.available(variantGid(index)))).toEqual(before);
    expect(sandbox.platform.calls).toEqual([]);
    const row = await prisma.stockSyncProduct.findUniqueOrThrow({ where: { associationId: association.id } });
    expect(row).toMatchObject({ status: "failed", errorCode: "supplier_unavailable", lastSuccessAt: null });
    expect(row.errorMessage).toMatch(/left as it is/);
  });

  it("never zeroes a product the supplier no longer lists", async () => {
    const shop = shopDomain();
    const { sandbox, supplierProduct, association, variantGid } = await linkedShirt(shop);
    sandbox.supplier.catalogue.splice(sandbox.supplier.catalogue.indexOf(supplierProduct), 1);
    const before = sandbox.available(variantGid(0));

    const result = await syncShopStock(shop, { trigger: "schedule", sleep: noSleep });

    expect(result.status).toBe("failed");
    expect(sandbox.available(variantGid(0))).toBe(before);
    const row = await prisma.stockSyncProduct.findUniqueOrThrow({ where: { associationId: association.id } });
    expect(row.errorCode).toBe("supplier_product_missing");
  });

  it("leaves the store as it is when the platform refuses the token", async () => {
    const shop = shopDomain();
    const { sandbox, supplierProduct, association, variantGid } = await linkedShirt(shop);
    applyStockCommand(sandbox.supplier.catalogue, { productId: supplierProduct.id, stock: 0 });
    const before = sandbox.available(variantGid(0));
    sandbox.platform.refuseToken = true;

    const result = await syncShopStock(shop, { trigger: "schedule", sleep: noSleep });

    expect(result).toMatchObject({ status: "failed", errorCode: "UNAUTHORIZED", changes: 0 });
    expect(sandbox.available(variantGid(0))).toBe(before);
    const row = await prisma.stockSyncProduct.findUniqueOrThrow({ where: { associationId: association.id } });
    expect(row.errorMessage).toMatch(/refused the shop's access token/);
  });

  it("syncs a product when its mapping is saved, following the new mapping", async () => {
    const shop = shopDomain();
    const { sandbox, supplierProduct, association, variantGid } = await linkedShirt(shop);
    const [first, second] = supplierProduct.variations;
    applyStockCommand(sandbox.supplier.catalogue, { productId: supplierProduct.id, variationId: first.id, stock: 3 });
    applyStockCommand(sandbox.supplier.catalogue, { productId: supplierProduct.id, variationId: second.id, stock: 0 });
    await syncShopStock(shop, { trigger: "manual", sleep: noSleep });
    expect(sandbox.available(variantGid(0))).toBe(3);

    // The first store variant now follows the second variation (out of stock).
    const pairs = JSON.parse(association.variantAssociations) as {
      supplierVariationId: string;
      platformVariantId: string;
    }[];
    pairs[0].supplierVariationId = String(second.id);
    await updateVariantMapping(shop, { shop }, association.id, pairs);
    // Saving the mapping syncs the product by itself.
    await until(
      async () =>
        (await prisma.stockSyncRun.count({ where: { shop, trigger: "link", finishedAt: { not: null } } })) === 1,
    );
    await until(async () => (await prisma.stockSyncLease.count({ where: { shop } })) === 0);

    expect(sandbox.available(variantGid(0))).toBe(0);
  });

  it("lets one process sync a shop at a time", async () => {
    const shop = shopDomain();
    const { sandbox, supplierProduct, variantGid } = await linkedShirt(shop);
    applyStockCommand(sandbox.supplier.catalogue, { productId: supplierProduct.id, stock: 7 });

    const [first, second] = await Promise.all([
      syncShopStock(shop, { trigger: "schedule", sleep: noSleep }),
      syncShopStock(shop, { trigger: "manual", sleep: noSleep }),
    ]);

    expect([first.status, second.status].sort()).toEqual(["busy", "ok"]);
    expect(sandbox.available(variantGid(0))).toBe(7);
    expect(await prisma.stockSyncRun.count({ where: { shop } })).toBe(1);
    expect(await prisma.stockSyncLease.count({ where: { shop } })).toBe(0);
  });

  it("takes over a lease whose holder's time ran out, never a live one", async () => {
    const shop = shopDomain();
    const now = new Date("2026-11-26T12:00:00Z");
    expect(await takeSyncLease(shop, now, 60_000)).not.toBeNull();
    expect(await takeSyncLease(shop, new Date(now.getTime() + 30_000), 60_000)).toBeNull();
    expect(await takeSyncLease(shop, new Date(now.getTime() + 61_000), 60_000)).not.toBeNull();
  });

  it("says sync is not set up before a location is chosen, and touches nothing", async () => {
    const shop = shopDomain();
    await saveStockSyncSettings(shop, { enabled: true, locationId: null });
    expect(await syncShopStock(shop, { trigger: "manual" })).toMatchObject({
      status: "not_configured",
      errorCode: "sync_not_configured",
    });
  });

  it("sets prices by the rule, rounded up to an amount ending in 900, compare-at untouched", async () => {
    const shop = shopDomain();
    const { sandbox, storeProduct, supplierProduct, association } = await linkedShirt(shop);
    await saveStockSyncSettings(shop, {
      priceRuleOn: true,
      marginBps: 18_000,
      fixedAmount: 3_000,
      rounding: "ends_900",
      // The merchant confirmed the rule's preview: before that no sync sets a price.
      pricePreviewAt: new Date(),
    });
    applyStockCommand(sandbox.supplier.catalogue, { productId: supplierProduct.id, price: "30000" });

    const result = await syncShopStock(shop, { trigger: "manual", sleep: noSleep });

    expect(result.status).toBe("ok");
    // 30,000 x 1.8 + 3,000 = 57,000, up to 57,900 (the store had 59,900).
    expect(storeProduct.variants.slice(0, 4).map((variant) => variant.price)).toEqual(Array(4).fill("57900.00"));
    const prices = await prisma.stockSyncChange.findMany({ where: { associationId: association.id, field: "price" } });
    expect(prices).toHaveLength(4);
    expect(prices.map((change) => [change.before, change.after])).toContainEqual(["59900.00", "57900.00"]);
  });

  it("keeps the history of changes for 30 days", async () => {
    const shop = shopDomain();
    const now = new Date("2026-11-26T12:00:00Z");
    const change = {
      shop,
      associationId: "a",
      runId: "r",
      platformVariantId: "v",
      variantTitle: "S",
      field: "stock",
      after: "0",
    };
    await prisma.stockSyncChange.createMany({
      data: [
        { ...change, at: new Date(now.getTime() - 31 * 86_400_000) },
        { ...change, at: new Date(now.getTime() - 29 * 86_400_000) },
      ],
    });
    expect(await purgeStockHistory(now)).toBe(1);
    expect(await prisma.stockSyncChange.count({ where: { shop } })).toBe(1);
  });
});

describe("when the stock sync runs", () => {
  it("syncs each shop with sync on once an hour, whatever the fleet's checks", async () => {
    const shop = shopDomain();
    const { sandbox, supplierProduct, variantGid } = await linkedShirt(shop);
    const off = shopDomain();
    await saveStockSyncSettings(off, { enabled: false, locationId: "gid://shopify/Location/71001" });
    const start = new Date();

    expect(await runScheduledStockSyncs(start, { sleep: noSleep })).toBe(1);
    applyStockCommand(sandbox.supplier.catalogue, { productId: supplierProduct.id, stock: 0 });
    expect(await runScheduledStockSyncs(new Date(start.getTime() + 30 * 60_000), { sleep: noSleep })).toBe(0);
    expect(sandbox.available(variantGid(0))).not.toBe(0);
    expect(await runScheduledStockSyncs(new Date(start.getTime() + 61 * 60_000), { sleep: noSleep })).toBe(1);
    expect(sandbox.available(variantGid(0))).toBe(0);
    expect(await prisma.stockSyncRun.count({ where: { shop: off } })).toBe(0);
  });

  it("syncs a product after its link is saved only when the shop's sync is on", async () => {
    const shop = shopDomain();
    const { association } = await linkedShirt(shop);
    await saveStockSyncSettings(shop, { enabled: false });
    expect(await syncAfterLinkSaved(shop, association.id, { sleep: noSleep })).toBeNull();
    await saveStockSyncSettings(shop, { enabled: true });
    expect(await syncAfterLinkSaved(shop, association.id, { sleep: noSleep })).toMatchObject({
      status: "ok",
      products: 1,
    });
  });
});
