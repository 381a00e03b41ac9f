import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BODY_LIMITS, apiHandler, ok } from "../lib/http.server";
import { parseForm } from "../lib/input.server";
import { answerRulesInput, answerRulesView, saveAnswerRules } from "../services/answers/rules.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";

/** The shop's answer rules and its latest callbacks to preview them against (docs/decisions/210). */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  return ok(await answerRulesView(shop));
});

/** `rules` (a JSON list) replaces the shop's rules; `[]` removes them. */
export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const { rules } = await parseForm(request, answerRulesInput);
    return ok({ rules: await saveAnswerRules(shop, rules) });
  },
  { maxBodyBytes: BODY_LIMITS.form },
);
