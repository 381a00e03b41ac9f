import type { ProductAssociation } from "@prisma/client";
import { z } from "zod";
import prisma from "../../db.server";
import { AppError } from "../../lib/http.server";

export interface VariantLink {
  supplierVariationId: string;
  platformVariantId: string;
  barcode: string | null;
}

const storedLinks = z.array(
  z.object({ supplierVariationId: z.string(), platformVariantId: z.string(), barcode: z.string().nullable() }),
);

/** The association as responses show it: the spec's fields, dates in ISO 8601, the variant mapping parsed. */
export function associationRecord(row: ProductAssociation) {
  const links = storedLinks.safeParse(parseStored(row.variantAssociations));
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
