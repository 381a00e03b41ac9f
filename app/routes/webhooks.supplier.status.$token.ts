import type { ActionFunctionArgs } from "@remix-run/node";
import { AppError, errorResponse, readLimitedBody, tooLargeMessage, withSecurityHeaders } from "../lib/http.server";
import { parseJsonInput } from "../lib/json.server";
import { receiveStatusPush, STATUS_PUSH_MAX_BYTES } from "../services/journey/receive.server";

// Public: the supplier marketplace's status webhook; the token in the path is the shop's secret (docs/decisions/321).
// Failures are mapped here, not by apiHandler, so that no log line carries the path and its token.
export const action = async ({ request, params }: ActionFunctionArgs) => {
  try {
    if (request.method !== "POST") throw new AppError(405, "Use POST", "method_not_allowed");
    const { duplicate } = await receiveStatusPush(params.token ?? "", async () => {
      const bytes = await readLimitedBody(request, STATUS_PUSH_MAX_BYTES, tooLargeMessage(STATUS_PUSH_MAX_BYTES));
      return parseJsonInput(new TextDecoder().decode(bytes));
    });
    return withSecurityHeaders(Response.json({ success: true, duplicate }));
  } catch (error) {
    return withSecurityHeaders(errorResponse(error, { route: "supplier-status" }));
  }
};

export const loader = () =>
  withSecurityHeaders(
    Response.json({ success: false, error: "Use POST", code: "method_not_allowed" }, { status: 405 }),
  );
