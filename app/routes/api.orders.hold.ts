import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { extensionApi } from "../lib/extension-api.server";
import { AppError, BODY_LIMITS, ok } from "../lib/http.server";
import { parseForm, parseQuery } from "../lib/input.server";
import { parseOrderRef } from "../services/deliveries/order-story.server";
import { orderBuyerState, requestOrderAction } from "../services/holds/order-hold.server";

const orderId = z.string().max(100, "must be at most 100 characters");

/** The order's buyer answer and hold (the order page's block). */
export const loader = extensionApi(async ({ args: { request }, shop }: { args: LoaderFunctionArgs; shop: string }) => {
  const ref = parseOrderRef(parseQuery(request, z.object({ orderId })).orderId);
  if (!ref)
    throw AppError.forField("orderId", "must be an order id like gid://shopify/Order/123", { code: "invalid_input" });
  return ok(await orderBuyerState(shop, ref.gid));
});

const body = z.object({
  orderId,
  action: z.enum(["release", "cancel"], { errorMap: () => ({ message: "must be release or cancel" }) }),
});

/** The merchant's "Liberar ahora" or "Cancelar pedido" (docs/decisions/211). */
export const action = extensionApi(
  async ({ args: { request }, shop }: { args: ActionFunctionArgs; shop: string }) => {
    const input = await parseForm(request, body);
    return ok(await requestOrderAction(shop, input.orderId, input.action));
  },
  { maxBodyBytes: BODY_LIMITS.form },
);
