import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BODY_LIMITS, apiHandler, ok } from "../lib/http.server";
import { parseForm } from "../lib/input.server";
import { HOLD_SCOPES, holdPolicyInput, holdPolicyOf, saveHoldPolicy } from "../services/holds/settings.server";
import { missingScopesFor } from "../services/platform/granted-scopes.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";

/** Whether and how the shop's orders are held until the buyer answers (docs/decisions/211), and the scopes it lacks. */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  const [policy, missing] = await Promise.all([holdPolicyOf(shop), missingScopesFor(shop, HOLD_SCOPES)]);
  return ok({ policy, missingScopes: missing });
});

export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    return ok({ policy: await saveHoldPolicy(shop, await parseForm(request, holdPolicyInput)) });
  },
  { maxBodyBytes: BODY_LIMITS.form },
);
