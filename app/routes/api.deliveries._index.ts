import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { extensionApi } from "../lib/extension-api.server";
import { AppError, ok } from "../lib/http.server";
import { formInteger, parseQuery } from "../lib/input.server";
import { getOrderStory } from "../services/deliveries/order-story.server";
import { searchDeliveries } from "../services/deliveries/operations.server";
import { listDeliveries } from "../services/deliveries/queries.server";
import { DELIVERY_STATUSES } from "../services/deliveries/status.server";

const query = z.object({
  status: z.enum(DELIVERY_STATUSES).optional(),
  // The same bound as every paged endpoint: the row offset stays a small number.
  page: formInteger(1, { min: 1, max: 1_000_000 }),
  pageSize: formInteger(25, { min: 1, max: 100 }),
  // One order's story (the order page's block): gid://shopify/Order/N, gid://platform/Order/N or N.
  orderId: z.string().max(100, "must be at most 100 characters").optional(),
  // Order number, customer name or phone (app/services/deliveries/operations.server.ts).
  q: z.string().max(100, "must be at most 100 characters").optional(),
});

export const loader = extensionApi(async ({ args: { request }, shop }: { args: LoaderFunctionArgs; shop: string }) => {
  const { orderId, q, ...page } = parseQuery(request, query);
  if (orderId !== undefined) return ok(await getOrderStory(shop, orderId));
  if (q !== undefined) return ok(await searchDeliveries(shop, { q, ...page }));
  return ok(await listDeliveries(shop, page));
});

// Remix routes a preflight (OPTIONS) to the action; the library answers it before the handler runs.
export const action = extensionApi(async (_: { args: ActionFunctionArgs }) => {
  throw new AppError(405, "Use GET", "method_not_allowed");
});
