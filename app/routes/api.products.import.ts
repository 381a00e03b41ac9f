import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { AppError, BODY_LIMITS, apiHandler, ok } from "../lib/http.server";
import { formBoolean, jsonField, parseInput, readFields } from "../lib/input.server";
import { importSupplierProduct } from "../services/catalogue/import.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";
import { requirePlatformSession } from "../services/platform/offline-session.server";
import { gidField } from "../services/platform/gid";
import { supplierProductInput, supplierVariationInput } from "../services/supplier/products.server";

const NOT_SUPPORTED =
  "Creating new platform products is not supported: choose an existing product to link the supplier product to";

// docs/decisions/021: the JSON shapes of supplierVariations and variantAssociations.
const variantAssociation = z.preprocess(
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

const input = z.object({
  supplierProductId: z.string({ required_error: "is required" }).trim().min(1, "is required"),
  supplierProductData: jsonField(supplierProductInput),
  platformProductId: gidField("Product"),
  supplierVariations: jsonField(z.array(supplierVariationInput)).optional(),
  variantAssociations: jsonField(z.array(variantAssociation)).optional(),
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
