import type { z } from "zod";
import { AppError } from "./http.server";

/** Validates a request's query string; the error names the first bad field (`pageSize: must be at most 100`). */
export function parseQuery<Schema extends z.ZodTypeAny>(request: Request, schema: Schema): z.output<Schema> {
  const params = Object.fromEntries(
    [...new URL(request.url).searchParams.entries()].filter(([, value]) => value !== ""),
  );
  const parsed = schema.safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(400, `${issue.path.join(".") || "query"}: ${issue.message}`);
  }
  return parsed.data;
}
