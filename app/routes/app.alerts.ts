import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler, ok } from "~/lib/http.server";
import { deliveryAlert } from "~/services/deliveries/alerts.server";
import { authenticateAdminApi } from "~/services/platform/admin-auth.server";

/**
 * The layout's alert banner checks here with a fetcher, once a minute while the admin is open
 * (docs/decisions/145); the layout's loader gives the first answer with the document. Same service as
 * `/api/alerts`, which stays for monitoring and the sandbox.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  return ok({ alert: await deliveryAlert(shop) });
});
