import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiHandler, ok } from "~/lib/http.server";
import { parseQuery } from "~/lib/input.server";
import { followLoopTest } from "~/services/loop-test/loop-test.server";
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

/** Starts a test from the card: the same action as `/api/loop-test`'s. */
export { startLoopTestAction as action } from "~/services/loop-test/start-action.server";
