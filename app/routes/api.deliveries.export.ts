import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiHandler } from "../lib/http.server";
import { parseQuery } from "../lib/input.server";
import { exportDeliveriesCsv } from "../services/deliveries/operations.server";
import { DELIVERY_STATUSES } from "../services/deliveries/status.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";

const query = z.object({
  status: z.enum(DELIVERY_STATUSES).optional(),
  q: z.string().max(100, "must be at most 100 characters").optional(),
});

/** The filtered delivery log as CSV (at most 50,000 rows, newest first). */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  const search = parseQuery(request, query);
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(exportDeliveriesCsv(shop, search), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="deliveries-${stamp}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});
