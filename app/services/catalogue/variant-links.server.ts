import { z } from "zod";
import prisma from "../../db.server";
import { AppError } from "../../lib/http.server";
import { checkMapping, MAPPING_PROBLEM_MESSAGES, type MappableVariation } from "../../lib/variant-mapping";
import { logger } from "../../logger.server";
import { getProductVariants } from "../platform/catalogue.server";
import { gidField } from "../platform/gid";
import { syncAfterLinkSaved } from "../stock/schedule.server";
import { platformGraphql, type PlatformSession } from "../platform/graphql.server";
import { associationRecord, getAssociation, type VariantLink } from "./associations.server";
import { PRODUCT_VARIANTS_BARCODES_MUTATION } from "./import-operations.server";

// docs/decisions/021 and 140: one pair of the variantAssociations form field, one per store variant.
export const variantAssociationInput = z.preprocess(
  (value) =>
    value && typeof value === "object" && !("supplierVariationId" in value) && "supplierVariantId" in value
      ? { ...value, supplierVariationId: (value as { supplierVariantId: unknown }).supplierVariantId }
      : value,
  z.object({
    supplierVariationId: z.union([z.string().min(1), z.number()], { required_error: "is required" }).transform(String),
    platformVariantId: gidField("ProductVariant"),
    barcode: z.string().trim().max(255, "is too long").optional(),
  }),
);
export type VariantAssociationInput = z.infer<typeof variantAssociationInput>;

/**
 * The variant mapping, checked (docs/decisions/140): one pair per store variant, each store variant of the
 * product and in one pair only, each supplier variation known (several store variants may share one), and a
 * barcode for every pair when barcodes are to be set. The first problem is refused with its own code and
 * the pair's path, so the page can put it on the row and field it concerns.
 */
export function resolveVariantLinks(
  associations: readonly VariantAssociationInput[],
  platformVariantIds: readonly string[],
  variations: readonly MappableVariation[],
  useSuggestedBarcode: boolean,
): VariantLink[] {
  if (useSuggestedBarcode && associations.length === 0) {
    throw AppError.forField("variantAssociations", "map at least one variant to use the suggested barcodes", {
      code: "invalid_input",
    });
  }
  const [problem] = checkMapping(
    associations,
    platformVariantIds,
    variations.map((variation) => variation.id),
  );
  if (problem) {
    throw AppError.forField(
      ["variantAssociations", problem.index, problem.field],
      MAPPING_PROBLEM_MESSAGES[problem.code],
      { code: problem.code, extra: problem.otherIndex === undefined ? {} : { otherIndex: problem.otherIndex } },
    );
  }
  return associations.map((association, index) => {
    const variation = variations.find((candidate) => candidate.id === association.supplierVariationId)!;
    const barcode = association.barcode?.trim() || variation.sku?.trim() || null;
    if (useSuggestedBarcode && !barcode) {
      throw AppError.forField(
        ["variantAssociations", index, "supplierVariationId"],
        "the supplier suggests no barcode for this variation",
        { code: "barcode_missing" },
      );
    }
    return { supplierVariationId: variation.id, platformVariantId: association.platformVariantId, barcode };
  });
}

/**
 * Replaces the variant mapping of a link, checked against the store product's variants as they are now and
 * the supplier variations kept with the link (for links made before those were kept, the variations the
 * mapping already named). When the link sets suggested barcodes, the store variants whose supplier
 * variation changed get the new one's barcode first; the mapping is stored only after that succeeded.
 */
export async function updateVariantMapping(
  shop: string,
  session: PlatformSession,
  associationId: string,
  associations: readonly VariantAssociationInput[],
) {
  const row = await getAssociation(shop, associationId);
  const record = associationRecord(row);
  const variations: MappableVariation[] = record.supplierVariations.length
    ? record.supplierVariations
    : [...new Set(record.variantAssociations.map((link) => link.supplierVariationId))].map((id) => ({ id }));
  const platform = await getProductVariants(session, row.platformProductId);
  const links = resolveVariantLinks(
    associations,
    platform.variants.map((variant) => variant.id),
    variations,
    row.useSuggestedBarcode,
  );

  if (row.useSuggestedBarcode) {
    const before = new Map(record.variantAssociations.map((link) => [link.platformVariantId, link.barcode]));
    const changed = links.filter((link) => before.get(link.platformVariantId) !== link.barcode);
    if (changed.length) {
      const data = await platformGraphql(session, PRODUCT_VARIANTS_BARCODES_MUTATION, {
        productId: platform.product.id,
        variants: changed.map((link) => ({ id: link.platformVariantId, barcode: link.barcode })),
      });
      const errors = data.productVariantsBulkUpdate?.userErrors ?? [];
      if (errors.length) {
        const detail = errors.map((error) => error.message).join("; ");
        throw new AppError(
          422,
          `Setting the variants' barcodes failed: ${detail}; the mapping was not changed`,
          "platform_user_error",
        );
      }
    }
  }

  const { count } = await prisma.productAssociation.updateMany({
    where: { id: row.id, shop },
    data: { variantAssociations: JSON.stringify(links), lastSyncedAt: new Date() },
  });
  if (count === 0) throw new AppError(404, "Association not found", "not_found");
  logger.child({ shop, associationId }).info({ pairs: links.length }, "variant mapping updated");
  void syncAfterLinkSaved(shop, associationId);
  return associationRecord(await getAssociation(shop, associationId));
}
