import { BlockStack, Box, Text } from "@shopify/polaris";
import { DeliveryErrorText } from "~/components/DeliveryErrorText";
import { TableCard } from "~/components/TableCard";
import { useI18n } from "~/i18n/context";
import type { DeliveryDetail } from "~/lib/api-types";
import { labelled } from "~/lib/deliveries";
import { formatDuration } from "~/lib/duration";

/** Every attempt to send the delivery: when, what came of it, how long it took, and why it failed. */
export function AttemptLog({ attemptLog }: { attemptLog: DeliveryDetail["attemptLog"] }) {
  const { t, dateTime, formatLocale } = useI18n();
  return (
    <TableCard
      heading={t("delivery.attemptLog")}
      emptyText={attemptLog.length === 0 ? t("delivery.noAttempts") : undefined}
    >
      {/* Each attempt stacked at every width: nothing to scroll sideways inside the card. */}
      <Box paddingInline="400" paddingBlockEnd="400">
        <BlockStack gap="300" as="ul">
          {attemptLog.map((attempt, index) => (
            <Box as="li" key={index}>
              <BlockStack gap="050">
                <Text as="span" fontWeight="semibold">
                  {dateTime(attempt.at)} · {labelled(t, "delivery.outcome", attempt.outcome)}
                </Text>
                <Text as="span" tone="subdued">
                  {t("delivery.attempt.duration")}: {formatDuration(t, formatLocale, attempt.durationMs)}
                </Text>
                <DeliveryErrorText code={attempt.code} params={attempt.params} text={attempt.error} withDetail />
              </BlockStack>
            </Box>
          ))}
        </BlockStack>
      </Box>
    </TableCard>
  );
}
