import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, BODY_LIMITS, ok } from "~/lib/http.server";
import { parseForm } from "~/lib/input.server";
import { orderRulesInput, saveOrderRules } from "~/services/orders/rules.server";
import { authenticateAdminApi } from "~/services/platform/admin-auth.server";

/** The settings page's order rules form saves here (docs/decisions/220). */
export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    return ok({ rules: await saveOrderRules(shop, await parseForm(request, orderRulesInput)) });
  },
  { maxBodyBytes: BODY_LIMITS.form },
);
