import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { extensionApi } from "../lib/extension-api.server";
import { BODY_LIMITS, ok, readLimitedBody, tooLargeMessage } from "../lib/http.server";
import { parseJsonInput } from "../lib/json.server";
import { parseInput } from "../lib/input.server";
import { retryNow } from "../services/deliveries/operations.server";

// No body, or JSON `{ confirmRepeat }`: a flow-failed delivery's flow ran, so its retry is confirmed (decision 191).
const body = z.object({ confirmRepeat: z.boolean({ invalid_type_error: "must be true or false" }).optional() });

export const action = extensionApi(
  async ({ args: { request, params }, shop }: { args: ActionFunctionArgs; shop: string }) => {
    const raw = new TextDecoder().decode(
      await readLimitedBody(request, BODY_LIMITS.form, tooLargeMessage(BODY_LIMITS.form)),
    );
    const { confirmRepeat } = parseInput(body, raw.trim() ? parseJsonInput(raw) : {});
    return ok({ delivery: await retryNow(shop, params.id ?? "", { confirmRepeat }) });
  },
  { maxBodyBytes: BODY_LIMITS.form },
);
