import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler, ok } from "../lib/http.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";
import { requirePlatformSession } from "../services/platform/offline-session.server";
import { listRecentOrders } from "../services/platform/recent-orders.server";

// The spec allows GET or POST for the same read.
async function poll({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  const { shop } = await authenticateAdminApi(request);
  const orders = await listRecentOrders(await requirePlatformSession(shop));
  return ok({ orders, count: orders.length });
}

export const loader = apiHandler(poll);
export const action = apiHandler(poll);
