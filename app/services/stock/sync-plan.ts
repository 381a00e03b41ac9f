import type { AssociationRecord } from "../catalogue/associations.server";
import type { SupplierProduct } from "../supplier/product-shapes.server";
import { readStockValue, type StockReading } from "../supplier/stock-count";
import { planPrice, rulePrice, type PriceRule } from "./price-rule";
import type { StockProductsData, StoreVariantRead } from "./store-operations.server";

/**
 * What one sync decides for each linked product from the two reads (the supplier's, then the store's): which
 * quantities and prices to set, and what kept a product or variant from following the supplier. Pure: the sync
 * and the price rule's preview plan the same way.
 */

/** One thing that kept a product (or one of its variants) from following the supplier. */
export interface Problem {
  code: string;
  message: string;
}

export interface StockChange {
  association: AssociationRecord;
  variant: StoreVariantRead;
  before: number;
  after: number;
}

export interface PriceChange {
  association: AssociationRecord;
  productId: string;
  variant: StoreVariantRead;
  before: string;
  after: string;
  compareAtAfter: string | null;
}

/** One mapped variant as the price rule would set it: what the preview shows before the rule is confirmed. */
export interface PricePreviewRow {
  associationId: string;
  productName: string;
  variantId: string;
  variantTitle: string;
  supplierPrice: string;
  currentPrice: string;
  newPrice: string;
  /** The compare-at price the rule sets, only when the merchant asked for it and the variant has one. */
  compareAtAfter: string | null;
  /** Whether the next sync writes this variant's price (false: it already is the rule's). */
  changes: boolean;
}

export interface ProductOutcome {
  association: AssociationRecord;
  problems: Problem[];
  /** Set when nothing could be done for the product (its stock and prices were left as they are). */
  failure: Problem | null;
  outOfStock: boolean;
  unmapped: { id: string; title: string }[];
  applied: { field: "stock" | "price"; variant: StoreVariantRead; before: string; after: string }[];
}

export interface ProductPlan {
  result: ProductOutcome;
  stock: StockChange[];
  prices: PriceChange[];
  previews: PricePreviewRow[];
}

export type StoreProduct = StockProductsData["nodes"][number];

export function planProduct(
  association: AssociationRecord,
  supplierProduct: SupplierProduct | undefined,
  storeProducts: Map<string, StoreProduct>,
  priceRule: PriceRule | null,
): ProductPlan {
  const result: ProductOutcome = {
    association,
    problems: [],
    failure: null,
    outOfStock: false,
    unmapped: [],
    applied: [],
  };
  const stock: StockChange[] = [];
  const prices: PriceChange[] = [];
  const previews: PricePreviewRow[] = [];
  const storeProduct = storeProducts.get(association.platformProductId);
  if (!storeProduct) {
    result.failure = {
      code: "store_product_missing",
      message: "The store product no longer exists or cannot be read",
    };
    return { result, stock, prices, previews };
  }
  const mappedIds = new Set(association.variantAssociations.map((link) => link.platformVariantId));
  result.unmapped = storeProduct.variants.nodes
    .filter((variant) => !mappedIds.has(variant.id))
    .map((variant) => ({ id: variant.id, title: variant.title }));
  if (storeProduct.variants.pageInfo.hasNextPage) {
    result.problems.push({
      code: "too_many_variants",
      message: "Only the product's first 100 variants are synced",
    });
  }
  if (!association.variantAssociations.length) {
    result.failure = { code: "no_mapping", message: "No store variant is mapped to a supplier variation" };
    return { result, stock, prices, previews };
  }
  if (!supplierProduct) {
    result.failure = {
      code: "supplier_product_missing",
      message:
        "The supplier no longer lists this product for your account; the store's stock and prices were left as they are",
    };
    return { result, stock, prices, previews };
  }
  const variations = new Map(supplierProduct.variations.map((variation) => [variation.id, variation]));
  const storeVariants = new Map(storeProduct.variants.nodes.map((variant) => [variant.id, variant]));
  for (const link of association.variantAssociations) {
    const variant = storeVariants.get(link.platformVariantId);
    if (!variant) {
      if (!storeProduct.variants.pageInfo.hasNextPage) {
        result.problems.push({ code: "variant_missing", message: `Store variant ${link.platformVariantId} is gone` });
      }
      continue;
    }
    const variation = variations.get(link.supplierVariationId);
    if (!variation) {
      result.problems.push({
        code: "variation_missing",
        message: `The supplier no longer lists variation ${link.supplierVariationId} (${variant.title}); left as it is`,
      });
      continue;
    }
    if (variation.stock === 0) result.outOfStock = true;
    // Only a count is set (docs/decisions/284): an unknown or not understood stock leaves the variant as it is.
    const reading: StockReading =
      variation.invalidStock === undefined
        ? readStockValue(variation.stock)
        : { kind: "invalid", raw: variation.invalidStock };
    if (reading.kind === "invalid") {
      result.problems.push({
        code: "supplier_stock_invalid",
        message: `The supplier's stock for ${variant.title} is not a count of units (${reading.raw}); left as it is`,
      });
    } else if (reading.kind === "unknown") {
      result.problems.push({
        code: "supplier_stock_unknown",
        message: `The supplier did not say how many ${variant.title} it has; left as it is`,
      });
    } else {
      const level = variant.inventoryItem.inventoryLevel;
      if (!level) {
        result.problems.push({
          code: "not_stocked",
          message: `${variant.title} is not stocked at the chosen location`,
        });
      } else {
        const before = level.quantities.find((quantity) => quantity.name === "available")?.quantity ?? 0;
        if (before !== reading.units) stock.push({ association, variant, before, after: reading.units });
      }
    }
    if (priceRule && variation.price !== null) {
      const planned = planPrice(priceRule, variation.price, variant);
      if (planned) {
        prices.push({ association, productId: storeProduct.id, variant, ...planned });
      }
      previews.push({
        associationId: association.id,
        productName: association.supplierProductName,
        variantId: variant.id,
        variantTitle: variant.title,
        supplierPrice: variation.price.toFixed(2),
        currentPrice: planned?.before ?? Number(variant.price).toFixed(2),
        newPrice: planned?.after ?? rulePrice(priceRule, variation.price).toFixed(2),
        compareAtAfter: planned?.compareAtAfter ?? null,
        changes: planned !== null,
      });
    }
  }
  return { result, stock, prices, previews };
}
