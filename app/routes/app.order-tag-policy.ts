import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiHandler, BODY_LIMITS, ok } from "~/lib/http.server";
import { parseInput, readFields } from "~/lib/input.server";
import { saveOrderTagPolicy } from "~/services/automation/tag-policy.server";
import { authenticateAdminApi } from "~/services/platform/admin-auth.server";

const flag = z.enum(["true", "false"], { errorMap: () => ({ message: "must be true or false" }) }).optional();
const input = z
  .object({ replaceOutcomeTag: flag, answerTag: flag })
  .refine((fields) => fields.replaceOutcomeTag !== undefined || fields.answerTag !== undefined, {
    message: "is required",
    path: ["replaceOutcomeTag"],
  });

/**
 * Settings' tag checkboxes: "replace the earlier outcome tag" (docs/decisions/193) and "add the buyer's answer as a
 * tag" (docs/decisions/301), each saved on its own change for the session's shop.
 */
export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const fields = parseInput(input, await readFields(request));
    const change = {
      ...(fields.replaceOutcomeTag ? { replaceOutcomeTag: fields.replaceOutcomeTag === "true" } : {}),
      ...(fields.answerTag ? { answerTag: fields.answerTag === "true" } : {}),
    };
    return ok({ policy: await saveOrderTagPolicy(shop, change) });
  },
  { maxBodyBytes: BODY_LIMITS.form },
);
