import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiHandler } from "../lib/http.server";
import { parseQuery } from "../lib/input.server";
import { exportOutcomes } from "../services/outcomes/export.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";

const DAY = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a day as YYYY-MM-DD");
const query = z.object({
  days: z.coerce.number().int().min(1).max(92).optional(),
  from: DAY.optional(),
  to: DAY.optional(),
  locale: z.string().max(35, "must be at most 35 characters").optional(),
});

/** The outcomes insights of a period as a CSV download, days in the shop's time zone. */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  const { locale, ...period } = parseQuery(request, query);
  const { fileName, text } = await exportOutcomes(shop, period, locale);
  return new Response(text, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
});
