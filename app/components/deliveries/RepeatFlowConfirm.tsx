import { Modal, Text } from "@shopify/polaris";
import { useState } from "react";
import { useI18n } from "~/i18n/context";

/**
 * "Retry" on a delivery whose flow ran (flow-failed: the platform accepted the trigger and the flow may have sent
 * its first message): the merchant is told the buyer may get another message and confirms before the request goes,
 * with `confirmRepeat` (docs/decisions/191). Other retries go at once.
 */
export function useRepeatFlowConfirm(send: (id: string, confirmRepeat: boolean) => void) {
  const { t } = useI18n();
  const [pending, setPending] = useState<string | null>(null);

  function request(delivery: { id: string; status: string }) {
    if (delivery.status === "flow_failed") setPending(delivery.id);
    else send(delivery.id, false);
  }

  function confirm() {
    if (pending) send(pending, true);
    setPending(null);
  }

  const modal = (
    <Modal
      open={pending !== null}
      onClose={() => setPending(null)}
      title={t("repeatFlow.title")}
      primaryAction={{ content: t("repeatFlow.confirm"), destructive: true, onAction: confirm }}
      secondaryActions={[{ content: t("common.cancel"), onAction: () => setPending(null) }]}
    >
      <Modal.Section>
        <Text as="p">{t("repeatFlow.body")}</Text>
      </Modal.Section>
    </Modal>
  );
  return { request, modal };
}
