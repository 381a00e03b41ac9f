import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { useI18n, type I18n } from "~/i18n/context";

/** The answer of "Check the last 24 hours" (`/app/order-sweep`). */
export interface SweepNowResult {
  success: true;
  listed: number;
  recovered: number;
  /** Within how many minutes the app's own check looks at the orders this one left out (the last minute's). */
  restWithinMinutes: number;
}

/** What the check looked at, what it found, and when the rest will be looked at, in the merchant's words. */
export function sweepNowMessage({ t, tp }: Pick<I18n, "t" | "tp">, result: SweepNowResult) {
  const vars = { minutes: result.restWithinMinutes };
  return result.recovered ? tp("deliveries.sweep.recovered", result.recovered, vars) : t("deliveries.sweep.none", vars);
}

/**
 * The log page's "Check the last 24 hours" (docs/decisions/221): the platform's orders of the last day are compared
 * with what arrived, and the missing ones are queued. The answer is a toast; a failure is the page's to show.
 */
export function useSweepNow() {
  const i18n = useI18n();
  const write = useWrite<SweepNowResult>("/app/order-sweep", (result) => showToast(sweepNowMessage(i18n, result)));
  return {
    action: { content: i18n.t("deliveries.sweep"), onAction: () => write.submit("sweep"), loading: write.busy },
    failure: write.failure,
    message: write.message,
    clear: write.clear,
  };
}
