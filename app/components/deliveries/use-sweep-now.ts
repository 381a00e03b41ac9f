import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { useI18n } from "~/i18n/context";

/**
 * The log page's "Check the last 24 hours" (docs/decisions/221): the platform's orders of the last day are compared
 * with what arrived, and the missing ones are queued. The answer is a toast; a failure is the page's to show.
 */
export function useSweepNow() {
  const { t, tp } = useI18n();
  const write = useWrite<{ success: true; listed: number; recovered: number }>("/app/order-sweep", (result) =>
    showToast(result.recovered ? tp("deliveries.sweep.recovered", result.recovered) : t("deliveries.sweep.none")),
  );
  return {
    action: { content: t("deliveries.sweep"), onAction: () => write.submit("sweep"), loading: write.busy },
    failure: write.failure,
    message: write.message,
    clear: write.clear,
  };
}
