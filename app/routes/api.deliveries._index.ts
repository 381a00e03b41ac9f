import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiHandler, ok } from "../lib/http.server";
import { parseQuery } from "../lib/validation.server";
import { listDeliveries } from "../services/deliveries/queries.server";
import { DELIVERY_STATUSES } from "../services/deliveries/status.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";

const query = z.object({
  status: z.enum(DELIVERY_STATUSES).optional(),
  page: z.coerce.number().int().min(1, "must be at least 1").default(1),
  pageSize: z.coerce.number().int().min(1, "must be at least 1").max(100, "must be at most 100").default(25),
});

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  return ok(await listDeliveries(shop, parseQuery(request, query)));
});
