import { createHash } from "node:crypto";
import { z } from "zod";
import { env } from "../../env.server";
import type { DeliveryError } from "../../lib/delivery-errors";
import { AppError } from "../../lib/http.server";
import { logger } from "../../logger.server";
import { postJson, PostTimeoutError, type PostedAnswer } from "./trigger-http.server";

/** A flow of the automation platform, in the spec's shape whatever shape the platform answered in. */
export interface AutomationFlow {
  id: string;
  name: string;
  description: string | null;
  status: string | null;
}

/** The outcome of one trigger call, classified for the delivery worker. */
export type TriggerResult =
  | { ok: true; httpStatus: number; durationMs: number }
  | {
      ok: false;
      /** Network errors, timeouts, 408, 429 and 5xx may succeed later; any other answer will not. */
      retryable: boolean;
      httpStatus: number | null;
      /**
       * What went wrong, as a code the pages word (trigger_timeout, trigger_unreachable, trigger_http): safe to store
       * and show, never the API key or the payload.
       */
      failure: DeliveryError;
      /** From Retry-After, when the platform said how long to wait. */
      retryAfterMs: number | null;
      durationMs: number;
    };

export const FLOW_CACHE_TTL_MS = 60_000;
const LIST_TIMEOUT_MS = 10_000;
const TRIGGER_TIMEOUT_MS = 15_000;
const TRIGGER_ANSWER_BYTES = 16 * 1024;

const id = z.union([z.string(), z.number()]).transform(String);
const text = z.string().nullish();
const flowItem = z
  .object({
    id: id.optional(),
    flow_id: id.optional(),
    name: text,
    flow_name: text,
    description: text,
    status: text,
  })
  .passthrough()
  .transform((item, ctx): AutomationFlow => {
    const flowId = item.id ?? item.flow_id;
    if (!flowId) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "flow without an id" });
      return z.NEVER;
    }
    return {
      id: flowId,
      name: item.name ?? item.flow_name ?? flowId,
      description: item.description ?? null,
      status: item.status ?? null,
    };
  });
// The platform has answered with a bare array, `{ data: [...] }` and `{ flows: [...] }`.
const flowList = z.union([
  z.array(flowItem),
  z.object({ data: z.array(flowItem) }).transform((body) => body.data),
  z.object({ flows: z.array(flowItem) }).transform((body) => body.flows),
]);

const flowCache = new Map<string, { flows: AutomationFlow[]; expiresAt: number }>();

// The cache is keyed by a digest so API keys do not sit in memory longer than a request needs them.
function cacheKey(apiKey: string) {
  return createHash("sha256").update(apiKey).digest("hex");
}

export function clearFlowCache() {
  flowCache.clear();
}

/**
 * GET {automation_url}/api/accounts/flows, cached 60 seconds per API key. A key the platform refuses
 * (401/403) is a 400 for the merchant; an unreachable or failing platform is a 502.
 */
export async function listFlows(
  apiKey: string,
  options: { now?: () => number; /** Skip the cache (the answer still refreshes it). */ fresh?: boolean } = {},
): Promise<AutomationFlow[]> {
  const now = options.now ?? Date.now;
  const key = cacheKey(apiKey);
  const cached = flowCache.get(key);
  if (cached && cached.expiresAt > now() && !options.fresh) return cached.flows;

  let response: Response;
  try {
    response = await fetch(`${env().AUTOMATION_API_URL}/api/accounts/flows`, {
      headers: { "X-ACCESS-TOKEN": apiKey, accept: "application/json" },
      // A redirect would carry the key to wherever it points (fetch drops only Authorization across origins).
      redirect: "manual",
      signal: AbortSignal.timeout(LIST_TIMEOUT_MS),
    });
  } catch (error) {
    logger.warn({ err: describeError(error) }, "automation platform unreachable while listing flows");
    throw new AppError(502, "The automation platform did not answer; try again shortly", "automation_unavailable");
  }
  if (response.status === 401 || response.status === 403) {
    throw new AppError(400, "The automation platform refused this API key", "automation_key_refused");
  }
  if (!response.ok) {
    throw new AppError(502, `The automation platform failed (HTTP ${response.status})`, "automation_failed");
  }
  const parsed = flowList.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    logger.warn({ issues: parsed.error.issues.slice(0, 3) }, "automation flow list in an unknown shape");
    throw new AppError(502, "The automation platform answered with an unreadable flow list", "automation_failed");
  }
  flowCache.set(key, { flows: parsed.data, expiresAt: now() + FLOW_CACHE_TTL_MS });
  return parsed.data;
}

