import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ApiError } from "~/lib/api-client";

/** What a page action answers (app/lib/page-action.server.ts): a success with the intent's result, or a failure. */
export type PageActionData =
  | ({ ok: true; intent: string } & Record<string, unknown>)
  | { ok: false; intent: string | null; error: string; code: string; field?: string; index?: number };

/**
 * A write through the page's action with a fetcher (docs/decisions/135): `submit(intent, fields)` posts the form,
 * Remix reloads the page's loaders after a success, and `failure` is the failure as an ApiError, so the page words
 * it as it words the JSON routes' (`failureMessage`, `fieldFailure`: by code, on its field). `onDone` runs once
 * per answer, for the toast.
 */
export function usePageAction<Result extends Record<string, unknown> = Record<string, unknown>>(
  options: { key?: string; onDone?: (data: PageActionData & Partial<Result>) => void } = {},
) {
  const fetcher = useFetcher<PageActionData>({ key: options.key });
  const data = fetcher.data;
  const onDone = useRef(options.onDone);
  onDone.current = options.onDone;
  const seen = useRef<unknown>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !data || seen.current === data) return;
    seen.current = data;
    onDone.current?.(data as PageActionData & Partial<Result>);
  }, [fetcher.state, data]);

  const busy = fetcher.state !== "idle";
  const pendingIntent = busy ? (fetcher.formData?.get("intent")?.toString() ?? null) : null;
  return {
    fetcher,
    busy,
    /** The intent being sent, and the field `name` of it (a row's id), for the spinner of the right button. */
    pending: (intent: string, id?: string) =>
      pendingIntent === intent && (id === undefined || fetcher.formData?.get("id")?.toString() === id),
    failure: data && !data.ok && !busy ? new ApiError(0, data.error, data) : undefined,
    result: data && data.ok ? (data as PageActionData & Partial<Result>) : undefined,
    submit(intent: string, fields: Record<string, string | boolean | undefined> = {}) {
      const form = new FormData();
      form.set("intent", intent);
      for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, String(value));
      fetcher.submit(form, { method: "post" });
    },
  };
}
