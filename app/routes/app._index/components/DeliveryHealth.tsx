import { BlockStack, Box, Card, InlineGrid, InlineStack, Link, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import type { DeliveryCounts } from "~/lib/api-types";

export function DeliveryHealth({ counts }: { counts: DeliveryCounts }) {
  const { t, number } = useI18n();
  const tiles = [
    { label: t("home.health.delivered"), value: counts.delivered, tone: "success" as const, status: "delivered" },
    {
      label: t("home.health.retrying"),
      value: counts.retrying,
      tone: "caution" as const,
      status: "retrying",
    },
    { label: t("home.health.flowFailed"), value: counts.flow_failed, tone: "critical" as const, status: "flow_failed" },
    { label: t("home.health.dead"), value: counts.dead, tone: "critical" as const, status: "dead" },
  ];
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t("home.health.title")}
          </Text>
          <Link url="/app/deliveries">{t("home.health.viewLog")}</Link>
        </InlineStack>
        <InlineGrid columns={{ xs: 2, md: 4 }} gap="400">
          {tiles.map((tile) => (
            <Box key={tile.status} padding="300" background="bg-surface-secondary" borderRadius="200">
              <BlockStack gap="100">
                <Text as="p" tone="subdued">
                  {tile.label}
                </Text>
                <InlineStack align="space-between" blockAlign="end">
                  <Text as="p" variant="headingLg" tone={tile.value > 0 ? tile.tone : undefined}>
                    {number(tile.value)}
                  </Text>
                  {tile.value > 0 && (
                    <Link
                      url={`/app/deliveries?status=${tile.status}`}
                      accessibilityLabel={`${t("home.health.viewLog")}: ${tile.label}`}
                    >
                      {t("deliveries.view")}
                    </Link>
                  )}
                </InlineStack>
              </BlockStack>
            </Box>
          ))}
        </InlineGrid>
      </BlockStack>
    </Card>
  );
}
