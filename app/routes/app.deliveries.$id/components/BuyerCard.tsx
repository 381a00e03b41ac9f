import { BlockStack, Text } from "@shopify/polaris";
import { BuyerPhone } from "~/components/deliveries/Buyer";
import { useI18n } from "~/i18n/context";
import type { DeliveryDetail } from "~/lib/api-types";
import { TitledCard } from "~/components/TitledCard";
import { Fact } from "./Fact";

/** Who ordered: name, phone (a WhatsApp link), city, total and products, as the order gave them. */
export function BuyerCard({ buyer }: { buyer: DeliveryDetail["buyer"] }) {
  const { t, money } = useI18n();
  return (
    <TitledCard title={t("delivery.buyer")} gap="200">
      {buyer ? (
        <BlockStack gap="100">
          <Fact label={t("delivery.buyer.name")}>{buyer.name ?? "—"}</Fact>
          <Fact label={t("delivery.buyer.phone")}>{buyer.phone ? <BuyerPhone buyer={buyer} /> : "—"}</Fact>
          <Fact label={t("delivery.buyer.city")}>{buyer.city ?? "—"}</Fact>
          <Fact label={t("delivery.payload.total")}>{money(buyer.total, buyer.currency)}</Fact>
          {buyer.products.length > 0 && (
            <BlockStack gap="050">
              <Text as="p">{t("delivery.buyer.products")}:</Text>
              <ul style={{ margin: 0, paddingInlineStart: "var(--p-space-500)" }}>
                {buyer.products.map((product, index) => (
                  <li key={index}>
                    {t("delivery.buyer.product", { quantity: product.quantity, title: product.title })}
                  </li>
                ))}
              </ul>
            </BlockStack>
          )}
        </BlockStack>
      ) : (
        <Text as="p" tone="subdued">
          {t("delivery.noBuyer")}
        </Text>
      )}
    </TitledCard>
  );
}
