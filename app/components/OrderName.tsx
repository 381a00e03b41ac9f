import { Badge, InlineStack, Link, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import type { DeliverySummary } from "~/lib/api-types";
import { deliveryName, orderAdminUrl } from "~/lib/deliveries";
import { recoveredBySweep } from "~/lib/sweep";

/**
 * The order's name, linked to the order in the store's admin when there is one to open; a test order (the loop
 * test's) says so, and is not linked: it is deleted once the test ends. An order the reconciliation sweep queued
 * (its webhook never came) says so too.
 */
export function OrderName({
  delivery,
}: {
  delivery: Pick<DeliverySummary, "orderName" | "orderId" | "topic" | "buyer" | "eventId"> & { test?: boolean };
}) {
  const { t } = useI18n();
  const name = deliveryName(t, delivery);
  const url = delivery.test ? null : orderAdminUrl(delivery);
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
