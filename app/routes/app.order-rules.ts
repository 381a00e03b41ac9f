import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, BODY_LIMITS, ok } from "~/lib/http.server";
import { readFields } from "~/lib/input.server";
import { orderRulesIntent } from "~/services/orders/rules-intents.server";
import { authenticateAdminApi } from "~/services/platform/admin-auth.server";

/**
 * The settings page's order rules post here (docs/decisions/220): saving them, previewing a draft on the last 30
 * days' orders, and the phone blocklist (docs/decisions/337), by intent.
 */
export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    return ok(await orderRulesIntent(shop, await readFields(request)));
  },
  { maxBodyBytes: BODY_LIMITS.form },
);
