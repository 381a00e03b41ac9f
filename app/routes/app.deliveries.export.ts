import type { LoaderFunctionArgs } from "@remix-run/node";
import { DELIVERY_STATUSES } from "~/lib/api-types";
import { exportDeliveries, exportResponse } from "~/services/deliveries/export.server";
import { authenticate } from "~/shopify.server";

/**
 * The deliveries page's CSV download (a resource route: a file, not page data), from the service
 * `/api/deliveries/export` streams; the page's filter, search and language, read as the page's loader reads them.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const params = new URL(request.url).searchParams;
  const status = DELIVERY_STATUSES.find((value) => value === params.get("status"));
  const q = params.get("q")?.trim().slice(0, 100) || undefined;
  const locale = params.get("locale")?.slice(0, 35) || undefined;
  return exportResponse(await exportDeliveries(session.shop, { status, q }, locale));
};
