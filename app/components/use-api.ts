import { useCallback, useEffect, useRef, useState } from "react";

export interface ApiState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads one endpoint when the page mounts and whenever `key` changes (the query it depends on).
 * An answer that arrives after a newer request started is dropped, so fast typing in a search box
 * never shows stale results.
 */
export function useApi<T>(load: () => Promise<T>, key: string, options: { enabled?: boolean } = {}): ApiState<T> {
  const enabled = options.enabled ?? true;
  const [data, setData] = useState<T>();
  const [error, setError] = useState<unknown>();
  const [loading, setLoading] = useState(enabled);
  const [generation, setGeneration] = useState(0);
  const latest = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (!enabled) {
      setLoading(false);
      return;
    }
    const ticket = ++latest.current;
    setLoading(true);
    setError(undefined);
    loadRef.current().then(
      (result) => {
        if (ticket !== latest.current) return;
        setData(result);
        setLoading(false);
      },
      (failure: unknown) => {
        if (ticket !== latest.current) return;
        setError(failure);
        setLoading(false);
      },
    );
  }, [key, generation, enabled]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { data, error, loading, reload };
}
