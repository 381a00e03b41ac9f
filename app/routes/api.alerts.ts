import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler, ok } from "../lib/http.server";
import { deliveryAlert } from "../services/deliveries/alerts.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";

/** The shop's delivery alert for the admin's banner, or `alert: null`. */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  return ok({ alert: await deliveryAlert(shop) });
});
