import { Modal, Text } from "@shopify/polaris";
import { useState } from "react";
import { useI18n } from "~/i18n/context";

/**
 * "Send anyway" on an order the shop's rules held (a landline, a likely duplicate): the merchant overrides their own
 * rule, so the page says what happens before it does: the order goes to the flow now, whatever the sending hours
 * (a replay waits for nothing, docs/decisions/224), and the buyer may not be reachable on WhatsApp.
 */
export function useSendAnywayConfirm(send: () => void, reason: string | null) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const modal = (
    <Modal
      open={open}
      onClose={() => setOpen(false)}
      title={t("delivery.sendAnyway.title")}
      primaryAction={{
        content: t("delivery.sendAnyway.confirm"),
        onAction: () => {
          setOpen(false);
          send();
        },
      }}
      secondaryActions={[{ content: t("common.cancel"), onAction: () => setOpen(false) }]}
    >
      <Modal.Section>
        <Text as="p">
          {t(reason === "held_possible_duplicate" ? "delivery.sendAnyway.duplicate" : "delivery.sendAnyway.noMobile")}
        </Text>
        <Text as="p">{t("delivery.sendAnyway.now")}</Text>
      </Modal.Section>
    </Modal>
  );
  return { request: () => setOpen(true), modal };
}
