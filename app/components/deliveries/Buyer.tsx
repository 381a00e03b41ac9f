import { BlockStack, Link, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import { whatsappUrl, type BuyerSummary } from "~/lib/buyer-summary";

/** The buyer's phone as typed, linked to their WhatsApp chat when it can be dialled; plain text otherwise. */
export function BuyerPhone({ buyer }: { buyer: BuyerSummary }) {
  const { t } = useI18n();
  if (!buyer.phone) return null;
  const url = whatsappUrl(buyer);
  if (!url) return <Text as="span">{buyer.phone}</Text>;
  return (
    <Link
      url={url}
      target="_blank"
      // The phone first, as it is read: the link's name holds its visible text (WCAG 2.5.3).
      accessibilityLabel={t("deliveries.whatsapp", { phone: buyer.phone, name: buyer.name ?? buyer.phone })}
      removeUnderline
    >
      {buyer.phone}
    </Link>
  );
}

/** The log's buyer cell: name, city and phone (a WhatsApp link), each on its line; "—" once erased. */
export function BuyerCell({ buyer }: { buyer: BuyerSummary | null }) {
  if (!buyer || (!buyer.name && !buyer.phone && !buyer.city)) return <Text as="span">—</Text>;
  return (
    <BlockStack gap="025">
      {buyer.name && (
        <Text as="span" breakWord>
          {buyer.name}
        </Text>
      )}
      {buyer.city && (
        <Text as="span" tone="subdued" breakWord>
          {buyer.city}
        </Text>
      )}
      <BuyerPhone buyer={buyer} />
    </BlockStack>
  );
}
