import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler, ok } from "../lib/http.server";
import { getDelivery } from "../services/deliveries/queries.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  return ok({ delivery: await getDelivery(shop, params.id ?? "") });
});
