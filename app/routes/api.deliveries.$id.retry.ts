import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, ok } from "../lib/http.server";
import { retryDelivery } from "../services/deliveries/queries.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";

export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  return ok({ delivery: await retryDelivery(shop, params.id ?? "") });
});