/**
 * POST {automation_url}/api/flows/{flowId}/trigger with the spec's headers. Never throws: the worker
 * decides what to do from the classified result.
 */
export async function triggerFlow(
  apiKey: string,
  flowId: string,
  payload: unknown,
  options: {
    timeoutMs?: number;
    now?: () => number;
    /** Sent as Idempotency-Key: the same key for every attempt of one delivery, so a receiver can drop repeats. */
    idempotencyKey?: string;
  } = {},
): Promise<TriggerResult> {
  const now = options.now ?? Date.now;
  const started = now();
  const url = `${env().AUTOMATION_API_URL}/api/flows/${encodeURIComponent(flowId)}/trigger`;
  let response: PostedAnswer;
  try {
    response = await postJson(url, {
      headers: {
        "X-ACCESS-TOKEN": apiKey,
        "Content-Type": "application/json",
        ...(options.idempotencyKey ? { "Idempotency-Key": options.idempotencyKey } : {}),
      },
      body: JSON.stringify(payload),
      timeoutMs: options.timeoutMs ?? TRIGGER_TIMEOUT_MS,
      // Only a message of it is kept (200 characters): a large answer is not held in memory.
      maxBodyBytes: TRIGGER_ANSWER_BYTES,
    });
  } catch (error) {
    const timedOut = error instanceof PostTimeoutError;
    const failure: DeliveryError = timedOut
      ? { code: "trigger_timeout" }
      : { code: "trigger_unreachable", params: { detail: describeError(error).slice(0, 200) } };
    return unanswered(failure, now() - started);
  }
  const durationMs = now() - started;
  const status = response.status;
  // A redirect is not followed: it would carry the key and the order to wherever it points (a refusal).
  if (status >= 200 && status < 300) return { ok: true, httpStatus: status, durationMs };
  // The body explains a refusal. It is stored and shown, so the key is masked, and of a JSON body only its message
  // is kept: the rest may echo the order (the buyer's phone, address).
  const detail = redactSecret(errorMessage(response.body), apiKey).slice(0, 200);
  const retryable = status === 408 || status === 429 || status >= 500;
  const failure: DeliveryError = { code: "trigger_http", params: { status, ...(detail ? { detail } : {}) } };
  const retryAfter = response.headers["retry-after"];
  return {
    ok: false,
    retryable,
    httpStatus: status,
    failure,
    retryAfterMs: parseRetryAfter(typeof retryAfter === "string" ? retryAfter : null, Date.now()),
    durationMs,
  };
}

/** A trigger that got no answer, or was never sent (`durationMs` 0): retried on the schedule like a network error. */
export function unanswered(failure: DeliveryError, durationMs: number): TriggerResult {
  return { ok: false, retryable: true, httpStatus: null, failure, retryAfterMs: null, durationMs };
}

/** The message of a JSON error body (`error`, `message` or `error.message`); a body that is not JSON as it is. */
function errorMessage(text: string) {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text.trim();
  }
  const fields = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const nested = fields.error && typeof fields.error === "object" ? (fields.error as Record<string, unknown>) : {};
  const message = [fields.error, fields.message, nested.message].find((value) => typeof value === "string");
  return typeof message === "string" ? message : "";
}

function redactSecret(text: string, secret: string) {
  return secret ? text.split(secret).join("••••") : text;
}

/** Retry-After is either seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? Math.round(seconds * 1000) : null;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

function describeError(error: unknown) {
  if (error instanceof Error) return error.cause instanceof Error ? error.cause.message : error.message;
  return String(error);
}
