import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, failure } from "../lib/http.server";
import { parseFlowAction, sendToConfirmationAgain } from "../services/flow/action.server";
import { MAX_FLOW_ACTION_BYTES, verifiedFlowBody } from "../services/flow/verify.server";

/**
 * The Flow action "Send to the confirmation flow again" (extensions/send-to-confirmation): signed by the platform
 * with the app's secret, run once per `action_run_id` (docs/decisions/339).
 */
export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    if (request.method !== "POST") throw failure(405, "Use POST", {}, { Allow: "POST" });
    const { shop, actionRunId, orderId } = parseFlowAction(await verifiedFlowBody(request));
    const answer = await sendToConfirmationAgain(shop, actionRunId, orderId);
    return Response.json(answer.body, { status: answer.status });
  },
  { maxBodyBytes: MAX_FLOW_ACTION_BYTES },
);
