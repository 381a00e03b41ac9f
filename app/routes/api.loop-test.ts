import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { resolveLocale, translate } from "../i18n";
import { BODY_LIMITS, apiHandler, ok } from "../lib/http.server";
import { parseForm, parseQuery } from "../lib/input.server";
import { followLoopTest, startLoopTest } from "../services/loop-test/loop-test.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";

const query = z.object({ id: z.string().trim().max(64).optional() });

/** The loop test `id` as it stands now (the shop's latest without an id; `test: null` when it has none). */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  const { id } = parseQuery(request, query);
  return ok({ test: await followLoopTest(shop, id || null) });
});

const body = z.object({ locale: z.string().max(35).optional() });

/** Starts "Test the whole loop": a test order placed on the shop, then followed (docs/decisions/150). */
export const action = apiHandler(
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
