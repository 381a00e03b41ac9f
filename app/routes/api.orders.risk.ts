import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { extensionApi } from "../lib/extension-api.server";
import { AppError, ok } from "../lib/http.server";
import { parseQuery } from "../lib/input.server";
import { parseOrderRef } from "../services/deliveries/order-story.server";
import { readOrderRisk } from "../services/risk/store.server";

const query = z.object({ orderId: z.string().max(100, "must be at most 100 characters") });

/** The order's return-risk score, level and reasons (codes, worded by the block), or null: the order page's block. */
export const loader = extensionApi(async ({ args: { request }, shop }: { args: LoaderFunctionArgs; shop: string }) => {
  const ref = parseOrderRef(parseQuery(request, query).orderId);
  if (!ref)
    throw AppError.forField("orderId", "must be an order id like gid://shopify/Order/123", { code: "invalid_input" });
  const risk = await readOrderRisk(shop, ref.gid);
  return ok({
    orderId: ref.gid,
    risk: risk ? { score: risk.score, level: risk.level, reasons: risk.reasons, scoredAt: risk.scoredAt } : null,
  });
});

// Remix routes a preflight (OPTIONS) to the action; the library answers it before the handler runs.
export const action = extensionApi(async (_: { args: ActionFunctionArgs }) => {
  throw new AppError(405, "Use GET", "method_not_allowed");
});
