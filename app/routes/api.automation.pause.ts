import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { BODY_LIMITS, apiHandler, ok } from "../lib/http.server";
import { formBoolean, parseForm } from "../lib/input.server";
import { automationState, pauseAutomation, resumeAutomation } from "../services/deliveries/operations.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  return ok(await automationState(shop));
});

const body = z.object({ paused: formBoolean(true) });

/** `paused=true` pauses the shop's automation, `paused=false` resumes it (docs/decisions/112). */
export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const { paused } = await parseForm(request, body);
    return ok(paused ? await pauseAutomation(shop) : await resumeAutomation(shop));
  },
  { maxBodyBytes: BODY_LIMITS.form },
);
