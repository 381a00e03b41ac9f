import type { ActionFunctionArgs } from "@remix-run/node";
import { BODY_LIMITS, apiHandler, ok } from "../lib/http.server";
import { parseForm } from "../lib/input.server";
import { automationSettingsInput } from "../services/automation/settings-input.server";
import { saveAutomationSettings } from "../services/automation/settings.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";

export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const fields = await parseForm(request, automationSettingsInput);
    return ok({ configuration: await saveAutomationSettings(shop, fields) });
  },
  { maxBodyBytes: BODY_LIMITS.form },
);
