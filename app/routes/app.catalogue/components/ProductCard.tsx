import { Badge, BlockStack, Box, Button, Card, Image, InlineStack, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import type { SupplierProduct } from "~/lib/api-types";
import { displayPrice, displayStock, galleryUrls } from "~/lib/supplier";

/** One supplier product: its first image, price and stock, and "Link" or, once linked, "View link". */
export function ProductCard({
  product,
  currency,
  linkId,
  onLink,
}: {
  product: SupplierProduct;
  currency: string | null;
  /** The shop's link of this product, if it has one. */
  linkId: string | undefined;
  onLink: () => void;
}) {
  const { t, tp, money, number } = useI18n();
  const image = galleryUrls(product)[0];
  const stock = displayStock(product);
  return (
    <Card padding="0">
      <BlockStack>
        <Box background="bg-surface-secondary" minHeight="180px">
          {image ? (
            <Image source={image} alt={product.name} width="100%" height="180" style={{ objectFit: "cover" }} />
          ) : null}
        </Box>
        <Box padding="300">
          <BlockStack gap="200">
            <InlineStack align="space-between" blockAlign="start" gap="100" wrap={false}>
              <Text as="h2" variant="headingSm" breakWord>
                {product.name}
              </Text>
              {linkId && <Badge tone="success">{t("catalogue.linked")}</Badge>}
            </InlineStack>
            <Text as="p" variant="headingMd">
              {money(displayPrice(product), currency)}
            </Text>
            <Text as="p" tone={stock === 0 ? "critical" : "subdued"}>
              {stock === null ? t("catalogue.noStock") : t("catalogue.stock", { count: number(stock) })}
              {product.variations.length > 1 ? ` · ${tp("catalogue.variations", product.variations.length)}` : ""}
            </Text>
            {linkId ? (
              // The link's mapping opens where linked products are listed; it is edited and removed there.
              <Button
                url={`/app/products?mapping=${encodeURIComponent(linkId)}`}
                accessibilityLabel={`${t("catalogue.viewLink")}: ${product.name}`}
              >
                {t("catalogue.viewLink")}
              </Button>
            ) : (
              <Button onClick={onLink} accessibilityLabel={`${t("catalogue.link")}: ${product.name}`}>
                {t("catalogue.link")}
              </Button>
            )}
          </BlockStack>
        </Box>
      </BlockStack>
    </Card>
  );
}
