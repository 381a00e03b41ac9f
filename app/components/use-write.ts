import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useI18n } from "~/i18n/context";
import { failureMessage, isFailureBody, type FailureBody } from "~/lib/errors";

type Fields = Record<string, string | boolean | number | undefined>;

/**
 * A write the merchant starts with a button, posted to a page's action through a fetcher: Remix revalidates the
 * page's loaders after it, so the page shows what the write changed without a request of its own. `onDone` runs
 * once per successful answer; a failure (the action's `{ success: false, code, field }`) is kept, worded in the
 * merchant's language, for the page to show on its field or in a banner.
 */
export function useWrite<T extends { success: true }>(action: string, onDone: (data: T) => void) {
  const { t } = useI18n();
  const fetcher = useFetcher<T | FailureBody>();
  const [failure, setFailure] = useState<FailureBody>();
  const handled = useRef<unknown>(null);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (isFailureBody(fetcher.data)) setFailure(fetcher.data);
    else done.current(fetcher.data as T);
  }, [fetcher.state, fetcher.data]);

  function submit(intent: string, fields: Fields) {
    setFailure(undefined);
    const form: Record<string, string> = { intent };
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) form[name] = String(value);
    fetcher.submit(form, { method: "post", action });
  }

  return {
    submit,
    busy: fetcher.state !== "idle",
    /** The failure's body (its code, field and row), for a form that shows it where it belongs. */
    failure,
    /** The failure in the merchant's words, for a banner. */
    message: failure ? failureMessage(t, failure) : undefined,
    clear: () => setFailure(undefined),
  };
}
