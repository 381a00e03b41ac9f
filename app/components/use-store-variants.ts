import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { useI18n } from "~/i18n/context";
import type { PlatformVariant } from "~/lib/api-types";
import { failureMessage, isFailureBody, type FailureBody } from "~/lib/errors";

type Answer = { success: true; product: { id: string; title: string }; variants: PlatformVariant[] } | FailureBody;

/**
 * The variants of a store product chosen in the browser (the resource picker), read through the
 * `app.store-variants` loader with a fetcher. Nothing is shown from an earlier product while the next one loads.
 */
export function useStoreVariants(productId: string | undefined) {
  const { t } = useI18n();
  const fetcher = useFetcher<Answer>();
  const asked = useRef<string>();
  const load = useCallback(() => {
    if (!productId) return;
    asked.current = productId;
    fetcher.load(`/app/store-variants?${new URLSearchParams({ productId })}`);
    // `fetcher.load` is stable for the fetcher's life; the product is what decides a load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productId]);
  useEffect(load, [load]);

  const answer = fetcher.data;
  const current = answer && !isFailureBody(answer) && answer.product.id === productId ? answer : undefined;
  const failed = fetcher.state === "idle" && isFailureBody(answer) ? answer : undefined;
  return {
    data: current?.variants,
    loading: Boolean(productId) && !current && !failed,
    failure: failed ? failureMessage(t, failed) : undefined,
    reload: load,
  };
}
