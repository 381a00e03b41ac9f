import { data } from "@remix-run/node";
import { logger } from "../logger.server";

/** Where in the input a failure is: the field's name, and its position when the field is a list's item. */
export interface FailedInput {
  field?: string;
  index?: number;
}

/**
 * An expected failure: its message is safe to show to the caller as it is.
 * Everything else that escapes a route is unexpected, logged, and answered 500 without details.
 */
export class AppError extends Error {
  /** The input field the failure concerns, as data for the page to show it there (never read out of the message). */
  readonly field?: string;
  /** The list position of that field (`variantAssociations[1].platformVariantId` is at 1). */
  readonly index?: number;

  constructor(
    readonly status: number,
    message: string,
    readonly code: string = "error",
    readonly extra: Record<string, unknown> = {},
    /** Response headers the failure needs (a 429's Retry-After). */
    readonly headers: Record<string, string> = {},
    input: FailedInput = {},
  ) {
    super(message);
    this.name = "AppError";
    if (input.field !== undefined) this.field = input.field;
    if (input.index !== undefined) this.index = input.index;
  }

  /**
   * A failure about the input at `path`: a field's name, or a path as zod gives it
   * (`["variantAssociations", 1, "platformVariantId"]`: field `platformVariantId`, index 1). The message starts with
   * the dotted path, for callers that read only `error`.
   */
  static forField(
    path: string | readonly PropertyKey[],
    message: string,
    options: { status?: number; code?: string; extra?: Record<string, unknown> } = {},
  ): AppError {
    const parts =
      typeof path === "string" ? [path] : path.map((part) => (typeof part === "number" ? part : String(part)));
    const field = parts.findLast((part): part is string => typeof part === "string");
    const index = parts.findLast((part): part is number => typeof part === "number");
    return new AppError(
      options.status ?? 400,
      `${parts.join(".")}: ${message}`,
      options.code,
      options.extra,
      {},
      {
        field,
        index,
      },
    );
  }
}

export function ok<T extends Record<string, unknown>>(body: T, init?: ResponseInit): Response {
  return Response.json({ success: true, ...body }, init);
}

/** Every failure body carries a stable `code` for the page to translate; `error` stays for other callers. */
export function failure(status: number, error: string, extra: Record<string, unknown> = {}, headers?: HeadersInit) {
  const code = STATUS_CODES[status] ?? (status >= 500 ? "internal" : "error");
  return Response.json({ success: false, error, code, ...extra }, { status, headers });
}

/** The stable code of a failure that was thrown without its own: one per HTTP status. */
const STATUS_CODES: Record<number, string> = {
  400: "invalid_input",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "too_large",
  422: "refused",
  429: "rate_limited",
  502: "upstream_failed",
  503: "unavailable",
  504: "upstream_timeout",
};

/**
 * Headers every response of the app carries (docs/decisions/074-cors-and-security-headers.md): no MIME sniffing, no
 * full URL (with its query) in the Referer to other origins, and https only for a year once a browser has seen it.
 */
export const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
};

export function setSecurityHeaders(headers: Headers) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!headers.has(name)) headers.set(name, value);
}

