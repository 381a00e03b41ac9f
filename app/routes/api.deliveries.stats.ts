import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiHandler, ok } from "../lib/http.server";
import { formInteger, parseQuery } from "../lib/input.server";
import { deliveryStats } from "../services/deliveries/queries.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";

const query = z.object({
  hours: formInteger(24, { min: 1, max: 24 * 90 }),
});

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  return ok(await deliveryStats(shop, parseQuery(request, query).hours));
});
