import { z } from "zod";
import { AppError, bodyLimitOf, readLimitedBody, tooLargeMessage } from "./http.server";
import { parseJsonInput } from "./json.server";

/**
 * The fields of a form body (url-encoded or multipart). A JSON object body is read the same way, so
 * scripts can post JSON; repeated form fields keep their last value. Files are not expected here. The body is
 * read up to the endpoint's limit (`apiHandler`), never further.
 */
export async function readFields(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get("Content-Type") ?? "";
  const limit = bodyLimitOf(request);
  const raw = await readLimitedBody(request, limit, tooLargeMessage(limit));
  if (type.includes("application/json")) {
    const body = parseJsonInput(new TextDecoder().decode(raw));
    if (!body || typeof body !== "object" || Array.isArray(body)) throw new AppError(400, "The body must be an object");
    return Object.fromEntries(
      Object.entries(body).map(([key, value]) => [key, typeof value === "string" ? value : JSON.stringify(value)]),
    );
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { "Content-Type": type } }).formData();
  } catch {
    throw new AppError(400, "The body must be form data");
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") fields[key] = value;
  return fields;
}

/** The query string's fields; an empty parameter (`?status=`) counts as absent. */
export function queryFields(request: Request): Record<string, string> {
  return Object.fromEntries([...new URL(request.url).searchParams.entries()].filter(([, value]) => value !== ""));
}

/** Validates input against a schema; the first problem becomes a 400 that names its field. */
export function parseInput<S extends z.ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue.path.length) throw new AppError(400, issue.message, "invalid_input");
  throw AppError.forField(issue.path, issue.message, { code: "invalid_input" });
}

/** A request's query string validated by `schema`; the error names the first bad field. */
export function parseQuery<S extends z.ZodTypeAny>(request: Request, schema: S): z.output<S> {
  return parseInput(schema, queryFields(request));
}

/** A request's form (or JSON object) body validated by `schema`; the error names the first bad field. */
export async function parseForm<S extends z.ZodTypeAny>(request: Request, schema: S): Promise<z.output<S>> {
  return parseInput(schema, await readFields(request));
}

const TRUE = new Set(["true", "1", "on", "yes"]);
const FALSE = new Set(["false", "0", "off", "no"]);

/** A form boolean: true/false, 1/0, on/off, yes/no (any case); absent or empty takes the default. */
export function formBoolean(fallback: boolean) {
  return z
    .union([z.string(), z.boolean()])
    .optional()
    .transform((value, ctx) => {
      if (typeof value === "boolean") return value;
      const text = value?.trim().toLowerCase() ?? "";
      if (!text) return fallback;
      if (TRUE.has(text)) return true;
      if (FALSE.has(text)) return false;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "must be true or false" });
      return z.NEVER;
    });
}

// Without an explicit bound a number still has to fit the 32-bit integers databases and outside APIs take.
const LARGEST_INTEGER = 2_147_483_647;

/** A whole number from a query string or form field; absent or empty takes the default. */
export function formInteger(fallback: number, bounds: { min: number; max?: number }) {
  const max = bounds.max ?? LARGEST_INTEGER;
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim() ?? "";
      if (!text) return fallback;
      if (!/^-?\d+$/.test(text)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "must be a whole number" });
        return z.NEVER;
      }
      const number = Number(text);
      if (number < bounds.min) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `must be at least ${bounds.min}` });
        return z.NEVER;
      }
      if (number > max) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `must be at most ${max}` });
        return z.NEVER;
      }
      return number;
    });
}

/** A form field holding JSON text, parsed and then validated by `schema` (problems name the inner path). */
export function jsonField<S extends z.ZodTypeAny>(schema: S) {
  return z
    .string({ invalid_type_error: "must be a JSON string" })
    .transform((text, ctx): unknown => {
      try {
        return parseJsonInput(text, "is not valid JSON");
      } catch (error) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: error instanceof AppError ? error.message : String(error),
        });
        return z.NEVER;
      }
    })
    .pipe(schema);
}
