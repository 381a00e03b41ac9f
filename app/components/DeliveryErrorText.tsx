import { BlockStack, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import { deliveryErrorText } from "~/lib/deliveries";
import type { DeliveryErrorCode, DeliveryErrorParams } from "~/lib/delivery-errors";

/**
 * Why a delivery was skipped or an attempt failed, in the merchant's language; the automation platform's own words
 * only as a subdued, attributed quote (`withDetail`), never in place of the message. Renders `fallback` when there is nothing.
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
  // Only the automation platform's own answer is quoted, as its words; the app's English sentences (a row from
  // before codes, a network error) are never shown in place of or beside the merchant's language.
  if (!withDetail || !wording.detail || code !== "trigger_http") return <>{wording.message}</>;
  return (
    <BlockStack gap="050" as="span">
      <Text as="span">{wording.message}</Text>
      <Text as="span" tone="subdued" variant="bodySm" breakWord>
        {i18n.t("deliveryError.platformSaid", { detail: wording.detail })}
      </Text>
    </BlockStack>
  );
}
