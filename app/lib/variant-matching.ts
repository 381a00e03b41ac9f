import type { PlatformVariant, SupplierVariation } from "./api-types";

/** supplier variation id -> store variant id ("" = not mapped). */
export type VariantMapping = Record<string, string>;

/** One pair of the `variantAssociations` form field (docs/decisions/021). */
export interface VariantAssociation {
  supplierVariationId: string;
  platformVariantId: string;
}

const normalise = (sku: string | null | undefined) => (sku ?? "").trim().toLowerCase();

/**
 * Pairs each supplier variation with the store variant that has the same SKU (case and surrounding spaces
 * ignored). A store variant is used once at most; variations without a match stay unmapped for the merchant.
 * A product with one variation on each side is paired whatever the SKUs say: there is nothing to choose.
 */
export function autoMatchVariants(variations: SupplierVariation[], variants: PlatformVariant[]): VariantMapping {
  const mapping: VariantMapping = {};
  const bySku = new Map<string, string>();
  for (const variant of variants) {
    const sku = normalise(variant.sku);
    if (sku && !bySku.has(sku)) bySku.set(sku, variant.id);
  }
  const used = new Set<string>();
  for (const variation of variations) {
    const match = bySku.get(normalise(variation.sku));
    if (match && !used.has(match)) {
      mapping[variation.id] = match;
      used.add(match);
    } else {
      mapping[variation.id] = "";
    }
  }
  if (variations.length === 1 && variants.length === 1 && !mapping[variations[0].id]) {
    mapping[variations[0].id] = variants[0].id;
  }
  return mapping;
}

/** The `variantAssociations` form field of POST /api/products/import: only the mapped pairs. */
export function variantAssociations(variations: SupplierVariation[], mapping: VariantMapping): VariantAssociation[] {
  return variations
    .filter((variation) => mapping[variation.id])
    .map((variation) => ({
      supplierVariationId: variation.id,
      platformVariantId: mapping[variation.id],
    }));
}

/** How a supplier variation reads to a merchant: its attributes ("Talla: M / Color: Rojo"), else its SKU. */
export function variationLabel(variation: SupplierVariation) {
  const attributes = (variation.attributes ?? []).map((attribute) => `${attribute.name}: ${attribute.value}`);
  return attributes.length ? attributes.join(" / ") : variation.sku || variation.id;
}
