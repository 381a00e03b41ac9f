import type { ActionFunctionArgs } from "@remix-run/node";
import { AppError, BODY_LIMITS, apiHandler, ok } from "../lib/http.server";
import { readFields } from "../lib/input.server";
import { importSupplierProduct } from "../services/catalogue/import.server";
import { parseImportRequest } from "../services/catalogue/import-input.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";
import { requirePlatformSession } from "../services/platform/offline-session.server";

const NOT_SUPPORTED =
  "Creating new platform products is not supported: choose an existing product to link the supplier product to";

export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const fields = await readFields(request);
    const importType = fields.importType?.trim().toLowerCase();
    const wantsNew = ["new", "create"].includes(fields.platformProductId?.trim().toLowerCase() ?? "");
    if ((importType && importType !== "link") || wantsNew) throw new AppError(400, NOT_SUPPORTED, "not_supported");
    if (!fields.platformProductId?.trim())
      throw AppError.forField("platformProductId", `is required. ${NOT_SUPPORTED}`);

    const result = await importSupplierProduct(shop, await requirePlatformSession(shop), parseImportRequest(fields));
    return ok(result);
  },
  { maxBodyBytes: BODY_LIMITS.productImport },
);
