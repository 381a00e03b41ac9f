import { describe, expect, it } from "vitest";
import { execute } from "../../sandbox/platform/graphql";
import { availableAt, inventoryOf } from "../../sandbox/platform/inventory";
import { newShopState, type ShopState } from "../../sandbox/platform/state";
import { applyStockCommand, marketStep } from "../../sandbox/supplier/market";
import { generateCatalogue } from "../../sandbox/supplier/server";

const SCOPES = "read_products,write_products,read_inventory,write_inventory,read_locations";
const SET = `mutation SetAvailable($input: InventorySetQuantitiesInput!, $key: String!) {
  inventorySetQuantities(input: $input) @idempotent(key: $key) { userErrors { field message code } }
}`;

function shopWithInventory(scope = SCOPES) {
  const shop = newShopState("inventory.myshopify.com", scope);
  const variant = shop.products[1].variants[0];
  return { shop, variant, item: `gid://shopify/InventoryItem/${variant.id}` };
}

const main = "gid://shopify/Location/71001";
let keys = 0;
const set = (shop: ShopState, input: Record<string, unknown>, key = `key-${++keys}`) => {
  const result = execute(shop, SET, { input, key });
  const payload = (result.data as { inventorySetQuantities: { userErrors: { code: string }[] } } | undefined)
    ?.inventorySetQuantities;
  return { ...result, codes: payload?.userErrors.map((error) => error.code) };
};

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
    const result = set(shop, {
      name: "available",
      reason: "correction",
      quantities: [
        { inventoryItemId: item, locationId: main, quantity: 0, changeFromQuantity: null },
        { inventoryItemId: item, locationId: "gid://shopify/Location/71002", quantity: 4, changeFromQuantity: null },
      ],
    });
    expect(result.errors).toEqual([]);
    expect(result.codes).toEqual([]);
    expect(availableAt(shop, variant.id, 71_001)).toBe(0);
    expect(variant.inventoryQuantity).toBe(4);
  });

  it.each([
    [{ name: "committed" }, "INVALID_NAME"],
    [{ reason: "because" }, "INVALID_REASON"],
    [{ omitChangeFrom: true }, "COMPARE_QUANTITY_REQUIRED"],
    [{ changeFrom: 12345 }, "CHANGE_FROM_QUANTITY_STALE"],
    [{ quantity: -1 }, "INVALID_QUANTITY_NEGATIVE"],
    [{ locationId: "gid://shopify/Location/99" }, "INVALID_LOCATION"],
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
      ...(c.omitChangeFrom ? {} : { changeFromQuantity: c.changeFrom ?? null }),
    };
    const ok = {
      inventoryItemId: item,
      locationId: "gid://shopify/Location/71002",
      quantity: 9,
      changeFromQuantity: 0,
    };
    const result = set(shop, {
      name: c.name ?? "available",
      reason: c.reason ?? "correction",
      quantities: c.twice ? [ok, quantity, quantity] : [ok, quantity],
    });
    expect(result.codes).toContain(code);
    expect(availableAt(shop, variant.id, 71_001)).toBe(before);
    expect(availableAt(shop, variant.id, 71_002)).toBe(0);
  });

  it("refuses the whole call's variables for a quantity beyond GraphQL's 32-bit Int, as the platform does", () => {
    const { shop, variant, item } = shopWithInventory();
    const before = availableAt(shop, variant.id, 71_001);
    const result = set(shop, {
      name: "available",
      reason: "correction",
      quantities: [
        { inventoryItemId: item, locationId: "gid://shopify/Location/71002", quantity: 3, changeFromQuantity: null },
        { inventoryItemId: item, locationId: main, quantity: 2 ** 31, changeFromQuantity: null },
      ],
    });
    expect(result.errors.map((error) => error.extensions?.code)).toEqual(["INVALID_VARIABLE"]);
    expect(availableAt(shop, variant.id, 71_001)).toBe(before);
    expect(availableAt(shop, variant.id, 71_002)).toBe(0);
  });

  it("accepts a changeFromQuantity that matches what is stored", () => {
    const { shop, variant, item } = shopWithInventory();
    const stored = availableAt(shop, variant.id, 71_001);
    const result = set(shop, {
      name: "available",
      reason: "correction",
      quantities: [{ inventoryItemId: item, locationId: main, quantity: 3, changeFromQuantity: stored }],
    });
    expect(result.codes).toEqual([]);
    expect(availableAt(shop, variant.id, 71_001)).toBe(3);
  });

  it("stocks an item at a location that did not stock it: 2026-10 has no ITEM_NOT_STOCKED_AT_LOCATION", () => {
    const { shop, variant, item } = shopWithInventory();
    expect(availableAt(shop, variant.id, 71_003)).toBeNull();
    const result = set(shop, {
      name: "available",
      reason: "correction",
      quantities: [
        { inventoryItemId: item, locationId: "gid://shopify/Location/71003", quantity: 2, changeFromQuantity: 0 },
      ],
    });
    expect(result.codes).toEqual([]);
    expect(availableAt(shop, variant.id, 71_003)).toBe(2);
  });

  it.each([
    ["ignoreCompareQuantity", { ignoreCompareQuantity: true }, {}],
    ["quantities.0.compareQuantity", {}, { compareQuantity: 5 }],
  ])("refuses the removed input field %s before anything runs", (place, onInput, onQuantity) => {
    const { shop, variant, item } = shopWithInventory();
    const before = availableAt(shop, variant.id, 71_001);
    const result = set(shop, {
      name: "available",
      reason: "correction",
      ...onInput,
      quantities: [{ inventoryItemId: item, locationId: main, quantity: 1, changeFromQuantity: null, ...onQuantity }],
    });
    expect(result.data).toBeUndefined();
    expect(result.errors[0]).toMatchObject({
      extensions: {
        code: "INVALID_VARIABLE",
        problems: [{ path: [...place.split(".").map((s) => (/^\d+$/.test(s) ? Number(s) : s))] }],
      },
    });
    expect(availableAt(shop, variant.id, 71_001)).toBe(before);
  });

  it("refuses the write without an idempotency key, as required from 2026-04, and applies nothing", () => {
    const { shop, variant, item } = shopWithInventory();
    const before = availableAt(shop, variant.id, 71_001);
    const result = execute(
      shop,
      `mutation SetAvailable($input: InventorySetQuantitiesInput!) {
        inventorySetQuantities(input: $input) { userErrors { field message code } }
      }`,
      {
        input: {
          name: "available",
          reason: "correction",
          quantities: [{ inventoryItemId: item, locationId: main, quantity: 1, changeFromQuantity: null }],
        },
      },
    );
    expect(result.errors).toEqual([
      expect.objectContaining({ path: ["inventorySetQuantities"], extensions: { code: "BAD_REQUEST" } }),
    ]);
    expect(result.errors[0].message).toMatch(/@idempotent/);
    expect(availableAt(shop, variant.id, 71_001)).toBe(before);
  });

  it("applies a key once: its repeat answers the first result and leaves a sale made meanwhile alone", () => {
    const { shop, variant, item } = shopWithInventory();
    const input = {
      name: "available",
      reason: "correction",
      quantities: [{ inventoryItemId: item, locationId: main, quantity: 7, changeFromQuantity: null }],
    };
    expect(set(shop, input, "same-key").codes).toEqual([]);
    expect(availableAt(shop, variant.id, 71_001)).toBe(7);
    inventoryOf(shop).levels.get(variant.id)!.set(71_001, 6);
    const repeat = set(shop, input, "same-key");
    expect(repeat.codes).toEqual([]);
    expect(availableAt(shop, variant.id, 71_001)).toBe(6);
    const other = set(shop, { ...input, quantities: [{ ...input.quantities[0], quantity: 8 }] }, "same-key");
    expect(other.codes).toEqual(["IDEMPOTENCY_KEY_PARAMETER_MISMATCH"]);
    expect(availableAt(shop, variant.id, 71_001)).toBe(6);
  });

  it("denies inventory and locations without their scopes", () => {
    const { shop, item } = shopWithInventory("read_products,write_products");
    const denied = set(shop, { name: "available", reason: "correction", quantities: [] });
    expect(denied.errors[0]).toMatchObject({ extensions: { code: "ACCESS_DENIED" } });
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
