import { BlockStack, Box, Button, InlineStack, Text, Thumbnail } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import type { PickedProduct } from "./OverwritePreview";

/** The store product the link will update: the one chosen in the platform's picker, or the button to choose it. */
export function StoreProductChoice({
  picked,
  onPick,
  error,
}: {
  picked: PickedProduct | undefined;
  onPick: () => void;
  error?: string;
}) {
  const { t } = useI18n();
  return picked ? (
    <InlineStack gap="300" blockAlign="center" wrap={false}>
      <Thumbnail source={picked.images[0]?.src ?? ""} alt={picked.images[0]?.alt ?? ""} size="small" />
      <Box width="100%">
        <Text as="p" fontWeight="semibold" breakWord>
          {picked.title}
        </Text>
      </Box>
      <Button onClick={onPick}>{t("link.changeProduct")}</Button>
    </InlineStack>
  ) : (
    <BlockStack gap="200">
      <Text as="p" tone="subdued">
        {t("link.productHelp")}
      </Text>
      <Box>
        <Button variant="primary" onClick={onPick}>
          {t("link.chooseProduct")}
        </Button>
      </Box>
      {error && (
        <Text as="p" tone="critical">
          {error}
        </Text>
      )}
    </BlockStack>
  );
}
