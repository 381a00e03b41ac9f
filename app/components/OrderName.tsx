import { Badge, InlineStack, Link, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import type { DeliverySummary } from "~/lib/api-types";
import { deliveryName, orderAdminUrl } from "~/lib/deliveries";
import { recoveredBySweep } from "~/lib/sweep";

/**
 * The order's name, linked to the order in the store's admin when there is one to open; a test order (the loop
 * test's) says so, and is not linked: it is deleted once the test ends. An order the reconciliation sweep queued
 * (its webhook never came) says so too. A cart whose buyer ordered is named by, and linked to, the order it became.
 */
export function OrderName({
  delivery,
}: {
  delivery: Pick<DeliverySummary, "orderName" | "orderId" | "topic" | "buyer" | "eventId"> & {
    test?: boolean;
    convertedTo?: { orderName: string | null; orderId: string | null } | null;
  };
}) {
  const { t } = useI18n();
  const name = deliveryName(t, delivery);
  // A converted cart opens the order it became.
  const url = delivery.test
    ? null
    : (orderAdminUrl(delivery) ?? (delivery.convertedTo ? orderAdminUrl(delivery.convertedTo) : null));
  const text = (
    <Text as="span" fontWeight="semibold">
      {name}
    </Text>
  );
  const linked = url ? (
    <Link url={url} target="_top" removeUnderline>
      {text}
    </Link>
  ) : (
    text
  );
  const recovered = recoveredBySweep(delivery);
  if (!delivery.test && !recovered) return linked;
  return (
    <InlineStack gap="100" blockAlign="center" wrap={false}>
      {linked}
      {delivery.test && <Badge size="small">{t("deliveries.test")}</Badge>}
      {recovered && (
        <Badge size="small" tone="info">
          {t("deliveries.recovered")}
        </Badge>
      )}
    </InlineStack>
  );
}
