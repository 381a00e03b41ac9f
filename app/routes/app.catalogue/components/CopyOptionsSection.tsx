import { BlockStack, Checkbox, InlineStack, Modal, Text, Thumbnail } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import type { SupplierProduct } from "~/lib/api-types";
import { MAX_IMAGES } from "~/lib/supplier";

/** What the link copies from the supplier product onto the store product. */
export interface CopyOptions {
  saveName: boolean;
  saveDescription: boolean;
  useBarcodes: boolean;
  saveImages: boolean;
}

/** The link's copy options, and which of the supplier's images go to the store product (at most five). */
export function CopyOptionsSection({
  product,
  images,
  options,
  onOptions,
  chosenImages,
  onToggleImage,
  imagesError,
}: {
  product: SupplierProduct;
  images: string[];
  options: CopyOptions;
  onOptions: (change: Partial<CopyOptions>) => void;
  chosenImages: string[];
  onToggleImage: (url: string, on: boolean) => void;
  imagesError?: string;
}) {
  const { t } = useI18n();
  return (
    <Modal.Section>
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          {t("link.step.options")}
        </Text>
        <Checkbox
          label={t("link.option.name")}
          checked={options.saveName}
          onChange={(saveName) => onOptions({ saveName })}
        />
        <Checkbox
          label={t("link.option.description")}
          checked={options.saveDescription}
          onChange={(saveDescription) => onOptions({ saveDescription })}
        />
        <Checkbox
          label={t("link.option.barcodes")}
          checked={options.useBarcodes}
          onChange={(useBarcodes) => onOptions({ useBarcodes })}
        />
        <Checkbox
          label={t("link.option.images")}
          checked={options.saveImages}
          onChange={(saveImages) => onOptions({ saveImages })}
          disabled={images.length === 0}
        />
        {options.saveImages && (
          <BlockStack gap="200">
            <Text as="p">{t("link.images", { max: MAX_IMAGES })}</Text>
            <InlineStack gap="300">
              {images.map((url, index) => (
                <BlockStack key={url} gap="100" inlineAlign="center">
                  <Thumbnail source={url} alt={t("link.imageAlt", { n: index + 1, name: product.name })} />
                  <Checkbox
                    label={t("link.imageAlt", { n: index + 1, name: product.name })}
                    labelHidden
                    checked={chosenImages.includes(url)}
                    onChange={(on) => onToggleImage(url, on)}
                  />
                </BlockStack>
              ))}
            </InlineStack>
            {imagesError && (
              <Text as="p" tone="critical">
                {imagesError}
              </Text>
            )}
          </BlockStack>
        )}
      </BlockStack>
    </Modal.Section>
  );
}
