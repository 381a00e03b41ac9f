import type { ActionFunctionArgs } from "@remix-run/node";
import { BODY_LIMITS, apiHandler, ok } from "../lib/http.server";
import { parseForm } from "../lib/input.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";
import { supplierIntegrationInput } from "../services/supplier/integration-input.server";
import { saveSupplierIntegration } from "../services/supplier/integration.server";

export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const fields = await parseForm(request, supplierIntegrationInput);
    const configuration = await saveSupplierIntegration(shop, {
      storeName: fields.store_name,
      country: fields.country,
      token: fields.supplier_token,
    });
    return ok({ configuration });
  },
  { maxBodyBytes: BODY_LIMITS.form },
);
