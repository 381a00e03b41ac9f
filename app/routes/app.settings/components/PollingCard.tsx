import { BlockStack, Card, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";

export interface PollingReach {
  openOrders: number;
  callsPerHour: number;
  /** Every order that looks late is asked at least this often: how long a lost status can stay lost. */
  intervalMinutes: number;
  marginHours: number;
}

/**
 * How polling covers a lost status push (docs/decisions/328): when an order is asked, and, from the shop's open
 * orders and the calls an hour, how long a lost status can take to appear.
 */
export function PollingCard({ reach }: { reach: PollingReach }) {
  const { t, tp, number } = useI18n();
  const hours = Math.round(reach.intervalMinutes / 60);
  const within = reach.intervalMinutes < 90 ? tp("polling.minutes", reach.intervalMinutes) : tp("polling.hours", hours);
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          {t("polling.title")}
        </Text>
        <Text as="p">{tp("polling.when", reach.marginHours)}</Text>
        <Text as="p" tone="subdued">
          {tp("polling.reach", reach.openOrders, { calls: number(reach.callsPerHour), within })}
        </Text>
      </BlockStack>
    </Card>
  );
}
