import { BlockStack, Card, SkeletonBodyText, SkeletonDisplayText } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";

export function LoadingCard({ lines = 3 }: { lines?: number }) {
  const { t } = useI18n();
  return (
    <Card>
      <div aria-busy="true" aria-label={t("common.loading")}>
        <BlockStack gap="300">
          <SkeletonDisplayText size="small" />
          <SkeletonBodyText lines={lines} />
        </BlockStack>
      </div>
    </Card>
  );
}
