import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { SUPPLIER_COUNTRY_CODES } from "../lib/countries";
import { BODY_LIMITS, apiHandler, ok } from "../lib/http.server";
import { parseForm } from "../lib/input.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";
import { saveSupplierIntegration } from "../services/supplier/integration.server";

const input = z.object({
  store_name: z.string({ required_error: "is required" }).trim().min(1, "is required").max(200, "is too long"),
  country: z
    .string({ required_error: "is required" })
    .trim()
    .toUpperCase()
    .pipe(z.enum(SUPPLIER_COUNTRY_CODES, { message: `must be one of ${SUPPLIER_COUNTRY_CODES.join(", ")}` })),
  supplier_token: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .pipe(
      z
        .string()
        .max(2000, "is too long")
        // Sent in HTTP headers and bot fields: anything but visible ASCII (invalid UTF-8 arrives as U+FFFD) cannot be.
        .regex(/^[\x21-\x7e]*$/, "must be visible ASCII characters without spaces")
        .optional(),
    ),
});

export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const fields = await parseForm(request, input);
    const configuration = await saveSupplierIntegration(shop, {
      storeName: fields.store_name,
      country: fields.country,
      token: fields.supplier_token,
    });
    return ok({ configuration });
  },
  { maxBodyBytes: BODY_LIMITS.form },
);
