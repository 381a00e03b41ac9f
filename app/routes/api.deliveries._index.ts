import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiHandler, ok } from "../lib/http.server";
import { formInteger, parseQuery } from "../lib/input.server";
import { listDeliveries } from "../services/deliveries/queries.server";
import { DELIVERY_STATUSES } from "../services/deliveries/status.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";

const query = z.object({
  status: z.enum(DELIVERY_STATUSES).optional(),
  // The same bound as every paged endpoint: the row offset stays a small number.
  page: formInteger(1, { min: 1, max: 1_000_000 }),
  pageSize: formInteger(25, { min: 1, max: 100 }),
});

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  return ok(await listDeliveries(shop, parseQuery(request, query)));
});
