import { z } from "zod";
import { formBoolean, jsonField, parseInput } from "../../lib/input.server";
import { gidField } from "../platform/gid";
import { supplierProductInput, supplierVariationInput } from "../supplier/product-shapes.server";
import type { ImportRequest } from "./import.server";
import { variantAssociationInput } from "./variant-links.server";

/** What linking a supplier product takes (docs/api.md, POST /api/products/import), from the JSON route and the catalogue page's action alike. */
const importInput = z.object({
  supplierProductId: z.string({ required_error: "is required" }).trim().min(1, "is required"),
  supplierProductData: jsonField(supplierProductInput),
  platformProductId: gidField("Product"),
  supplierVariations: jsonField(z.array(supplierVariationInput)).optional(),
  variantAssociations: jsonField(z.array(variantAssociationInput)).optional(),
  saveSupplierName: formBoolean(false),
  saveSupplierDescription: formBoolean(false),
  useSuggestedBarcode: formBoolean(false),
  saveSupplierImages: formBoolean(false),
});

/** The form's fields as an import request; an invalid field throws the AppError that names it. */
export function parseImportRequest(fields: Record<string, string>): ImportRequest {
  const parsed = parseInput(importInput, fields);
  return {
    supplierProductId: parsed.supplierProductId,
    supplierProduct: parsed.supplierProductData,
    platformProductId: parsed.platformProductId,
    supplierVariations: parsed.supplierVariations,
    variantAssociations: parsed.variantAssociations ?? [],
    saveSupplierName: parsed.saveSupplierName,
    saveSupplierDescription: parsed.saveSupplierDescription,
    useSuggestedBarcode: parsed.useSuggestedBarcode,
    saveSupplierImages: parsed.saveSupplierImages,
  };
}
