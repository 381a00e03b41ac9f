import { BlockStack, Card, Layout, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";

/** How many orders the app holds waiting for the buyer, and the oldest's wait; shown while holds are on. */
export function HeldOrders({ held }: { held: { held: number; oldestHours: number | null } | null }) {
  const { t, tp } = useI18n();
  if (!held) return null;
  return (
    <Layout.Section>
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            {t("home.held.title")}
          </Text>
          <Text as="p">{tp("home.held.count", held.held)}</Text>
          {held.oldestHours !== null && (
            <Text as="p" tone="subdued">
              {tp("home.held.oldest", held.oldestHours)}
            </Text>
          )}
        </BlockStack>
      </Card>
    </Layout.Section>
  );
}
