import { argument, gid, GraphqlFieldError, productNode, type Resolver, type RootField } from "./graphql";
import { idempotent } from "./idempotency";
import { requireScopes } from "./scopes";
import type { SimProduct, SimVariant } from "./seed";
import type { ShopState } from "./state";

/**
 * Inventory per location (GraphQL admin API 2026-10): `locations`, `nodes` for products and variants with their
 * inventory item and its level at one location, and `inventorySetQuantities`, refusing what the platform refuses
 * (its user error codes) and applying nothing when any quantity is refused. A variant's inventory item has the
 * variant's number. Inventory levels start from the variant's `inventoryQuantity` at the first location; the
 * second location stocks every item (at 0), the third stocks none.
 */

export interface SimLocation {
  id: number;
  name: string;
  isActive: boolean;
  /** Items stocked here; an item not stocked has no inventory level at this location. */
  stocksEverything: boolean;
}

interface ShopInventory {
  locations: SimLocation[];
  /** available quantity by inventory item (variant number), then by location number */
  levels: Map<number, Map<number, number>>;
}

const inventories = new WeakMap<ShopState, ShopInventory>();

/** The platform's accepted reasons for a quantity change (inventorySetQuantities). */
export const INVENTORY_REASONS = [
  "correction",
  "cycle_count_available",
  "damaged",
  "movement_created",
  "movement_updated",
  "movement_received",
  "movement_canceled",
  "other",
  "promotion",
  "quality_control",
  "received",
  "reservation_created",
  "reservation_deleted",
  "reservation_updated",
  "restock",
  "safety_stock",
  "shrinkage",
];
const MAX_QUANTITY = 1_000_000_000;
const MAX_GRAPHQL_INT = 2 ** 31 - 1;

export function inventoryOf(shop: ShopState): ShopInventory {
  let inventory = inventories.get(shop);
  if (!inventory) {
    inventory = {
      locations: [
        { id: 71_001, name: "Bodega principal", isActive: true, stocksEverything: true },
        { id: 71_002, name: "Punto de venta Medellín", isActive: true, stocksEverything: true },
        { id: 71_003, name: "Bodega sin surtido", isActive: true, stocksEverything: false },
      ],
      levels: new Map(),
    };
    inventories.set(shop, inventory);
  }
  return inventory;
}

/** The item's levels by location: created on first use from the variant's quantity, like a stocked item. */
function levelsOf(shop: ShopState, variant: SimVariant) {
  const inventory = inventoryOf(shop);
  let levels = inventory.levels.get(variant.id);
  if (!levels) {
    levels = new Map(
      inventory.locations
        .filter((location) => location.stocksEverything)
        .map((location, index) => [location.id, index === 0 ? variant.inventoryQuantity : 0]),
    );
    inventory.levels.set(variant.id, levels);
  }
  return levels;
}

/** The available quantity of a variant at a location, or null when the item is not stocked there. */
export function availableAt(shop: ShopState, variantId: number, locationId: number): number | null {
  const variant = findVariant(shop, variantId);
  if (!variant) return null;
  return levelsOf(shop, variant.variant).get(locationId) ?? null;
}

function findVariant(shop: ShopState, variantId: number): { product: SimProduct; variant: SimVariant } | null {
  for (const product of shop.products) {
    const variant = product.variants.find((candidate) => candidate.id === variantId);
    if (variant) return { product, variant };
  }
  return null;
}

const numberOf = (value: unknown, type: string) => {
  const match = new RegExp(`^gid://(?:shopify|platform)/${type}/(\\d+)$`).exec(String(value ?? ""));
  return match ? Number(match[1]) : null;
};

function locationNode(location: SimLocation) {
  return {
    __typename: "Location",
    id: gid("Location", location.id),
    legacyResourceId: String(location.id),
    name: location.name,
    isActive: location.isActive,
    fulfillsOnlineOrders: true,
    hasActiveInventory: true,
    shipsInventory: true,
  };
}

/**
 * A variant with its inventory item and the item's level at the location of the `$locationId` variable (the
 * simulator does not read nested arguments; the app's operations pass the location that way).
 */
