import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiHandler, BODY_LIMITS, ok } from "~/lib/http.server";
import { parseInput, readFields } from "~/lib/input.server";
import { saveOrderTagPolicy } from "~/services/automation/tag-policy.server";
import { authenticateAdminApi } from "~/services/platform/admin-auth.server";

const input = z.object({
  replaceOutcomeTag: z.enum(["true", "false"], { errorMap: () => ({ message: "must be true or false" }) }),
});

/** Settings' "replace the earlier outcome tag" checkbox (docs/decisions/193): saved for the session's shop. */
export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const { replaceOutcomeTag } = parseInput(input, await readFields(request));
    return ok({ policy: await saveOrderTagPolicy(shop, replaceOutcomeTag === "true") });
  },
  { maxBodyBytes: BODY_LIMITS.form },
);
