import {
  BlockStack,
  Checkbox,
  ChoiceList,
  InlineGrid,
  InlineStack,
  Modal,
  Select,
  SkeletonBodyText,
  Text,
  TextField,
  Thumbnail,
} from "@shopify/polaris";
import { useEffect, useMemo, useState } from "react";
import { ApiErrorBanner } from "~/components/ApiErrorBanner";
import { useAction } from "~/components/use-action";
import { useApi } from "~/components/use-api";
import { useI18n } from "~/i18n/context";
import { apiGet, apiPost } from "~/lib/api-client";
import type { PlatformProduct, PlatformVariant, ProductAssociation, SupplierProduct } from "~/lib/api-types";
import { galleryUrls, MAX_IMAGES } from "~/lib/supplier";
import { autoMatchVariants, variantAssociations, variationLabel, type VariantMapping } from "~/lib/variant-matching";

const VISIBLE_PRODUCTS = 25;

/**
 * Links one supplier product to an existing store product: choose the store product, map the supplier's
 * variations to its variants (pre-filled by SKU), choose what to copy, confirm.
 */
export function LinkProductModal({
  product,
  onClose,
  onLinked,
}: {
  product: SupplierProduct;
  onClose: () => void;
  onLinked: (association: ProductAssociation) => void;
}) {
  const { t } = useI18n();
  const images = useMemo(() => galleryUrls(product), [product]);

  const storeProducts = useApi(
    () => apiGet<{ products: PlatformProduct[] }>("/api/platform/products").then((body) => body.products),
    "store-products",
  );
  const [search, setSearch] = useState("");
  const [productId, setProductId] = useState<string>();
  const [mapping, setMapping] = useState<VariantMapping>({});
  const variants = useApi(
    () =>
      apiGet<{ variants: PlatformVariant[] }>("/api/platform/product/variants", { productId }).then(
        (body) => body.variants,
      ),
    `variants:${productId ?? ""}`,
    { enabled: Boolean(productId) },
  );
  // Each newly chosen store product starts from the SKU matches; the merchant edits from there.
  useEffect(() => {
    setMapping(variants.data ? autoMatchVariants(product.variations, variants.data) : {});
  }, [variants.data, product.variations]);

  const [saveName, setSaveName] = useState(false);
  const [saveDescription, setSaveDescription] = useState(false);
  const [useBarcodes, setUseBarcodes] = useState(false);
  const [saveImages, setSaveImages] = useState(false);
  const [chosenImages, setChosenImages] = useState<string[]>(() => images.slice(0, MAX_IMAGES));
  const [errors, setErrors] = useState<{ product?: string; images?: string }>({});
  const saving = useAction();

  const matches = (storeProducts.data ?? []).filter((candidate) =>
    candidate.title.toLowerCase().includes(search.trim().toLowerCase()),
  );
  const chosen = storeProducts.data?.find((candidate) => candidate.id === productId);
  const autoMatched = variants.data ? Object.values(autoMatchVariants(product.variations, variants.data)) : [];

  function toggleImage(url: string, on: boolean) {
    setErrors((before) => ({ ...before, images: undefined }));
    if (on && chosenImages.length >= MAX_IMAGES) {
      setErrors((before) => ({ ...before, images: t("link.imagesLimit", { max: MAX_IMAGES }) }));
      return;
    }
    setChosenImages((before) => (on ? [...before, url] : before.filter((image) => image !== url)));
  }

  async function confirm() {
    if (!productId) {
      setErrors({ product: t("link.productRequired") });
      return;
    }
    await saving.run(async () => {
      // The chosen images travel as the gallery: the server copies the gallery's first five.
      const data = saveImages
        ? { ...product, gallery: product.gallery.filter((image) => chosenImages.includes(image.url ?? "")) }
        : product;
      const body = await apiPost<{ association: ProductAssociation }>("/api/products/import", {
        supplierProductId: product.id,
        supplierProductData: JSON.stringify(data),
        platformProductId: productId,
        supplierVariations: JSON.stringify(product.variations),
        variantAssociations: JSON.stringify(variantAssociations(product.variations, mapping)),
        saveSupplierName: saveName,
        saveSupplierDescription: saveDescription,
        useSuggestedBarcode: useBarcodes,
        saveSupplierImages: saveImages && chosenImages.length > 0,
      });
      onLinked(body.association);
    });
  }

  const variantOptions = [
    { label: t("link.notMapped"), value: "" },
    ...(variants.data ?? []).map((variant) => ({
      label: variant.sku ? `${variant.title} (${variant.sku})` : variant.title,
      value: variant.id,
    })),
  ];

  return (
    <Modal
      open
      size="large"
      title={t("link.title", { name: product.name })}
      onClose={onClose}
      primaryAction={{ content: t("link.confirm"), onAction: confirm, loading: saving.busy }}
      secondaryActions={[{ content: t("common.cancel"), onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <ApiErrorBanner message={saving.failure} onDismiss={() => saving.setFailure(undefined)} />
          <Text as="h3" variant="headingSm">
            {t("link.step.product")}
          </Text>
          {storeProducts.loading ? (
            <SkeletonBodyText lines={4} />
          ) : storeProducts.error ? (
            <ApiErrorBanner error={storeProducts.error} onRetry={storeProducts.reload} />
          ) : (
            <>
              <TextField
                label={t("link.searchProducts")}
                value={search}
                onChange={setSearch}
                autoComplete="off"
                clearButton
                onClearButtonClick={() => setSearch("")}
              />
              {matches.length === 0 ? (
                <Text as="p" tone="subdued">
                  {t("link.noProducts")}
                </Text>
              ) : (
                <ChoiceList
                  title={t("link.chooseProduct")}
                  choices={matches.slice(0, VISIBLE_PRODUCTS).map((candidate) => ({
                    label: candidate.title,
                    value: candidate.id,
                  }))}
                  selected={productId ? [productId] : []}
                  onChange={([id]) => {
                    setErrors((before) => ({ ...before, product: undefined }));
                    setProductId(id);
                  }}
                  error={errors.product}
                />
              )}
            </>
          )}
        </BlockStack>
      </Modal.Section>

      {chosen && (
        <Modal.Section>
          <BlockStack gap="300">
            <Text as="h3" variant="headingSm">
              {t("link.step.variants")}
            </Text>
            {product.variations.length === 0 ? (
              <Text as="p" tone="subdued">
                {t("link.noVariations")}
              </Text>
            ) : variants.loading ? (
              <SkeletonBodyText lines={3} />
            ) : variants.error ? (
              <ApiErrorBanner error={variants.error} onRetry={variants.reload} />
            ) : (
              <>
                <Text as="p" tone="subdued">
                  {t("link.autoMatched", {
                    count: autoMatched.filter(Boolean).length,
                    total: product.variations.length,
                  })}
                </Text>
                <InlineGrid columns={2} gap="300">
                  <Text as="span" variant="headingXs">
                    {t("link.variation")}
                  </Text>
                  <Text as="span" variant="headingXs">
                    {t("link.variant")}
                  </Text>
                </InlineGrid>
                {product.variations.map((variation) => (
                  <InlineGrid key={variation.id} columns={2} gap="300" alignItems="center">
                    <Text as="span">{variationLabel(variation)}</Text>
                    <Select
                      label={`${t("link.variant")}: ${variationLabel(variation)}`}
                      labelHidden
                      options={variantOptions}
                      value={mapping[variation.id] ?? ""}
                      onChange={(value) => setMapping((before) => ({ ...before, [variation.id]: value }))}
                    />
                  </InlineGrid>
                ))}
              </>
            )}
          </BlockStack>
        </Modal.Section>
      )}

      <Modal.Section>
        <BlockStack gap="200">
          <Text as="h3" variant="headingSm">
            {t("link.step.options")}
          </Text>
          <Checkbox label={t("link.option.name")} checked={saveName} onChange={setSaveName} />
          <Checkbox label={t("link.option.description")} checked={saveDescription} onChange={setSaveDescription} />
          <Checkbox label={t("link.option.barcodes")} checked={useBarcodes} onChange={setUseBarcodes} />
          <Checkbox
            label={t("link.option.images")}
            checked={saveImages}
            onChange={setSaveImages}
            disabled={images.length === 0}
          />
          {saveImages && (
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
                      onChange={(on) => toggleImage(url, on)}
                    />
                  </BlockStack>
                ))}
              </InlineStack>
              {errors.images && (
                <Text as="p" tone="critical">
                  {errors.images}
                </Text>
              )}
            </BlockStack>
          )}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
