import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { resolveLocale, translate } from "../../i18n";
import { BODY_LIMITS, apiHandler, ok } from "../../lib/http.server";
import { parseForm } from "../../lib/input.server";
import { authenticateAdminApi } from "../platform/admin-auth.server";
import { startLoopTest } from "./loop-test.server";

const body = z.object({ locale: z.string().max(35).optional() });

/**
 * Starts "Test the whole loop" (docs/decisions/150): a test order placed on the shop, titled in the merchant's
 * language, then followed. The one action behind the home page's card (`app.loop-test`) and `/api/loop-test`.
 */
export const startLoopTestAction = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const locale = resolveLocale((await parseForm(request, body)).locale);
    const test = await startLoopTest(shop, {
      title: translate(locale, "loopTest.order.title"),
      note: translate(locale, "loopTest.order.note"),
    });
    return ok({ test }, { status: 201 });
  },
  { maxBodyBytes: BODY_LIMITS.form },
);
