import { useState } from "react";
import { useErrorMessage } from "./ApiErrorBanner";

/**
 * A write the merchant starts with a button: whether one is running and which (`name`: the row or the button,
 * for its spinner and to disable the others), and the worded failure of the last one. A failure is shown,
 * never thrown, so the page stays usable.
 */
export function useAction<Name extends string = never>() {
  const message = useErrorMessage();
  const [running, setRunning] = useState<{ name?: Name }>();
  const [failure, setFailureText] = useState<string>();
  // The failed call itself, so a form can show a failure on the field it concerns (its code and field).
  const [error, setError] = useState<unknown>();
  const setFailure = (text: string | undefined) => {
    setFailureText(text);
    if (text === undefined) setError(undefined);
  };

  async function run(action: () => Promise<void>, name?: Name) {
    setRunning({ name });
    setFailure(undefined);
    try {
      await action();
    } catch (thrown) {
      setError(thrown);
      setFailureText(message(thrown));
    } finally {
      setRunning(undefined);
    }
  }

  return { busy: running !== undefined, pending: running?.name, failure, error, setFailure, run };
}
