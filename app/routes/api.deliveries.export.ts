import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiHandler } from "../lib/http.server";
import { parseQuery } from "../lib/input.server";
import { exportDeliveries, exportResponse } from "../services/deliveries/export.server";
import { APP_ACTION_FILTERS, type AppActionFilter } from "../lib/app-action";
import { JOURNEY_FILTERS } from "../lib/journey-log";
import { readOutcomeFilter } from "../lib/outcomes";
import { RISK_LEVELS } from "../lib/risk-log";
import { DELIVERY_STATUSES } from "../services/deliveries/status.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";

const query = z.object({
  status: z.enum(DELIVERY_STATUSES).optional(),
  q: z.string().max(100, "must be at most 100 characters").optional(),
  appAction: z.enum(Object.keys(APP_ACTION_FILTERS) as [AppActionFilter, ...AppActionFilter[]]).optional(),
  journey: z.enum(JOURNEY_FILTERS).optional(),
  risk: z.enum(RISK_LEVELS).optional(),
  // A figure of the outcomes insights (outcome, outcomeKey, measure, from, to): read as the log reads it.
  outcome: z.string().max(40).optional(),
  outcomeKey: z.string().max(200).optional(),
  measure: z.string().max(40).optional(),
  from: z.string().max(10).optional(),
  to: z.string().max(10).optional(),
  // The merchant's language and region ("es-CO"): the file's words and separator.
  locale: z.string().max(35, "must be at most 35 characters").optional(),
});

/**
 * The filtered delivery log as the merchant's spreadsheet (at most 50,000 rows, newest first), with each order's
 * buyer answer. The one export route: the deliveries page downloads it at `/app/deliveries/export`, which re-exports
 * this loader.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  const { locale, status, q, appAction, journey, risk } = parseQuery(request, query);
  const outcome = readOutcomeFilter(new URL(request.url).searchParams);
  return exportResponse(await exportDeliveries(shop, { status, q, appAction, journey, risk, outcome }, locale));
});
