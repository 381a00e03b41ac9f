import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiHandler, ok } from "../lib/http.server";
import { parseQuery } from "../lib/validation.server";
import { deliveryStats } from "../services/deliveries/queries.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";

const query = z.object({
  hours: z.coerce
    .number()
    .int()
    .min(1, "must be at least 1")
    .max(24 * 90, "must be at most 2160")
    .default(24),
});

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  return ok(await deliveryStats(shop, parseQuery(request, query).hours));
});
