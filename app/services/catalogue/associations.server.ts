import type { ProductAssociation } from "@prisma/client";
import { z } from "zod";
import prisma from "../../db.server";
import { AppError } from "../../lib/http.server";

export interface VariantLink {
  supplierVariationId: string;
  platformVariantId: string;
  barcode: string | null;
}

/** A supplier variation as the link keeps it, so the mapping can be shown and edited later (docs/decisions/140). */
export interface StoredVariation {
  id: string;
  sku: string;
  attributes: { name: string; value: string }[];
}

const storedLinks = z.array(
  z.object({ supplierVariationId: z.string(), platformVariantId: z.string(), barcode: z.string().nullable() }),
);
const storedVariations = z.array(
  z.object({
    id: z.string(),
    sku: z.string(),
    attributes: z.array(z.object({ name: z.string(), value: z.string() })),
  }),
);

/** What a link keeps of the supplier's variations: enough to name them, nothing that goes stale (price, stock). */
export function variationSnapshot(
  variations: readonly { id: string; sku: string; attributes?: { name: string; value: string }[] }[],
): StoredVariation[] {
  return variations.map((variation) => ({
    id: variation.id,
    sku: variation.sku,
    attributes: (variation.attributes ?? []).map(({ name, value }) => ({ name, value })),
  }));
}

/** The association as responses show it: the spec's fields, dates in ISO 8601, the variant mapping parsed. */
export function associationRecord(row: ProductAssociation) {
  const links = storedLinks.safeParse(parseStored(row.variantAssociations));
  const variations = storedVariations.safeParse(parseStored(row.supplierVariations));
  return {
    id: row.id,
    shop: row.shop,
    supplierProductId: row.supplierProductId,
    platformProductId: row.platformProductId,
    supplierProductName: row.supplierProductName,
    platformProductTitle: row.platformProductTitle,
    importType: row.importType,
    saveSupplierName: row.saveSupplierName,
    saveSupplierDescription: row.saveSupplierDescription,
    useSuggestedBarcode: row.useSuggestedBarcode,
    saveSupplierImages: row.saveSupplierImages,
    variantAssociations: links.success ? links.data : [],
    // Empty for links made before the variations were kept: the page then names a variation by its id.
    supplierVariations: variations.success ? variations.data : [],
    imagesAdded: row.imagesAdded,
    lastSyncedAt: row.lastSyncedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

function parseStored(text: string): unknown {
  try {
    return JSON.parse(text || "[]");
  } catch {
    return [];
  }
}

export type AssociationRecord = ReturnType<typeof associationRecord>;

/** One association of the shop; another shop's id is "not found". */
export async function getAssociation(shop: string, id: string) {
  const row = await prisma.productAssociation.findFirst({ where: { id, shop } });
  if (!row) throw new AppError(404, "Association not found", "not_found");
  return row;
}

export async function findAssociation(shop: string, supplierProductId: string) {
  return prisma.productAssociation.findUnique({ where: { shop_supplierProductId: { shop, supplierProductId } } });
}

/** One page of the shop's associations, newest first (id breaks ties so pages never overlap). */
export async function listAssociations(shop: string, page: number, pageSize: number) {
  const [rows, total] = await prisma.$transaction([
    prisma.productAssociation.findMany({
      where: { shop },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * pageSize,
      take: pageSize,
    }),
    prisma.productAssociation.count({ where: { shop } }),
  ]);
  return { associations: rows.map(associationRecord), total };
}

/** Removes the link only; the platform product stays as it is. Another shop's id is "not found". */
export async function deleteAssociation(shop: string, id: string) {
  const { count } = await prisma.productAssociation.deleteMany({ where: { id, shop } });
  if (count === 0) throw new AppError(404, "Association not found", "not_found");
}

/** The shop's links among these supplier products, by supplier product id (the catalogue badges its cards). */
export async function linksBySupplierProduct(shop: string, supplierProductIds: string[]) {
  if (supplierProductIds.length === 0) return {};
  const rows = await prisma.productAssociation.findMany({
    where: { shop, supplierProductId: { in: supplierProductIds } },
    select: { id: true, supplierProductId: true },
  });
  return Object.fromEntries(rows.map((row) => [row.supplierProductId, row.id])) as Record<string, string>;
}
