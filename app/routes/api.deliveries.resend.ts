import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { extensionApi } from "../lib/extension-api.server";
import { BODY_LIMITS, ok, readLimitedBody, tooLargeMessage } from "../lib/http.server";
import { parseJsonInput } from "../lib/json.server";
import { parseInput } from "../lib/input.server";
import { resendOrder } from "../services/deliveries/order-story.server";

const body = z.object({
  orderId: z.string({ required_error: "is required" }).min(1, "is required").max(100),
  // The merchant saw that the buyer may get another message (an order whose flow ran, docs/decisions/191).
  confirmRepeat: z.boolean({ invalid_type_error: "must be true or false" }).optional(),
});

/** "Send to the automation flow again" (the order page's action): JSON `{ orderId, confirmRepeat? }`. */
export const action = extensionApi(
  async ({ args: { request }, shop }: { args: ActionFunctionArgs; shop: string }) => {
    const raw = new TextDecoder().decode(
      await readLimitedBody(request, BODY_LIMITS.form, tooLargeMessage(BODY_LIMITS.form)),
    );
    const { orderId, confirmRepeat } = parseInput(body, raw ? parseJsonInput(raw) : {});
    return ok(await resendOrder(shop, orderId, { confirmRepeat }));
  },
  { maxBodyBytes: BODY_LIMITS.form },
);
