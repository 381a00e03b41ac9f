import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { parseForm } from "../lib/input.server";
import { AppError, BODY_LIMITS, apiHandler, ok } from "../lib/http.server";
import { listFlows } from "../services/automation/client.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";
import { getShopSettings } from "../services/shops/configuration.server";

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  const apiKey = (await getShopSettings(shop))?.automationApiKey;
  if (!apiKey) throw new AppError(400, "Save the automation API key first", "not_configured");
  return ok({ flows: await listFlows(apiKey) });
});

const testForm = z.object({
  apiKey: z.string({ required_error: "is required" }).trim().min(1, "is required").max(500, "is too long"),
});

/** Tests a key the merchant typed without saving it: its account's flows, or the platform's refusal. */
export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    await authenticateAdminApi(request);
    const { apiKey } = await parseForm(request, testForm);
    return ok({ flows: await listFlows(apiKey, { fresh: true }) });
  },
  { maxBodyBytes: BODY_LIMITS.form },
);
