import { z } from "zod";
import { SUPPLIER_COUNTRY_CODES } from "../../lib/countries";

/** What saving the supplier integration takes, from the JSON route and from the settings page's action alike. */
export const supplierIntegrationInput = z.object({
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
