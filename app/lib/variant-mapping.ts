/**
 * The variant mapping of a link, keyed by STORE variant (docs/decisions/140): each store variant is sold as one
 * supplier variation, and several store variants may share one (a Size x Colour store product whose supplier
 * only varies by size). The page and the server check a mapping with the same function, so a problem the page
 * lets through is refused with the same code and field.
 */

/** The parts of a store variant the mapping reads (PlatformVariant, or the resource picker's variant). */
export interface MappableVariant {
  id: string;
  title: string;
  sku?: string | null;
  selectedOptions?: { name: string; value: string }[];
}

/** The parts of a supplier variation the mapping reads. */
export interface MappableVariation {
  id: string;
  sku?: string | null;
  attributes?: { name: string; value: string }[];
}

/** One row of the mapping as the page edits it; "" is "not chosen yet". */
export interface MappingRow {
  platformVariantId: string;
  supplierVariationId: string;
}

/** One pair of the `variantAssociations` form field (docs/decisions/021, 140). */
export interface VariantAssociation {
  supplierVariationId: string;
  platformVariantId: string;
}

export const MAPPING_PROBLEMS = [
  "variant_mapped_twice",
  "variant_not_in_product",
  "variation_unknown",
  "variant_required",
] as const;
export type MappingProblemCode = (typeof MAPPING_PROBLEMS)[number];

export interface MappingProblem {
  /** The row (the list position in `variantAssociations`). */
  index: number;
  field: "platformVariantId" | "supplierVariationId";
  code: MappingProblemCode;
  /** For a store variant mapped twice: the earlier row that maps it. */
  otherIndex?: number;
}

/** The server's English sentence for each problem (the page words it from the code). */
export const MAPPING_PROBLEM_MESSAGES: Record<MappingProblemCode, string> = {
  variant_mapped_twice: "this store variant is mapped in another row too",
  variant_not_in_product: "not a variant of the chosen product",
  variation_unknown: "not a variation of the supplier product",
  variant_required: "choose the store variant this variation is sold as",
};

const normalise = (text: string | null | undefined) => (text ?? "").trim().toLowerCase();

/**
 * Every problem of a mapping: a row whose store variant is not one of the product's, is missing, or is
 * mapped by an earlier row; a row whose supplier variation is not one of the product's. Rows with nothing
 * chosen are ignored (they are dropped before sending); a row with only a store variant is "not mapped".
 */
export function checkMapping(
  rows: readonly MappingRow[],
  platformVariantIds: readonly string[],
  supplierVariationIds: readonly string[],
): MappingProblem[] {
  const problems: MappingProblem[] = [];
  const firstRow = new Map<string, number>();
  rows.forEach((row, index) => {
    if (!row.platformVariantId && !row.supplierVariationId) return;
    if (!row.platformVariantId) {
      problems.push({ index, field: "platformVariantId", code: "variant_required" });
    } else if (!platformVariantIds.includes(row.platformVariantId)) {
      problems.push({ index, field: "platformVariantId", code: "variant_not_in_product" });
    } else if (firstRow.has(row.platformVariantId)) {
      problems.push({
        index,
        field: "platformVariantId",
        code: "variant_mapped_twice",
        otherIndex: firstRow.get(row.platformVariantId),
      });
    } else {
      firstRow.set(row.platformVariantId, index);
    }
    if (row.supplierVariationId && !supplierVariationIds.includes(row.supplierVariationId)) {
      problems.push({ index, field: "supplierVariationId", code: "variation_unknown" });
    }
  });
  return problems;
}

/** The store variants no row maps to a supplier variation, in the product's order. */
export function unmappedVariants<V extends MappableVariant>(rows: readonly MappingRow[], variants: readonly V[]): V[] {
  const mapped = new Set(rows.filter((row) => row.supplierVariationId).map((row) => row.platformVariantId));
  return variants.filter((variant) => !mapped.has(variant.id));
}

/**
 * A first mapping, one row per store variant: the supplier variation with the same SKU (case and spaces
 * ignored), else the one whose attribute values are all among the variant's option values ("Talla: M" for
 * "M / Negro") when exactly one fits best, else none. A supplier product with a single variation (or a
 * SIMPLE one) is what every store variant is sold as: there is nothing to choose.
 */
export function autoMatch(
  variations: readonly MappableVariation[],
  variants: readonly MappableVariant[],
): MappingRow[] {
  const bySku = new Map<string, string>();
  for (const variation of variations) {
    const sku = normalise(variation.sku);
    if (sku && !bySku.has(sku)) bySku.set(sku, variation.id);
  }
  return variants.map((variant) => {
    const single = variations.length === 1 ? variations[0].id : "";
    const bySkuMatch = bySku.get(normalise(variant.sku));
    return {
      platformVariantId: variant.id,
      supplierVariationId: bySkuMatch ?? byOptions(variations, variant) ?? single,
    };
  });
}

function byOptions(variations: readonly MappableVariation[], variant: MappableVariant): string | undefined {
  const values = new Set((variant.selectedOptions ?? []).map((option) => normalise(option.value)));
  let best: { id: string; size: number } | undefined;
  let tie = false;
  for (const variation of variations) {
    const attributes = (variation.attributes ?? []).map((attribute) => normalise(attribute.value));
    if (!attributes.length || !attributes.every((value) => values.has(value))) continue;
    if (!best || attributes.length > best.size) {
      best = { id: variation.id, size: attributes.length };
      tie = false;
    } else if (attributes.length === best.size) {
      tie = true;
    }
  }
  return best && !tie ? best.id : undefined;
}

/** The `variantAssociations` form field: the complete rows, in order. */
export function variantAssociations(rows: readonly MappingRow[]): VariantAssociation[] {
  return rows
    .filter((row) => row.platformVariantId && row.supplierVariationId)
    .map((row) => ({ supplierVariationId: row.supplierVariationId, platformVariantId: row.platformVariantId }));
}

/** How a supplier variation reads to a merchant: its attributes ("Talla: M / Color: Rojo"), else its SKU. */
export function variationLabel(variation: MappableVariation) {
  const attributes = (variation.attributes ?? []).map((attribute) => `${attribute.name}: ${attribute.value}`);
  return attributes.length ? attributes.join(" / ") : variation.sku || variation.id;
}

/** How a store variant reads: its title, with its SKU when it has one. */
export function variantLabel(variant: MappableVariant) {
  return variant.sku ? `${variant.title} (${variant.sku})` : variant.title;
}
