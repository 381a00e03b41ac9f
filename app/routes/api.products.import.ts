import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { AppError, BODY_LIMITS, apiHandler, ok } from "../lib/http.server";
import { formBoolean, jsonField, parseInput, readFields } from "../lib/input.server";
import { importSupplierProduct } from "../services/catalogue/import.server";
import { variantAssociationInput } from "../services/catalogue/variant-links.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";
import { gidField } from "../services/platform/gid";
import { requirePlatformSession } from "../services/platform/offline-session.server";
import { supplierProductInput, supplierVariationInput } from "../services/supplier/products.server";

const NOT_SUPPORTED =
  "Creating new platform products is not supported: choose an existing product to link the supplier product to";

const input = z.object({
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

export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const fields = await readFields(request);
    const importType = fields.importType?.trim().toLowerCase();
    const wantsNew = ["new", "create"].includes(fields.platformProductId?.trim().toLowerCase() ?? "");
    if ((importType && importType !== "link") || wantsNew) throw new AppError(400, NOT_SUPPORTED, "not_supported");
    if (!fields.platformProductId?.trim()) throw new AppError(400, `platformProductId: is required. ${NOT_SUPPORTED}`);

    const parsed = parseInput(input, fields);
    const result = await importSupplierProduct(shop, await requirePlatformSession(shop), {
      supplierProductId: parsed.supplierProductId,
      supplierProduct: parsed.supplierProductData,
      platformProductId: parsed.platformProductId,
      supplierVariations: parsed.supplierVariations,
      variantAssociations: parsed.variantAssociations ?? [],
      saveSupplierName: parsed.saveSupplierName,
      saveSupplierDescription: parsed.saveSupplierDescription,
      useSuggestedBarcode: parsed.useSuggestedBarcode,
      saveSupplierImages: parsed.saveSupplierImages,
    });
    return ok(result);
  },
  { maxBodyBytes: BODY_LIMITS.productImport },
);
