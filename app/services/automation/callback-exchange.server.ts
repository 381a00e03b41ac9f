import { env } from "../../env.server";
import { clientAddress, type RequestOrigin } from "../../lib/client-address.server";
import {
  AppError,
  BODY_LIMITS,
  SECURITY_HEADERS,
  failureData,
  reportUnexpected,
  tooLargeMessage,
} from "../../lib/http.server";
import { parseJsonInput } from "../../lib/json.server";
import { callbackCorsHeaders } from "./callback-cors.server";
import { checkAddressFailures, isValidApiKey, recordAddressFailure, takeKeyAllowance } from "./callback-limits.server";
import { handleAutomationCallback } from "./callback.server";

/**
 * POST /api/automation/callback as one exchange, with no Request or Response around it (docs/decisions/166): the
 * route module (app/routes/api.automation.callback.ts, for the development server and what the fast path passes
 * on) and the production server's fast path (app/fast-paths/callback-fast-path.server.ts) both answer through this,
 * so the checks, the limits, the bodies, the status codes and the headers have one implementation.
 */
export interface CallbackExchange {
  method: string;
  /** A request header by its lower-case name. */
  header(name: string): string | null;
  /** Where the request came from: X-Forwarded-For as the proxies built it and the connection's address. */
  origin: RequestOrigin;
  /** The body, refused with a 413 carrying `message` once it is longer than `maxBytes`. */
  readBody(maxBytes: number, message: string): Promise<Uint8Array>;
}

export interface CallbackAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

class Refusal extends AppError {
  constructor(
    status: number,
    message: string,
    readonly headers: Record<string, string>,
  ) {
    super(status, message);
  }
}

export async function answerCallback(exchange: CallbackExchange): Promise<CallbackAnswer> {
  const origin = exchange.header("origin");
  const headers = { "Content-Type": "application/json", ...SECURITY_HEADERS, ...callbackCorsHeaders(origin) };
  try {
    const maxBytes = BODY_LIMITS.callback;
    // Declared larger than the limit: refused before anything else runs and before a byte is read.
    if (Number(exchange.header("content-length") ?? 0) > maxBytes) {
      throw new AppError(413, tooLargeMessage(maxBytes), "too_large");
    }
    if (exchange.method !== "POST") throw new AppError(405, "Use POST");
    const body = await readJsonObject(exchange);
    const address = clientAddress(exchange.origin, env().TRUSTED_PROXY_HOPS);
    const apiKey = body.apiKey ?? body.api_key ?? body.token;
    // An address over its failures is refused only for a key that is not valid: an address can be shared (a proxy,
    // the automation platform's egress) and a valid key is never refused because of others' guesses (decision 188).
    const failures = await checkAddressFailures(address);
    if (!failures.allowed && !(typeof apiKey === "string" && (await isValidApiKey(apiKey)))) {
      refuseWhenOver(failures, "Too many failed callbacks from this address");
    }
    // A missing or malformed key is refused at once by the checks; only a key worth looking up spends allowance.
    if (typeof apiKey === "string" && apiKey) {
      refuseWhenOver(await takeKeyAllowance(apiKey), "Too many callbacks for this API key");
    }
    try {
      const result = await handleAutomationCallback(body, { origin });
      return { status: 200, body: { success: true, ...result }, headers };
    } catch (error) {
      // Guessing keys or shops from one address is what this counts (docs/decisions/092).
      if (error instanceof AppError && (error.status === 401 || error.status === 403))
        await recordAddressFailure(address);
      throw error;
    }
  } catch (error) {
    if (error instanceof AppError) {
      const body = failureData(error);
      const extra = error instanceof Refusal ? error.headers : {};
      return { status: error.status, body, headers: { ...headers, ...extra } };
    }
    return { status: 500, body: reportUnexpected(error, { method: exchange.method, path: CALLBACK_PATH }), headers };
  }
}

export const CALLBACK_PATH = "/api/automation/callback";

function refuseWhenOver(verdict: Awaited<ReturnType<typeof takeKeyAllowance>>, message: string) {
  if (verdict.allowed) return;
  throw new Refusal(429, `${message}; retry in ${verdict.retryAfterSeconds} s`, {
    "Retry-After": String(verdict.retryAfterSeconds),
  });
}

async function readJsonObject(exchange: CallbackExchange): Promise<Record<string, unknown>> {
  const raw = await exchange.readBody(BODY_LIMITS.callback, tooLargeMessage(BODY_LIMITS.callback));
  const body = parseJsonInput(new TextDecoder().decode(raw), "The body must be JSON");
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new AppError(400, "The body must be a JSON object");
  return body as Record<string, unknown>;
}
