import { Badge, BlockStack, Card, InlineStack, Link, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import { labelled } from "~/lib/deliveries";

export interface BuyerPhoneView {
  raw: string | null;
  e164: string | null;
  valid: boolean;
  type: string | null;
  usableMobile: boolean;
  problem: string | null;
}

/**
 * The buyer's phone on the delivery page (docs/decisions/220): as typed, as the flow receives it (E.164), its type,
 * and whether WhatsApp can reach it.
 */
export function BuyerPhoneCard({
  phone,
  duplicateOf,
  duplicateOfDeliveryId,
}: {
  phone: BuyerPhoneView;
  duplicateOf: string | null;
  /** The earlier order's delivery: "#1009" links to its page. */
  duplicateOfDeliveryId: string | null;
}) {
  const { t } = useI18n();
  return (
    <Card>
      <BlockStack gap="200">
        <InlineStack gap="200" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t("delivery.phone")}
          </Text>
          {phone.usableMobile ? (
            <Badge tone="success">{t("delivery.phone.usable")}</Badge>
          ) : (
            <Badge tone="warning">{labelled(t, "delivery.phone.problem", phone.problem)}</Badge>
          )}
        </InlineStack>
        <Text as="p">
          {t("delivery.phone.typed")}: {phone.raw ?? "—"}
        </Text>
        <Text as="p">
          {t("delivery.phone.normalised")}: {phone.e164 ?? "—"}
        </Text>
        <Text as="p">
          {t("delivery.phone.type")}: {labelled(t, "delivery.phone.type", phone.type)}
        </Text>
        {duplicateOf && (
          // The earlier order by its name, linked to its page in the log when the app has it.
          <InlineStack gap="100" blockAlign="center">
            <Badge tone="attention">{t("delivery.possibleDuplicate")}</Badge>
            {duplicateOfDeliveryId ? (
              <Link
                url={`/app/deliveries/${encodeURIComponent(duplicateOfDeliveryId)}`}
                accessibilityLabel={t("delivery.duplicateOf", { order: duplicateOf })}
              >
                {duplicateOf}
              </Link>
            ) : (
              <Text as="span">{duplicateOf}</Text>
            )}
          </InlineStack>
        )}
      </BlockStack>
    </Card>
  );
}
