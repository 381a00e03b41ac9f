import { Banner, BlockStack, Button, Card, InlineStack, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { useI18n } from "~/i18n/context";

export interface StatusReceiver {
  configured: boolean;
  masked: string | null;
}

/**
 * The URL the supplier marketplace pushes each order's status to (docs/decisions/321): shown in full only in the
 * answer that made it (only its hash is kept), masked after; a new one replaces it at once.
 */
export function StatusReceiverCard({ receiver }: { receiver: StatusReceiver }) {
  const { t } = useI18n();
  const [url, setUrl] = useState<string>();
  const write = useWrite<{ success: true; receiverUrl: string }>(undefined, (result) => setUrl(result.receiverUrl));

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      showToast(t("settings.supplier.receiver.copied"));
    } catch {
      // A browser that refuses the clipboard: the field is selected for the merchant to copy by hand.
      showToast(t("settings.supplier.receiver.copyByHand"));
    }
  }

  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h3" variant="headingSm">
          {t("settings.supplier.receiver.title")}
        </Text>
        <Text as="p" tone="subdued">
          {t("settings.supplier.receiver.where")}
        </Text>
        {write.message && (
          <Banner tone="critical" onDismiss={write.clear}>
            <p>{write.message}</p>
          </Banner>
        )}
        {url ? (
          <BlockStack gap="200">
            <TextField
              label={t("settings.supplier.receiver.url")}
              value={url}
              readOnly
              autoComplete="off"
              selectTextOnFocus
              connectedRight={<Button onClick={copy}>{t("settings.supplier.receiver.copy")}</Button>}
            />
            <Banner tone="warning">
              <p>{t("settings.supplier.receiver.onlyOnce")}</p>
            </Banner>
          </BlockStack>
        ) : (
          receiver.masked && (
            <Text as="p" breakWord>
              {t("settings.supplier.receiver.current", { masked: receiver.masked })}
            </Text>
          )
        )}
        <InlineStack>
          <Button onClick={() => write.submit("supplier-receiver-new")} loading={write.busy}>
            {receiver.configured ? t("settings.supplier.receiver.rotate") : t("settings.supplier.receiver.create")}
          </Button>
        </InlineStack>
        {receiver.configured && !url && (
          <Text as="p" tone="subdued">
            {t("settings.supplier.receiver.rotateHelp")}
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}
