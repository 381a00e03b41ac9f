import { BlockStack, Modal, Text } from "@shopify/polaris";
import { ApiErrorBanner } from "~/components/ApiErrorBanner";
import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { useI18n } from "~/i18n/context";
import type { ProductAssociation } from "~/lib/api-types";

/** Asks before removing a link; the page's action removes it and Remix reloads the list. */
export function DeleteLinkModal({ association, onClose }: { association: ProductAssociation; onClose: () => void }) {
  const { t } = useI18n();
  const deletion = useWrite<{ success: true }>("/app/products", () => {
    onClose();
    showToast(t("products.deleted"));
  });
  return (
    <Modal
      open
      title={t("products.deleteTitle", { name: association.supplierProductName })}
      onClose={() => {
        deletion.clear();
        onClose();
      }}
      primaryAction={{
        content: t("products.delete"),
        destructive: true,
        onAction: () => deletion.submit("delete", { associationId: association.id }),
        loading: deletion.busy,
      }}
      secondaryActions={[{ content: t("common.cancel"), onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="200">
          <ApiErrorBanner message={deletion.message} />
          <Text as="p">{t("products.deleteBody")}</Text>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
