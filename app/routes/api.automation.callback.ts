import type { ActionFunctionArgs } from "@remix-run/node";
import { env } from "../env.server";
import { clientAddress } from "../lib/client-address.server";
import { AppError, apiHandler, failure, ok, readLimitedBody } from "../lib/http.server";
import {
  checkAddressFailures,
  recordAddressFailure,
  takeKeyAllowance,
} from "../services/automation/callback-limits.server";
import { handleAutomationCallback } from "../services/automation/callback.server";

/** A callback is a few fields; anything this large is not one. */
export const MAX_CALLBACK_BYTES = 16 * 1024;

// Public: guarded by the automation API key in the body (spec: Authentication).
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
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
});

function refuseWhenOver(verdict: Awaited<ReturnType<typeof takeKeyAllowance>>, message: string) {
  if (verdict.allowed) return;
  throw failure(
    429,
    `${message}; retry in ${verdict.retryAfterSeconds} s`,
    {},
    {
      "Retry-After": String(verdict.retryAfterSeconds),
    },
  );
}

async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const raw = await readLimitedBody(
    request,
    MAX_CALLBACK_BYTES,
    `The body is larger than ${MAX_CALLBACK_BYTES / 1024} KB`,
  );
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    throw new AppError(400, "The body must be JSON");
  }
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new AppError(400, "The body must be a JSON object");
  return body as Record<string, unknown>;
}
