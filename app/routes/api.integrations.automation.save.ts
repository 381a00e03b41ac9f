import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { BODY_LIMITS, apiHandler, ok } from "../lib/http.server";
import { parseForm } from "../lib/input.server";
import { saveAutomationSettings } from "../services/automation/settings.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";

// An empty flow id clears it (null); an absent one keeps what is stored (undefined).
const flowId = z
  .string()
  .trim()
  .max(100, "must be at most 100 characters")
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

const form = z.object({
  apiKey: z
    .string()
    .trim()
    .max(500, "must be at most 500 characters")
    // The key travels in an HTTP header: anything but visible ASCII (invalid UTF-8 arrives as U+FFFD) cannot.
    .regex(/^[\x21-\x7e]*$/, "must be visible ASCII characters without spaces")
    .optional()
    .transform((value) => value || undefined),
  newOrderFlowId: flowId,
  abandonedCartFlowId: flowId,
});

export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const fields = await parseForm(request, form);
    return ok({ configuration: await saveAutomationSettings(shop, fields) });
  },
  { maxBodyBytes: BODY_LIMITS.form },
);
