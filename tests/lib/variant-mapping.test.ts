import { describe, expect, it } from "vitest";
import {
  autoMatch,
  checkMapping,
  unmappedVariants,
  variantAssociations,
  variantLabel,
  variationLabel,
  type MappableVariant,
  type MappableVariation,
} from "~/lib/variant-mapping";

const sizes = ["S", "M", "L"];
const colours = ["Negro", "Azul"];
/** A store product with Size x Colour: 6 variants. */
const storeVariants: MappableVariant[] = sizes.flatMap((size, i) =>
  colours.map((colour, j) => ({
    id: `v${i}${j}`,
    title: `${size} / ${colour}`,
    sku: null,
    selectedOptions: [
      { name: "Size", value: size },
      { name: "Colour", value: colour },
    ],
  })),
);
/** A supplier product that only varies by size: 3 variations. */
const supplierVariations: MappableVariation[] = sizes.map((size) => ({
  id: `s${size}`,
  sku: `SUP-${size}`,
  attributes: [{ name: "Talla", value: size }],
}));
const variantIds = storeVariants.map((variant) => variant.id);
const variationIds = supplierVariations.map((variation) => variation.id);

describe("variant mapping: automatic first mapping", () => {
  it("maps every store variant of a Size x Colour product to the supplier variation of its size", () => {
    const rows = autoMatch(supplierVariations, storeVariants);
    expect(rows).toHaveLength(6);
    expect(rows.map((row) => row.supplierVariationId)).toEqual(["sS", "sS", "sM", "sM", "sL", "sL"]);
    expect(checkMapping(rows, variantIds, variationIds)).toEqual([]);
    expect(unmappedVariants(rows, storeVariants)).toEqual([]);
  });

  it("prefers a matching SKU, ignoring case and spaces", () => {
    const variants = [{ id: "v1", title: "Único", sku: " sup-m " }];
    expect(autoMatch(supplierVariations, variants)).toEqual([{ platformVariantId: "v1", supplierVariationId: "sM" }]);
  });

  it("leaves a variant unmapped when two variations fit it equally", () => {
    const variations = [
      { id: "a", attributes: [{ name: "Color", value: "Negro" }] },
      { id: "b", attributes: [{ name: "Talla", value: "S" }] },
    ];
    expect(autoMatch(variations, [storeVariants[0]])[0].supplierVariationId).toBe("");
  });

  it("proposes a supplier product's single variation for every store variant", () => {
    expect(autoMatch([{ id: "a", sku: "X" }], storeVariants.slice(0, 2))).toEqual([
      { platformVariantId: "v00", supplierVariationId: "a" },
      { platformVariantId: "v01", supplierVariationId: "a" },
    ]);
  });
});

describe("variant mapping: checks shared by the page and the server", () => {
  it("lets several store variants share one supplier variation", () => {
    const rows = variantIds.map((id) => ({ platformVariantId: id, supplierVariationId: "sM" }));
    expect(checkMapping(rows, variantIds, variationIds)).toEqual([]);
  });

  it("catches a store variant mapped in two rows, naming the earlier row", () => {
    const rows = [
      { platformVariantId: "v00", supplierVariationId: "sS" },
      { platformVariantId: "v01", supplierVariationId: "sS" },
      { platformVariantId: "v00", supplierVariationId: "sM" },
    ];
    expect(checkMapping(rows, variantIds, variationIds)).toEqual([
      { index: 2, field: "platformVariantId", code: "variant_mapped_twice", otherIndex: 0 },
    ]);
  });

  it("catches a variant of another product and an unknown variation on their fields", () => {
    const rows = [{ platformVariantId: "elsewhere", supplierVariationId: "s404" }];
    expect(checkMapping(rows, variantIds, variationIds)).toEqual([
      { index: 0, field: "platformVariantId", code: "variant_not_in_product" },
      { index: 0, field: "supplierVariationId", code: "variation_unknown" },
    ]);
  });

  it("asks for the store variant of a row that has only a variation, and ignores an empty row", () => {
    const rows = [
      { platformVariantId: "", supplierVariationId: "sS" },
      { platformVariantId: "", supplierVariationId: "" },
    ];
    expect(checkMapping(rows, variantIds, variationIds)).toEqual([
      { index: 0, field: "platformVariantId", code: "variant_required" },
    ]);
  });

  it("lists the store variants left unmapped and sends only complete rows", () => {
    const rows = [
      { platformVariantId: "v00", supplierVariationId: "sS" },
      { platformVariantId: "v01", supplierVariationId: "" },
    ];
    expect(unmappedVariants(rows, storeVariants).map((variant) => variant.id)).toEqual([
      "v01",
      "v10",
      "v11",
      "v20",
      "v21",
    ]);
    expect(variantAssociations(rows)).toEqual([{ supplierVariationId: "sS", platformVariantId: "v00" }]);
  });

  it("names variations by their attributes, else SKU, and variants by title and SKU", () => {
    expect(variationLabel(supplierVariations[0])).toBe("Talla: S");
    expect(variationLabel({ id: "x", sku: "CAM-M" })).toBe("CAM-M");
    expect(variantLabel({ id: "v", title: "S / Negro", sku: "CAM-S-N" })).toBe("S / Negro (CAM-S-N)");
  });
});
