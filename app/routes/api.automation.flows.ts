import type { LoaderFunctionArgs } from "@remix-run/node";
import { AppError, apiHandler, ok } from "../lib/http.server";
import { listFlows } from "../services/automation/client.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";
import { getShopSettings } from "../services/shops/configuration.server";

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  const apiKey = (await getShopSettings(shop))?.automationApiKey;
  if (!apiKey) throw new AppError(400, "Save the automation API key first", "not_configured");
  return ok({ flows: await listFlows(apiKey) });
});
