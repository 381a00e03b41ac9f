import { Banner, BlockStack, Box, Divider, InlineGrid, InlineStack, Modal, Text, Thumbnail } from "@shopify/polaris";
import { ApiErrorBanner } from "~/components/ApiErrorBanner";
import { useI18n } from "~/i18n/context";
import type { PlatformVariant, SupplierProduct } from "~/lib/api-types";
import { unmappedVariants, type MappingRow } from "~/lib/variant-mapping";

/** The store product as the platform's resource picker gives it: what the preview compares against. */
export interface PickedProduct {
  id: string;
  title: string;
  descriptionHtml: string;
  images: { src: string; alt: string }[];
}

const PREVIEW_CHARS = 240;

/** Text of a description for the preview (shown as text, never as HTML). */
function plainText(html: string) {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text;
}

/** What the link will overwrite on the store product, before and after, for the merchant to confirm. */
export function OverwritePreview({
  product,
  picked,
  variants,
  rows,
  saveName,
  saveDescription,
  barcodes,
  images,
  failure,
  onDismissFailure,
  mappedCount,
}: {
  product: SupplierProduct;
  picked: PickedProduct;
  variants: PlatformVariant[];
  rows: MappingRow[];
  saveName: boolean;
  saveDescription: boolean;
  barcodes: boolean;
  images: string[];
  failure?: string;
  onDismissFailure: () => void;
  mappedCount: number;
}) {
  const { t, tp } = useI18n();
  const unmapped = unmappedVariants(rows, variants);
  const barcodeCount = barcodes ? mappedCount : 0;
  const changesNothing = !saveName && !saveDescription && barcodeCount === 0 && images.length === 0;
  const empty = t("link.preview.empty");
  return (
    <Modal.Section>
      <BlockStack gap="400">
        <ApiErrorBanner message={failure} onDismiss={onDismissFailure} />
        <Text as="p">{changesNothing ? t("link.preview.nothing") : t("link.preview.intro")}</Text>
        {saveName && (
          <BeforeAfter heading={t("link.preview.title")} before={picked.title || empty} after={product.name.trim()} />
        )}
        {saveDescription && (
          <BeforeAfter
            heading={t("link.preview.description")}
            before={plainText(picked.descriptionHtml) || empty}
            after={plainText(product.description) || empty}
          />
        )}
        {images.length > 0 && (
          <BlockStack gap="200">
            <Text as="h3" variant="headingSm">
              {t("link.preview.images")}
            </Text>
            <Text as="p">{tp("link.preview.imagesAdded", images.length)}</Text>
            <InlineStack gap="200">
              {images.map((url, index) => (
                <Thumbnail key={url} source={url} alt={t("link.imageAlt", { n: index + 1, name: product.name })} />
              ))}
            </InlineStack>
          </BlockStack>
        )}
        {barcodeCount > 0 && (
          <BlockStack gap="100">
            <Text as="h3" variant="headingSm">
              {t("link.preview.barcodes")}
            </Text>
            <Text as="p">{tp("link.preview.barcodesSet", barcodeCount)}</Text>
          </BlockStack>
        )}
        <Divider />
        <BlockStack gap="100">
          <Text as="h3" variant="headingSm">
            {t("link.preview.variants")}
          </Text>
          <Text as="p">{tp("link.preview.mapped", mappedCount)}</Text>
          {unmapped.length > 0 && (
            <Banner tone="warning">
              <p>{tp("mapping.unmapped", unmapped.length, { names: unmapped.map((v) => v.title).join(", ") })}</p>
            </Banner>
          )}
        </BlockStack>
      </BlockStack>
    </Modal.Section>
  );
}

function BeforeAfter({ heading, before, after }: { heading: string; before: string; after: string }) {
  const { t } = useI18n();
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        {heading}
      </Text>
      <InlineGrid columns={{ xs: 1, md: 2 }} gap="300">
        <Box padding="300" background="bg-surface-secondary" borderRadius="200">
          <BlockStack gap="100">
            <Text as="p" variant="bodySm" tone="subdued">
              {t("link.preview.now")}
            </Text>
            <Text as="p" breakWord>
              <s>{before}</s>
            </Text>
          </BlockStack>
        </Box>
        <Box padding="300" background="bg-surface-success" borderRadius="200">
          <BlockStack gap="100">
            <Text as="p" variant="bodySm" tone="subdued">
              {t("link.preview.after")}
            </Text>
            <Text as="p" breakWord>
              {after}
            </Text>
          </BlockStack>
        </Box>
      </InlineGrid>
    </BlockStack>
  );
}
