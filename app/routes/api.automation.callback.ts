import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requestOrigin } from "../lib/client-address.server";
import { AppError, apiHandler, failure, readLimitedBody } from "../lib/http.server";
import { isAllowedCallbackOrigin, withCallbackCors } from "../services/automation/callback-cors.server";
import { answerCallback } from "../services/automation/callback-exchange.server";

// Public: guarded by the automation API key in the body (spec: Authentication). Only the two exports below may
// touch server modules at the top level: Remix strips them from the browser build, nothing else.
// The production server answers POST before Remix through the same exchange
// (app/fast-paths/callback-fast-path.server.ts).
export const action = async ({ request, context }: ActionFunctionArgs) => {
  const answer = await answerCallback({
    method: request.method,
    header: (name) => request.headers.get(name),
    origin: requestOrigin(request, context),
    readBody: (maxBytes, message) => readLimitedBody(request, maxBytes, message),
  });
  return Response.json(answer.body, { status: answer.status, headers: answer.headers });
};

// Remix hands OPTIONS to the loader: the browser's preflight for a JSON POST from an allowed panel.
export const loader = async (args: LoaderFunctionArgs) =>
  withCallbackCors(
    args.request,
    await apiHandler(async ({ request }: LoaderFunctionArgs) => {
      if (request.method !== "OPTIONS") throw failure(405, "Use POST", {}, { Allow: "POST, OPTIONS" });
      if (!isAllowedCallbackOrigin(request.headers.get("Origin"))) throw new AppError(403, "Invalid origin");
      return new Response(null, { status: 204 });
    })(args),
  );
