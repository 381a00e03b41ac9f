import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, BODY_LIMITS, ok } from "~/lib/http.server";
import { parseForm } from "~/lib/input.server";
import { authenticateAdminApi } from "~/services/platform/admin-auth.server";
import { riskRuleInput, saveRiskRule } from "~/services/risk/rules.server";

/** The settings page's rule for risky orders saves here (docs/decisions/335). */
export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    return ok({ rule: await saveRiskRule(shop, await parseForm(request, riskRuleInput)) });
  },
  { maxBodyBytes: BODY_LIMITS.form },
);
