import { afterEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action, loader } from "~/routes/app.products/route";
import { applyStockCommand } from "../../sandbox/supplier/market";
import { createSession, shopDomain } from "../helpers/factories";
import { adminRequest, formBody } from "../helpers/requests";
import { MAIN_LOCATION, stockSandbox, type StockSandbox } from "../helpers/stock-sandbox";

const args = { params: {}, context: {} };
const load = async (shop: string, query = "") =>
  loader({ request: await adminRequest(`/app/products${query}`, shop), ...args });
const post = async (shop: string, fields: Record<string, string>) =>
  action({ request: await adminRequest("/app/products", shop, formBody(fields)), ...args });

let sandbox: StockSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function linkedShop() {
  const shop = shopDomain();
  sandbox = await stockSandbox(shop);
  const storeProduct = sandbox.state.products.find((product) => product.variants.length >= 4)!;
  const supplierProduct = sandbox.supplier.catalogue.find((p) => p.variations.length >= 4 && !p.privated_product)!;
  const association = await sandbox.link(storeProduct, supplierProduct, 3);
  return { shop, sandbox, storeProduct, supplierProduct, association };
}

describe("linked products page: stock sync", () => {
  it("asks for the inventory permissions, and reads no location, before they are granted", async () => {
    const shop = shopDomain();
    await createSession(shop);
    const data = await load(shop);
    expect(data.sync).toMatchObject({
      enabled: false,
      missingScopes: ["read_inventory", "write_inventory", "read_locations"],
      locations: [],
      lastRun: null,
    });
    const response = await post(shop, { intent: "stock-settings", enabled: "true", locationId: MAIN_LOCATION });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ success: false, code: "missing_scopes" });
  });

  it("says a product was never synced until it is, then shows when and what changed", async () => {
    const { shop, sandbox, supplierProduct, association } = await linkedShop();
    const before = await load(shop);
    expect(before.sync.locations.map((location) => location.name)).toContain("Bodega principal");
    expect(before.stock[association.id]).toMatchObject({ lastSuccessAt: null, status: null, changes: [] });

    applyStockCommand(sandbox.supplier.catalogue, {
      productId: supplierProduct.id,
      variationId: supplierProduct.variations[0].id,
      stock: 0,
    });
    const response = await post(shop, { intent: "sync", associationId: association.id });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, sync: { status: "ok", products: 1 } });

    const after = await load(shop);
    const status = after.stock[association.id];
    expect(status.lastSuccessAt).not.toBeNull();
    expect(status.supplierOutOfStock).toBe(true);
    expect(status.changes).toContainEqual(expect.objectContaining({ field: "stock", after: "0" }));
    expect(status.unmapped).toHaveLength(
      sandbox.state.products.find((p) => `gid://shopify/Product/${p.id}` === association.platformProductId)!.variants
        .length - 3,
    );
    expect(after.sync.lastRun).toMatchObject({ status: "ok" });

    const filtered = await load(shop, "?stock=out");
    expect(filtered.associations.map((row) => row.id)).toEqual([association.id]);
  });

  it("lists nothing under the out-of-stock filter when the supplier has it all", async () => {
    const { shop, supplierProduct } = await linkedShop();
    applyStockCommand(sandbox!.supplier.catalogue, { productId: supplierProduct.id, stock: 10 });
    await post(shop, { intent: "sync" });
    expect((await load(shop, "?stock=out")).associations).toEqual([]);
    expect((await load(shop)).associations).toHaveLength(1);
  });

  it("saves the sync's location by its name from the store, and refuses one the store does not have", async () => {
    const { shop } = await linkedShop();
    const saved = await post(shop, {
      intent: "stock-settings",
      enabled: "true",
      locationId: "gid://shopify/Location/71002",
    });
    expect(await saved.json()).toMatchObject({
      success: true,
      settings: { enabled: true, locationName: "Punto de venta Medellín" },
    });
    const refused = await post(shop, {
      intent: "stock-settings",
      enabled: "true",
      locationId: "gid://shopify/Location/5",
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ success: false, code: "invalid_input" });
    const bad = await post(shop, { intent: "stock-settings", enabled: "maybe" });
    expect(bad.status).toBe(400);
  });

  it("syncs none of another shop's links", async () => {
    const { association } = await linkedShop();
    const other = shopDomain();
    await createSession(other);
    await prisma.stockSyncSettings.create({ data: { shop: other, enabled: true, locationId: MAIN_LOCATION } });
    const response = await post(other, { intent: "sync", associationId: association.id });
    expect(await response.json()).toMatchObject({ success: true, sync: { products: 0, changes: 0 } });
    expect(await prisma.stockSyncProduct.count({ where: { associationId: association.id } })).toBe(0);
  });
});
