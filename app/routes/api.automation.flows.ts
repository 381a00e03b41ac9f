import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { parseForm } from "../lib/input.server";
import { AppError, BODY_LIMITS, apiHandler, ok } from "../lib/http.server";
import { listFlows } from "../services/automation/client.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";
import { automationKeyTestInput } from "../services/automation/settings-input.server";
import { getShopSettings } from "../services/shops/configuration.server";

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  const apiKey = (await getShopSettings(shop))?.automationApiKey;
  if (!apiKey) throw new AppError(400, "Save the automation API key first", "not_configured");
  return ok({ flows: await listFlows(apiKey) });
});

/** Tests a key the merchant typed without saving it: its account's flows, or the platform's refusal. */
export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    await authenticateAdminApi(request);
    const { apiKey } = await parseForm(request, automationKeyTestInput);
    return ok({ flows: await listFlows(apiKey, { fresh: true }) });
  },
  { maxBodyBytes: BODY_LIMITS.form },
);
