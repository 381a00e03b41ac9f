import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { extensionApi } from "../lib/extension-api.server";
import { AppError, ok, readLimitedBody } from "../lib/http.server";
import { parseInput } from "../lib/input.server";
import { resendOrder } from "../services/deliveries/order-story.server";

const body = z.object({ orderId: z.string({ required_error: "is required" }).min(1, "is required").max(100) });

/** "Send to the automation flow again" (the order page's action): JSON `{ orderId }`. */
export const action = extensionApi(async ({ args: { request }, shop }: { args: ActionFunctionArgs; shop: string }) => {
  const raw = new TextDecoder().decode(await readLimitedBody(request, 4096, "The body is too large"));
  let parsed: unknown;
  try {
    parsed = raw ? JSON.parse(raw) : {};
  } catch {
    throw new AppError(400, "The body is not valid JSON", "invalid_input");
  }
  const { orderId } = parseInput(body, parsed);
  return ok(await resendOrder(shop, orderId));
});
