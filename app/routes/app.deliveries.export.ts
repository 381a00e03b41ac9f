import type { LoaderFunctionArgs } from "@remix-run/node";
import { DELIVERY_STATUSES } from "~/lib/api-types";
import { exportDeliveriesCsv } from "~/services/deliveries/operations.server";
import { authenticate } from "~/shopify.server";

/**
 * The deliveries page's CSV download (a resource route: a file, not page data), from the service
 * `/api/deliveries/export` streams; the page's filter and search, read as the page's loader reads them.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const params = new URL(request.url).searchParams;
  const status = DELIVERY_STATUSES.find((value) => value === params.get("status"));
  const q = params.get("q")?.trim().slice(0, 100) || undefined;
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(exportDeliveriesCsv(session.shop, { status, q }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="deliveries-${stamp}.csv"`,
      "Cache-Control": "no-store",
    },
  });
};
