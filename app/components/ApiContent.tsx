import type { ReactNode } from "react";
import { ApiErrorBanner } from "./ApiErrorBanner";
import { LoadingCard } from "./LoadingCard";
import type { ApiState } from "./use-api";

/**
 * What a page shows for one loaded endpoint: a skeleton until the first answer, the failure with a retry,
 * the `empty` card when `isEmpty` says there is nothing, otherwise the content. A reload keeps the last
 * answer on screen (the content shows its own busy state) instead of flashing the skeleton.
 */
export function ApiContent<T>({
  state,
  loadingLines,
  isEmpty,
  empty,
  wrap = (node) => node,
  children,
}: {
  state: ApiState<T>;
  loadingLines: number;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** Places the skeleton and the failure the way the content is placed (a layout section, say). */
  wrap?: (node: ReactNode) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (state.loading && state.data === undefined) return wrap(<LoadingCard lines={loadingLines} />);
  if (state.error) return wrap(<ApiErrorBanner error={state.error} onRetry={state.reload} />);
  if (state.data === undefined) return null;
  if (isEmpty?.(state.data)) return empty;
  return children(state.data);
}
