import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { AppError, apiHandler, ok } from "../lib/http.server";
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
    .optional()
    .transform((value) => value || undefined),
  newOrderFlowId: flowId,
  abandonedCartFlowId: flowId,
});

export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  const formData = await request.formData();
  const parsed = form.safeParse(Object.fromEntries([...formData.entries()].filter(([, v]) => typeof v === "string")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(400, `${issue.path.join(".")}: ${issue.message}`);
  }
  return ok({ configuration: await saveAutomationSettings(shop, parsed.data) });
});
