import { hasMessage, type MessageKey, type Vars } from "~/i18n";

type Translate = (key: MessageKey, vars?: Vars) => string;

/** A failure a page's action or loader returned as data: the same body the JSON routes answer. */
export interface FailureBody {
  success: false;
  error: string;
  code?: string;
  field?: string;
  index?: number;
  otherIndex?: number;
}

export function isFailureBody(value: unknown): value is FailureBody {
  return Boolean(value) && typeof value === "object" && (value as { success?: unknown }).success === false;
}

/** The server's body of a failure a page's action, loader or resource route returned. */
export function failureBodyOf(error: unknown): Record<string, unknown> | null {
  return isFailureBody(error) ? (error as unknown as Record<string, unknown>) : null;
}

/** The code and field of a failed call as the server states them (docs/decisions/101-error-codes.md). */
export function failureOf(error: unknown): { code: string | null; field: string | null } {
  const body = failureBodyOf(error);
  if (!body) return { code: null, field: null };
  const { code, field } = body;
  return { code: typeof code === "string" ? code : null, field: typeof field === "string" ? field : null };
}

/**
 * A failure in the merchant's language, never the server's English sentence: the message for the code and
 * field, else for the code, else the generic one. A network failure (fetch's TypeError) says so.
 */
export function failureMessage(t: Translate, error: unknown): string {
  if (error instanceof TypeError) return t("common.networkError");
  const { code, field } = failureOf(error);
  for (const key of [code && field ? `error.${code}.${field}` : null, code ? `error.${code}` : null]) {
    if (key && hasMessage(key)) return t(key);
  }
  return t("common.unexpectedError");
}

/** The failure's message when it concerns one of `fields`, to show on that field instead of in a banner. */
export function fieldFailure<F extends string>(t: Translate, error: unknown, fields: readonly F[]) {
  const { field } = failureOf(error);
  const match = fields.find((candidate) => candidate === field);
  return match ? { field: match, message: failureMessage(t, error) } : null;
}
