import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { resolveLocale, translate } from "~/i18n";
import { BODY_LIMITS, apiHandler, ok } from "~/lib/http.server";
import { parseForm, parseQuery } from "~/lib/input.server";
import { followLoopTest, startLoopTest } from "~/services/loop-test/loop-test.server";
import { authenticateAdminApi } from "~/services/platform/admin-auth.server";

const query = z.object({ id: z.string().trim().min(1).max(64) });

/**
 * The home page's loop test card reads its running test here with a fetcher, once a second until it ends
 * (docs/decisions/145); the same service as `/api/loop-test`, which stays for the sandbox and extensions.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  const { id } = parseQuery(request, query);
  return ok({ test: await followLoopTest(shop, id) });
});

const body = z.object({ locale: z.string().max(35).optional() });

/** Starts "Test the whole loop" from the card (docs/decisions/150): the test order is titled in the merchant's language. */
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
