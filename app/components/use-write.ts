import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useI18n } from "~/i18n/context";
import { failureMessage, isFailureBody, type FailureBody } from "~/lib/errors";

type Fields = Record<string, string | boolean | number | undefined>;

/**
 * A write the merchant starts with a button, posted to a page's action through a fetcher (docs/decisions/137): the
 * action answers as the JSON routes do (`apiHandler`: `{ success: true, ... }` or `{ success: false, error, code,
 * field, index }` with its status), and Remix revalidates the page's loaders after a success, so the page shows what
 * the write changed without a request of its own. `onDone` runs once per successful answer, with the intent that
 * was sent; a failure is kept, worded in the merchant's language, for the page to show on its field, row or banner.
 * `action` is the page's own route when left out (an index route's `?index` included).
 */
export function useWrite<T extends { success: true }>(
  action: string | undefined,
  onDone: (data: T & { intent: string }) => void,
) {
  const { t } = useI18n();
  const fetcher = useFetcher<T | FailureBody>();
  const [failure, setFailure] = useState<FailureBody>();
  const [result, setResult] = useState<T & { intent: string }>();
  // The intent of the last write, so an answer is read as the answer to it.
  const [intent, setIntent] = useState<string>();
  const handled = useRef<unknown>(null);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (isFailureBody(fetcher.data)) setFailure(fetcher.data);
    else {
      const data = { ...(fetcher.data as T), intent: intent ?? "" };
      setResult(data);
      done.current(data);
    }
  }, [fetcher.state, fetcher.data, intent]);

  function submit(name: string, fields: Fields = {}) {
    setFailure(undefined);
    setResult(undefined);
    setIntent(name);
    const form: Record<string, string> = { intent: name };
    for (const [field, value] of Object.entries(fields)) if (value !== undefined) form[field] = String(value);
    fetcher.submit(form, { method: "post", ...(action ? { action } : {}) });
  }

  const busy = fetcher.state !== "idle";
  const pendingIntent = busy ? (fetcher.formData?.get("intent")?.toString() ?? null) : null;
  return {
    submit,
    busy,
    /** The intent of the last write (the one a `failure` or `result` answers). */
    intent,
    /**
     * Whether `intent` is being sent, for the row `id` when given (the write's `id` field, or the one `field` names):
     * the spinner of the right button.
     */
    pending: (name: string, id?: string, field = "id") =>
      pendingIntent === name && (id === undefined || fetcher.formData?.get(field)?.toString() === id),
    /** The last successful answer, until the next write. */
    result,
    /** The failure's body (its code, field and row), for a form that shows it where it belongs. */
    failure,
    /** The failure in the merchant's words, for a banner. */
    message: failure ? failureMessage(t, failure) : undefined,
    clear: () => setFailure(undefined),
  };
}
