import { describe, expect, it } from "vitest";
import { execute } from "../../sandbox/platform/graphql";
import { availableAt } from "../../sandbox/platform/inventory";
import { newShopState } from "../../sandbox/platform/state";
import { applyStockCommand, marketStep } from "../../sandbox/supplier/market";
import { generateCatalogue } from "../../sandbox/supplier/server";

const SCOPES = "read_products,write_products,read_inventory,write_inventory,read_locations";
const SET = `mutation SetAvailable($input: InventorySetQuantitiesInput!) {
  inventorySetQuantities(input: $input) { userErrors { field message code } }
}`;

function shopWithInventory(scope = SCOPES) {
  const shop = newShopState("inventory.myshopify.com", scope);
  const variant = shop.products[1].variants[0];
  return { shop, variant, item: `gid://shopify/InventoryItem/${variant.id}` };
}

const main = "gid://shopify/Location/71001";

describe("the platform simulator's inventory", () => {
  it("lists the shop's locations and reads a variant's level at the location asked for", () => {
    const { shop, variant } = shopWithInventory();
    const locations = execute(shop, `query { locations(first: 10) { nodes { id name } } }`, {});
    expect((locations.data as { locations: { nodes: { name: string }[] } }).locations.nodes.map((l) => l.name)).toEqual(
      ["Bodega principal", "Punto de venta Medellín", "Bodega sin surtido"],
    );
    const read = execute(
      shop,
      `query Read($ids: [ID!]!, $locationId: ID!) {
        nodes(ids: $ids) {
          ... on ProductVariant { id inventoryItem { inventoryLevel(locationId: $locationId) { quantities(names: ["available"]) { name quantity } } } }
        }
      }`,
      { ids: [`gid://shopify/ProductVariant/${variant.id}`], locationId: main },
    );
    const [node] = (read.data as { nodes: { inventoryItem: { inventoryLevel: { quantities: unknown[] } } }[] }).nodes;
    expect(node.inventoryItem.inventoryLevel.quantities).toEqual([
      { name: "available", quantity: variant.inventoryQuantity },
    ]);
  });

  it("sets available quantities and keeps the variant's total across locations", () => {
    const { shop, variant, item } = shopWithInventory();
    const result = execute(shop, SET, {
      input: {
        name: "available",
        reason: "correction",
        ignoreCompareQuantity: true,
        quantities: [
          { inventoryItemId: item, locationId: main, quantity: 0 },
          { inventoryItemId: item, locationId: "gid://shopify/Location/71002", quantity: 4 },
        ],
      },
    });
    expect(result.errors).toEqual([]);
    expect(availableAt(shop, variant.id, 71_001)).toBe(0);
    expect(variant.inventoryQuantity).toBe(4);
  });

  it.each([
    [{ name: "committed" }, "INVALID_NAME"],
    [{ reason: "because" }, "INVALID_REASON"],
    [{ ignoreCompareQuantity: false }, "COMPARE_QUANTITY_REQUIRED"],
    [{ ignoreCompareQuantity: false, compare: 12345 }, "COMPARE_QUANTITY_STALE"],
    [{ quantity: -1 }, "INVALID_QUANTITY_NEGATIVE"],
    [{ locationId: "gid://shopify/Location/99" }, "INVALID_LOCATION"],
    [{ locationId: "gid://shopify/Location/71003" }, "ITEM_NOT_STOCKED_AT_LOCATION"],
    [{ inventoryItemId: "gid://shopify/InventoryItem/1" }, "INVALID_INVENTORY_ITEM"],
    [{ twice: true }, "NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR"],
  ])("refuses %o with %s and changes nothing", (change, code) => {
    const { shop, variant, item } = shopWithInventory();
    const before = availableAt(shop, variant.id, 71_001);
    const c = change as Record<string, unknown>;
    const quantity = {
      inventoryItemId: c.inventoryItemId ?? item,
      locationId: c.locationId ?? main,
      quantity: c.quantity ?? 7,
      ...(c.compare === undefined ? {} : { compareQuantity: c.compare }),
    };
    const ok = { inventoryItemId: item, locationId: "gid://shopify/Location/71002", quantity: 9 };
    const result = execute(shop, SET, {
      input: {
        name: c.name ?? "available",
        reason: c.reason ?? "correction",
        ignoreCompareQuantity: c.ignoreCompareQuantity ?? true,
        quantities: c.twice ? [ok, quantity, quantity] : [ok, quantity],
      },
    });
    const payload = (result.data as { inventorySetQuantities: { userErrors: { code: string }[] } })
      .inventorySetQuantities;
    expect(payload.userErrors.map((error) => error.code)).toContain(code);
    expect(availableAt(shop, variant.id, 71_001)).toBe(before);
    expect(availableAt(shop, variant.id, 71_002)).toBe(0);
  });

  it("refuses the whole call's variables for a quantity beyond GraphQL's 32-bit Int, as the platform does", () => {
    const { shop, variant, item } = shopWithInventory();
    const before = availableAt(shop, variant.id, 71_001);
    const result = execute(shop, SET, {
      input: {
        name: "available",
        reason: "correction",
        ignoreCompareQuantity: true,
        quantities: [
          { inventoryItemId: item, locationId: "gid://shopify/Location/71002", quantity: 3 },
          { inventoryItemId: item, locationId: main, quantity: 2 ** 31 },
        ],
      },
    });
    expect(result.errors.map((error) => error.extensions?.code)).toEqual(["INVALID_VARIABLE"]);
    expect(availableAt(shop, variant.id, 71_001)).toBe(before);
    expect(availableAt(shop, variant.id, 71_002)).toBe(0);
  });

  it("accepts a compare quantity that matches what is stored", () => {
    const { shop, variant, item } = shopWithInventory();
    const result = execute(shop, SET, {
      input: {
        name: "available",
        reason: "correction",
        quantities: [
          { inventoryItemId: item, locationId: main, quantity: 3, compareQuantity: variant.inventoryQuantity },
        ],
      },
    });
    expect(result.errors).toEqual([]);
    expect(availableAt(shop, variant.id, 71_001)).toBe(3);
  });

  it("denies inventory and locations without their scopes", () => {
    const { shop, item } = shopWithInventory("read_products,write_products");
    const set = execute(shop, SET, {
      input: { name: "available", reason: "correction", ignoreCompareQuantity: true, quantities: [] },
    });
    expect(set.errors[0]).toMatchObject({ extensions: { code: "ACCESS_DENIED" } });
    const locations = execute(shop, `query { locations(first: 5) { nodes { id } } }`, {});
    expect(locations.errors[0]).toMatchObject({ extensions: { code: "ACCESS_DENIED" } });
    expect(item).toMatch(/InventoryItem/);
  });

  it("refuses a variant price that is not an amount and changes no variant of the call", () => {
    const { shop } = shopWithInventory();
    const product = shop.products[1];
    const [first, second] = product.variants;
    const before = first.price;
    const result = execute(
      shop,
      `mutation Prices($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
        productVariantsBulkUpdate(productId: $productId, variants: $variants) { userErrors { field message } }
      }`,
      {
        productId: `gid://shopify/Product/${product.id}`,
        variants: [
          { id: `gid://shopify/ProductVariant/${first.id}`, price: "1000.00" },
          { id: `gid://shopify/ProductVariant/${second.id}`, price: "-5" },
        ],
      },
    );
    const errors = (result.data as { productVariantsBulkUpdate: { userErrors: { field: string[] }[] } })
      .productVariantsBulkUpdate.userErrors;
    expect(errors[0].field).toEqual(["variants", "1", "price"]);
    expect(first.price).toBe(before);
  });
});

