import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler, ok } from "../lib/http.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";
import { requirePlatformSession } from "../services/platform/offline-session.server";
import { listRecentOrders } from "../services/platform/recent-orders.server";
import { installedAt } from "../services/shops/installation.server";

// The spec allows GET or POST for the same read.
async function poll({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  const { shop } = await authenticateAdminApi(request);
  const [orders, installed] = await Promise.all([
    listRecentOrders(await requirePlatformSession(shop)),
    installedAt(shop),
  ]);
  // When the app was installed: the page tells orders placed before it from orders it missed (docs/decisions/131).
  return ok({ orders, count: orders.length, installedAt: installed?.toISOString() ?? null });
}

export const loader = apiHandler(poll);
export const action = apiHandler(poll);
