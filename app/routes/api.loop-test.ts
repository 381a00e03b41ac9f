import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiHandler, ok } from "../lib/http.server";
import { parseQuery } from "../lib/input.server";
import { followLoopTest } from "../services/loop-test/loop-test.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";

const query = z.object({ id: z.string().trim().max(64).optional() });

/** The loop test `id` as it stands now (the shop's latest without an id; `test: null` when it has none). */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  const { id } = parseQuery(request, query);
  return ok({ test: await followLoopTest(shop, id || null) });
});

/** Starts "Test the whole loop": a test order placed on the shop, then followed (docs/decisions/150). */
export { startLoopTestAction as action } from "../services/loop-test/start-action.server";
