import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler, ok } from "../lib/http.server";
import {
  BULK_RETRY_MAX,
  BULK_RETRY_PER_SECOND,
  countRetryableFailed,
  retryAllFailed,
} from "../services/deliveries/operations.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";

/** How many failed deliveries "retry all failed" would send, for the confirmation. */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  return ok({ count: await countRetryableFailed(shop), max: BULK_RETRY_MAX, perSecond: BULK_RETRY_PER_SECOND });
});

/** Retry all failed: queued again, paced toward the automation platform (docs/decisions/112). */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  const result = await retryAllFailed(shop);
  return ok({ queued: result.queued, remaining: result.remaining, lastDueAt: result.lastDueAt.toISOString() });
});