describe("the supplier simulator's market", () => {
  it("sets a variation's stock and price on command and keeps the product's stock the sum", () => {
    const catalogue = generateCatalogue(20);
    const product = catalogue.find((candidate) => candidate.variations.length > 1)!;
    const [first, ...rest] = product.variations;
    applyStockCommand(catalogue, { productId: product.id, variationId: first.id, stock: 0, price: "12345" });
    expect(first.stock).toBe(0);
    expect(first.sale_price).toBe("12345.00");
    expect(product.warehouse_product[0].stock).toBe(rest.reduce((sum, variation) => sum + variation.stock, 0));
  });

  it("refuses a negative or fractional stock and an unknown product", () => {
    const catalogue = generateCatalogue(5);
    expect(() => applyStockCommand(catalogue, { productId: catalogue[0].id, stock: -1 })).toThrow(/whole number/);
    expect(() => applyStockCommand(catalogue, { productId: catalogue[0].id, stock: 1.5 })).toThrow(/whole number/);
    expect(() => applyStockCommand(catalogue, { productId: 1, stock: 1 })).toThrow(/not in the catalogue/);
  });

  it("answers any value as a variation's or a simple product's stock when told to, adding nothing up", () => {
    const catalogue = generateCatalogue(20);
    const product = catalogue.find((candidate) => candidate.variations.length > 1)!;
    const total = product.warehouse_product[0].stock;
    for (const value of [-5, 2.5, "muchos", null, 1e15]) {
      applyStockCommand(catalogue, {
        productId: product.id,
        variationId: product.variations[0].id,
        answerStock: value,
      });
      expect(product.variations[0].stock).toBe(value);
      expect(product.warehouse_product[0].stock).toBe(total);
    }
    const simple = catalogue.find((candidate) => !candidate.variations.length)!;
    applyStockCommand(catalogue, { productId: simple.id, answerStock: null });
    expect(simple.warehouse_product).toEqual([{ warehouse_id: 5212, stock: null }]);
  });

  it("moves stock and prices over time, the same way for the same step", () => {
    const a = generateCatalogue(100);
    const b = generateCatalogue(100);
    const changed = marketStep(a, 7);
    expect(changed.length).toBeGreaterThan(0);
    expect(marketStep(b, 7)).toEqual(changed);
    expect(a).toEqual(b);
    expect(a).not.toEqual(generateCatalogue(100));
  });
});
