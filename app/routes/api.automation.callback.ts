import type { ActionFunctionArgs } from "@remix-run/node";
import { AppError, apiHandler, ok } from "../lib/http.server";
import { handleAutomationCallback } from "../services/automation/callback.server";

/** A callback is a few fields; anything this large is not one. */
export const MAX_CALLBACK_BYTES = 16 * 1024;

// Public: guarded by the automation API key in the body (spec: Authentication).
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") throw new AppError(405, "Use POST");
  const body = await readJsonObject(request);
  const result = await handleAutomationCallback(body, { origin: request.headers.get("Origin") });
  return ok({ ...result });
});

async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_CALLBACK_BYTES) throw tooLarge();
  const raw = await request.arrayBuffer();
  if (raw.byteLength > MAX_CALLBACK_BYTES) throw tooLarge();
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

function tooLarge() {
  return new AppError(413, `The body is larger than ${MAX_CALLBACK_BYTES / 1024} KB`);
}
