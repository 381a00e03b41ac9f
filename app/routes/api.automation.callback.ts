import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { env } from "../env.server";
import { clientAddress } from "../lib/client-address.server";
import { AppError, BODY_LIMITS, apiHandler, failure, ok, readLimitedBody, tooLargeMessage } from "../lib/http.server";
import { parseJsonInput } from "../lib/json.server";
import { isAllowedCallbackOrigin, withCallbackCors } from "../services/automation/callback-cors.server";
import {
  checkAddressFailures,
  recordAddressFailure,
  takeKeyAllowance,
} from "../services/automation/callback-limits.server";
import { handleAutomationCallback } from "../services/automation/callback.server";

// Public: guarded by the automation API key in the body (spec: Authentication). Only the two exports below may
// touch server modules at the top level: Remix strips them from the browser build, nothing else.
export const action = async (args: ActionFunctionArgs) =>
  withCallbackCors(
    args.request,
    await apiHandler(
      async ({ request }: ActionFunctionArgs) => {
        if (request.method !== "POST") throw new AppError(405, "Use POST");
        const body = await readJsonObject(request);
        const address = clientAddress(request, env().TRUSTED_PROXY_HOPS);
        refuseWhenOver(await checkAddressFailures(address), "Too many failed callbacks from this address");
        const apiKey = body.apiKey ?? body.api_key ?? body.token;
        // A missing or malformed key is refused at once by the checks; only a key worth looking up spends allowance.
        if (typeof apiKey === "string" && apiKey) {
          refuseWhenOver(await takeKeyAllowance(apiKey), "Too many callbacks for this API key");
        }
        try {
          const result = await handleAutomationCallback(body, { origin: request.headers.get("Origin") });
          return ok({ ...result });
        } catch (error) {
          // Guessing keys or shops from one address is what this counts (issue 11, item 8).
          if (error instanceof AppError && (error.status === 401 || error.status === 403))
            await recordAddressFailure(address);
          throw error;
        }
      },
      { maxBodyBytes: BODY_LIMITS.callback },
    )(args),
  );

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

function refuseWhenOver(verdict: Awaited<ReturnType<typeof takeKeyAllowance>>, message: string) {
  if (verdict.allowed) return;
  throw failure(
    429,
    `${message}; retry in ${verdict.retryAfterSeconds} s`,
    {},
    { "Retry-After": String(verdict.retryAfterSeconds) },
  );
}

async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const raw = await readLimitedBody(request, BODY_LIMITS.callback, tooLargeMessage(BODY_LIMITS.callback));
  const body = parseJsonInput(new TextDecoder().decode(raw), "The body must be JSON");
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new AppError(400, "The body must be a JSON object");
  return body as Record<string, unknown>;
}
