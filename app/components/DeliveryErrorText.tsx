import { BlockStack, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import { deliveryErrorText } from "~/lib/deliveries";
import type { DeliveryErrorCode, DeliveryErrorParams } from "~/lib/delivery-errors";

/**
 * Why a delivery was skipped or an attempt failed, in the merchant's language; the upstream's own words only as a
 * subdued detail line (`withDetail`), never in place of the message. Renders `fallback` when there is nothing.
 */
export function DeliveryErrorText({
  code,
  params,
  text,
  withDetail = false,
  fallback = "",
}: {
  code?: DeliveryErrorCode | null;
  params?: DeliveryErrorParams | null;
  text?: string | null;
  withDetail?: boolean;
  fallback?: string;
}) {
  const i18n = useI18n();
  const wording = deliveryErrorText(i18n, { code, params, text });
  if (!wording) return <>{fallback}</>;
  if (!withDetail || !wording.detail) return <>{wording.message}</>;
  return (
    <BlockStack gap="050" as="span">
      <Text as="span">{wording.message}</Text>
      <Text as="span" tone="subdued" variant="bodySm">
        {i18n.t("deliveryError.detail", { detail: wording.detail })}
      </Text>
    </BlockStack>
  );
}