function inventoryVariantNode(shop: ShopState, product: SimProduct, variant: SimVariant, locationId: number | null) {
  const levels = levelsOf(shop, variant);
  const quantity = locationId === null ? undefined : levels.get(locationId);
  const location = inventoryOf(shop).locations.find((candidate) => candidate.id === locationId);
  return {
    __typename: "ProductVariant",
    id: gid("ProductVariant", variant.id),
    title: variant.title,
    price: variant.price,
    compareAtPrice: variant.compareAtPrice ?? null,
    sku: variant.sku,
    barcode: variant.barcode,
    inventoryQuantity: variant.inventoryQuantity,
    product: { id: gid("Product", product.id), title: product.title },
    inventoryItem: {
      id: gid("InventoryItem", variant.id),
      tracked: true,
      inventoryLevel:
        quantity === undefined || !location
          ? null
          : {
              id: gid("InventoryLevel", `${variant.id}${location.id}`),
              location: locationNode(location),
              quantities: [{ name: "available", quantity }],
            },
    },
  };
}

export const inventoryResolvers: Record<string, Resolver> = {
  locations: (shop, field, variables) => {
    requireScopes(shop, "locations", ["read_locations"]);
    const first = Number(argument(field, "first", variables) ?? 50);
    const includeInactive = argument(field, "includeInactive", variables) === true;
    const locations = inventoryOf(shop).locations.filter((location) => includeInactive || location.isActive);
    const nodes = locations.slice(0, first).map(locationNode);
    return {
      nodes,
      edges: nodes.map((node) => ({ node, cursor: node.id })),
      pageInfo: { hasNextPage: locations.length > first, endCursor: nodes.at(-1)?.id ?? null },
    };
  },
  nodes: (shop, field, variables) => {
    const ids = (argument(field, "ids", variables) ?? []) as unknown[];
    if (ids.length > 250)
      throw new GraphqlFieldError("The ids argument accepts at most 250 ids", "MAX_INPUT_SIZE_EXCEEDED");
    const locationId = variables.locationId === undefined ? null : numberOf(variables.locationId, "Location");
    if (variables.locationId !== undefined) requireScopes(shop, "inventoryLevel", ["read_inventory"]);
    return ids.map((id) => {
      const productId = numberOf(id, "Product");
      if (productId !== null) {
        const product = shop.products.find((candidate) => candidate.id === productId);
        if (!product) return null;
        const node = productNode(product);
        const variants = product.variants.map((variant) => inventoryVariantNode(shop, product, variant, locationId));
        return { ...node, variants: { nodes: variants, pageInfo: { hasNextPage: false, endCursor: null } } };
      }
      const variantId = numberOf(id, "ProductVariant");
      const found = variantId === null ? null : findVariant(shop, variantId);
      return found ? inventoryVariantNode(shop, found.product, found.variant, locationId) : null;
    });
  },
  inventorySetQuantities: (shop, field, variables, context) => {
    requireScopes(shop, "inventorySetQuantities", ["write_inventory"]);
    return idempotent(shop, field, variables, context.version, () => setQuantities(shop, field, variables));
  },
};

/**
 * inventorySetQuantities as 2026-10 has it: each quantity's `changeFromQuantity` must be given (null skips the
 * compare-and-swap); a value other than the persisted quantity is CHANGE_FROM_QUANTITY_STALE and nothing is applied.
 * An item not yet stocked at the location is stocked by the write (ITEM_NOT_STOCKED_AT_LOCATION is gone).
 */