/** The response with the security headers; a copy when its headers cannot be changed (a fetched response). */
export function withSecurityHeaders(response: Response): Response {
  try {
    setSecurityHeaders(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    setSecurityHeaders(copy.headers);
    return copy;
  }
}

/** A route handler whose every response, returned or thrown, carries the security headers. */
export function secured<Args extends unknown[]>(handler: (...args: Args) => Promise<Response>) {
  return async (...args: Args): Promise<Response> => {
    try {
      return withSecurityHeaders(await handler(...args));
    } catch (thrown) {
      if (thrown instanceof Response) throw withSecurityHeaders(thrown);
      throw thrown;
    }
  };
}

/** The one mapping from a thrown value to a failure response. */
export function errorResponse(error: unknown, context: Record<string, unknown> = {}): Response {
  if (error instanceof AppError)
    return Response.json(failureData(error), { status: error.status, headers: error.headers });
  return Response.json(reportUnexpected(error, context), { status: 500 });
}

/** Logs an error nobody expected (never its request's body or headers) and gives the 500 body that answers it. */
export function reportUnexpected(error: unknown, context: Record<string, unknown> = {}): Record<string, unknown> {
  logger.error({ ...context, err: serializeError(error) }, "unexpected error");
  return { success: false, error: "Internal error; it has been logged", code: "internal" };
}

/**
 * How large a request body each kind of endpoint takes (docs/decisions/073-request-body-limits.md). The one table:
 * an endpoint names its row in `apiHandler`; everything it reads is held to it.
 */
export const BODY_LIMITS = {
  /** Endpoints that take no body (reads, retry, poll): room for an empty form or `{}`. */
  none: 1024,
  /** A settings or action form: a few fields, a URL or a token of at most a few KB. */
  form: 16 * 1024,
  /** The supplier's product with its variations and description HTML, as the catalogue page posts it. */
  productImport: 1024 * 1024,
  /** The automation platform's callback: a few fields. */
  callback: 16 * 1024,
} as const;

const bodyLimits = new WeakMap<Request, number>();

/** The body limit `apiHandler` set for this request; a form's when none was set (a direct call in a script). */
export function bodyLimitOf(request: Request): number {
  return bodyLimits.get(request) ?? BODY_LIMITS.form;
}

export function tooLargeMessage(maxBytes: number) {
  return maxBytes >= 1024 * 1024
    ? `The body is larger than ${maxBytes / (1024 * 1024)} MB`
    : `The body is larger than ${Math.ceil(maxBytes / 1024)} KB`;
}

/**
 * Wraps a loader or action so that every failure becomes `{ success: false, error }`. A body declared larger than
 * the endpoint's limit is a 413 before anything else runs (authentication included) and before a byte is read; a
 * streamed one is cut off at the limit by `readLimitedBody`.
 */
export function apiHandler<Args extends { request: Request }>(
  handler: (args: Args) => Promise<Response>,
  options: { maxBodyBytes?: number } = {},
) {
  const maxBodyBytes = options.maxBodyBytes ?? BODY_LIMITS.none;
  return async (args: Args): Promise<Response> => {
    try {
      bodyLimits.set(args.request, maxBodyBytes);
      if (Number(args.request.headers.get("Content-Length") ?? 0) > maxBodyBytes) {
        throw new AppError(413, tooLargeMessage(maxBodyBytes), "too_large");
      }
      return withSecurityHeaders(await handler(args));
    } catch (error) {
      if (error instanceof Response) return withSecurityHeaders(error);
      return withSecurityHeaders(
        errorResponse(error, { method: args.request.method, path: new URL(args.request.url).pathname }),
      );
    }
  };
}

/**
 * A request body of at most `maxBytes`. A larger one, declared by Content-Length or streamed without it, is a 413
 * with `message`, and the rest of the stream is never read (a public endpoint must not buffer whatever comes).
 */
export async function readLimitedBody(request: Request, maxBytes: number, message: string): Promise<Uint8Array> {
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) throw new AppError(413, message);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AppError(413, message);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

// Only name, message and stack: never request bodies or headers that may hold secrets.
function serializeError(error: unknown) {
  if (error instanceof Error) return { type: error.name, message: error.message, stack: error.stack };
  return { type: typeof error, message: String(error) };
}

/** An expected failure as page data: the JSON routes' failure body. */
export type FailureData = { success: false; error: string; code: string } & FailedInput & Record<string, unknown>;

/**
 * The one mapping of an expected failure to its body: an AppError becomes what the JSON routes answer with it (the
 * code, field and list index a page translates, docs/decisions/101-error-codes.md); anything else is thrown on (the
 * route's error boundary, or `apiHandler`'s 500).
 */
export function failureData(error: unknown): FailureData {
  if (!(error instanceof AppError)) throw error;
  return {
    success: false,
    error: error.message,
    code: error.code !== "error" ? error.code : (STATUS_CODES[error.status] ?? "error"),
    ...(error.field === undefined ? {} : { field: error.field }),
    ...(error.index === undefined ? {} : { index: error.index }),
    ...error.extra,
  };
}

/**
 * A loader's expected failure (an AppError, such as the JSON route's 404 for another shop's delivery) as page data:
 * the failure body under `failure`, with its status; anything else is thrown on.
 */
export function loaderFailure<T extends Record<string, unknown>>(error: unknown, empty: T) {
  return data({ ...empty, failure: failureData(error) }, { status: (error as AppError).status });
}

/** A page action's answer to an `intent` it does not have. */
export function unknownIntent(): AppError {
  return AppError.forField("intent", "is not an action of this page", { code: "invalid_input" });
}
