import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler, ok } from "../lib/http.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";
import { getShopSettings, publicSettings } from "../services/shops/configuration.server";

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  const settings = await getShopSettings(shop);
  return ok({ configuration: settings ? publicSettings(settings) : null });
});