function setQuantities(shop: ShopState, field: RootField, variables: Record<string, unknown>) {
  const input = (argument(field, "input", variables) ?? {}) as {
    name?: unknown;
    reason?: unknown;
    referenceDocumentUri?: unknown;
    quantities?: {
      inventoryItemId?: unknown;
      locationId?: unknown;
      quantity?: unknown;
      changeFromQuantity?: unknown;
    }[];
  };
  const userErrors: { field: string[]; message: string; code: string }[] = [];
  const refuse = (path: string[], code: string, message: string) =>
    userErrors.push({ field: ["input", ...path], message, code });
  if (input.name !== "available" && input.name !== "on_hand") {
    refuse(["name"], "INVALID_NAME", "The quantity name must be either 'available' or 'on_hand'.");
  }
  if (typeof input.reason !== "string" || !INVENTORY_REASONS.includes(input.reason)) {
    refuse(["reason"], "INVALID_REASON", "The specified reason is invalid.");
  }
  if (input.referenceDocumentUri !== undefined && input.referenceDocumentUri !== null) {
    if (
      typeof input.referenceDocumentUri !== "string" ||
      !/^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(input.referenceDocumentUri)
    ) {
      refuse(["referenceDocumentUri"], "INVALID_REFERENCE_DOCUMENT", "The reference document URI is invalid.");
    }
  }
  const seen = new Set<string>();
  const planned: {
    levels: Map<number, number>;
    variant: SimVariant;
    location: SimLocation;
    quantity: number;
    before: number;
  }[] = [];
  (input.quantities ?? []).forEach((entry, index) => {
    const at = (name: string) => ["quantities", String(index), name];
    const variantId = numberOf(entry.inventoryItemId, "InventoryItem");
    const found = variantId === null ? null : findVariant(shop, variantId);
    if (!found)
      return refuse(
        at("inventoryItemId"),
        "INVALID_INVENTORY_ITEM",
        "The specified inventory item could not be found.",
      );
    const locationId = numberOf(entry.locationId, "Location");
    const location = inventoryOf(shop).locations.find((candidate) => candidate.id === locationId);
    if (!location) return refuse(at("locationId"), "INVALID_LOCATION", "The specified location could not be found.");
    const key = `${variantId}:${location.id}`;
    if (seen.has(key)) {
      return refuse(
        at("inventoryItemId"),
        "NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR",
        "The combination of inventoryItemId and locationId must be unique.",
      );
    }
    seen.add(key);
    const quantity = entry.quantity;
    // GraphQL's Int is 32-bit: a larger number refuses the whole call's variables, as on the platform.
    if (typeof quantity !== "number" || !Number.isInteger(quantity) || Math.abs(quantity) > MAX_GRAPHQL_INT) {
      throw new GraphqlFieldError(
        `Variable $input of type InventorySetQuantitiesInput! was provided invalid value for quantities.${index}.quantity`,
        "INVALID_VARIABLE",
      );
    }
    if (quantity < 0) return refuse(at("quantity"), "INVALID_QUANTITY_NEGATIVE", "The quantity can't be negative.");
    if (quantity > MAX_QUANTITY)
      return refuse(at("quantity"), "INVALID_QUANTITY_TOO_HIGH", "The quantity can't be higher than 1,000,000,000.");
    const levels = levelsOf(shop, found.variant);
    const before = levels.get(location.id) ?? 0;
    if (!("changeFromQuantity" in entry)) {
      return refuse(
        at("changeFromQuantity"),
        "COMPARE_QUANTITY_REQUIRED",
        "The changeFromQuantity argument must be given to each quantity (null skips the check).",
      );
    }
    if (entry.changeFromQuantity !== null && entry.changeFromQuantity !== before) {
      return refuse(
        at("changeFromQuantity"),
        "CHANGE_FROM_QUANTITY_STALE",
        "The changeFromQuantity argument no longer matches the persisted quantity.",
      );
    }
    planned.push({ levels, variant: found.variant, location, quantity, before });
  });
  if (userErrors.length) return { inventoryAdjustmentGroup: null, userErrors };
  for (const change of planned) {
    change.levels.set(change.location.id, change.quantity);
    change.variant.inventoryQuantity = [...change.levels.values()].reduce((sum, value) => sum + value, 0);
  }
  return {
    inventoryAdjustmentGroup: {
      id: gid("InventoryAdjustmentGroup", Date.now()),
      createdAt: new Date().toISOString(),
      reason: input.reason,
      referenceDocumentUri: input.referenceDocumentUri ?? null,
      changes: planned.map((change) => ({
        name: input.name,
        delta: change.quantity - change.before,
        quantityAfterChange: change.quantity,
        item: { id: gid("InventoryItem", change.variant.id) },
        location: { id: gid("Location", change.location.id) },
      })),
    },
    userErrors: [],
  };
}
