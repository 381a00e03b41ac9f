import { logger } from "../logger.server";

/**
 * An expected failure: its message is safe to show to the caller as it is.
 * Everything else that escapes a route is unexpected, logged, and answered 500 without details.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string = "error",
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "AppError";
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
  409: "conflict",
  413: "too_large",
  422: "refused",
  429: "rate_limited",
  502: "upstream_failed",
  503: "unavailable",
  504: "upstream_timeout",
};

/**
 * The code and field a page translates (docs/decisions/101-error-codes.md). Messages that name their field as
 * `field: message` give it as `field` (the last path segment with any list index, e.g.
 * `variantAssociations.1.platformVariantId` gives field `platformVariantId` and index 1).
 */
export function describeFailure(error: AppError): Record<string, unknown> {
  const code = error.code !== "error" ? error.code : (STATUS_CODES[error.status] ?? "error");
  const match = /^([A-Za-z][\w.]*): /.exec(error.message);
  if (!match) return { code };
  const path = match[1].split(".");
  const index = path.map(Number).findLast((part) => Number.isInteger(part));
  const field = path.filter((part) => !/^\d+$/.test(part)).at(-1);
  return { code, field, ...(index === undefined ? {} : { index }) };
}

/** The one mapping from a thrown value to a failure response. */
export function errorResponse(error: unknown, context: Record<string, unknown> = {}): Response {
  if (error instanceof AppError) {
    return failure(error.status, error.message, { ...describeFailure(error), ...error.extra });
  }
  logger.error({ ...context, err: serializeError(error) }, "unexpected error");
  return failure(500, "Internal error; it has been logged");
}

/** Wraps a loader or action so that every failure becomes `{ success: false, error }`. */
export function apiHandler<Args extends { request: Request }>(handler: (args: Args) => Promise<Response>) {
  return async (args: Args): Promise<Response> => {
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof Response) return error;
      return errorResponse(error, { method: args.request.method, path: new URL(args.request.url).pathname });
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
