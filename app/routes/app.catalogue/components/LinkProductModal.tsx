import { useAppBridge } from "@shopify/app-bridge-react";
import { BlockStack, Modal, SkeletonBodyText, Text } from "@shopify/polaris";
import { useEffect, useMemo, useState } from "react";
import { ApiErrorBanner } from "~/components/ApiErrorBanner";
import { useStoreVariants } from "~/components/use-store-variants";
import { useWrite } from "~/components/use-write";
import {
  mappingProblems,
  rowFailureOf,
  VariantMappingEditor,
  type RowFailure,
} from "~/components/VariantMappingEditor";
import { useI18n } from "~/i18n/context";
import type { ProductAssociation, SupplierProduct } from "~/lib/api-types";
import { galleryUrls, MAX_IMAGES } from "~/lib/supplier";
import { autoMatch, variantAssociations, type MappingRow } from "~/lib/variant-mapping";
import { CopyOptionsSection, type CopyOptions } from "./CopyOptionsSection";
import { OverwritePreview, type PickedProduct } from "./OverwritePreview";
import { StoreProductChoice } from "./StoreProductChoice";

/**
 * Links one supplier product to an existing store product (docs/decisions/140): the store product is chosen in
 * the platform's resource picker, each of its variants is mapped to the supplier variation it is sold as, the
 * merchant chooses what to copy, then sees what will be overwritten on the store product and confirms.
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
  const shopify = useAppBridge();
  const images = useMemo(() => galleryUrls(product), [product]);

  const [picked, setPicked] = useState<PickedProduct>();
  const variants = useStoreVariants(picked?.id);
  const [rows, setRows] = useState<MappingRow[]>([]);
  // Each newly chosen store product starts from the automatic matches; the merchant edits from there.
  useEffect(() => {
    setRows(variants.data ? autoMatch(product.variations, variants.data) : []);
  }, [variants.data, product.variations]);

  const [options, setOptions] = useState<CopyOptions>({
    saveName: false,
    saveDescription: false,
    useBarcodes: false,
    saveImages: false,
  });
  const { saveName, saveDescription, useBarcodes, saveImages } = options;
  const [chosenImages, setChosenImages] = useState<string[]>(() => images.slice(0, MAX_IMAGES));
  const [errors, setErrors] = useState<{ product?: string; images?: string; mapping?: string }>({});
  const [stage, setStage] = useState<"edit" | "preview">("edit");
  const [rowFailure, setRowFailure] = useState<RowFailure>();
  const saving = useWrite<{ success: true; association: ProductAssociation }>("/app/catalogue", (body) =>
    onLinked(body.association),
  );
  // A refused row goes back to the mapping, on the row and field the server named.
  useEffect(() => {
    const failure = saving.failure && rowFailureOf(saving.failure, saving.message ?? "");
    if (!failure) return;
    setStage("edit");
    setRowFailure(failure);
  }, [saving.failure, saving.message]);

  async function pickProduct() {
    const selection = await shopify.resourcePicker({
      type: "product",
      action: "select",
      multiple: false,
      filter: { variants: false },
      selectionIds: picked ? [{ id: picked.id }] : [],
    });
    const chosen = selection?.[0];
    if (!chosen) return;
    setErrors((before) => ({ ...before, product: undefined, mapping: undefined }));
    setRowFailure(undefined);
    setPicked({
      id: chosen.id,
      title: chosen.title,
      descriptionHtml: chosen.descriptionHtml ?? "",
      images: (chosen.images ?? []).map((image) => ({ src: image.originalSrc, alt: image.altText || chosen.title })),
    });
  }

  function toggleImage(url: string, on: boolean) {
    setErrors((before) => ({ ...before, images: undefined }));
    if (on && chosenImages.length >= MAX_IMAGES) {
      setErrors((before) => ({ ...before, images: t("link.imagesLimit", { max: MAX_IMAGES }) }));
      return;
    }
    setChosenImages((before) => (on ? [...before, url] : before.filter((image) => image !== url)));
  }

  const copiesImages = saveImages && chosenImages.length > 0;
  const mapped = variantAssociations(rows);

  // Everything the page can check is checked before the preview: nothing is sent until the merchant confirms.
  function review() {
    if (!picked) {
      setErrors({ product: t("link.productRequired") });
      return;
    }
    if (!variants.data) return;
    if (mappingProblems(rows, variants.data, product.variations).length > 0) {
      setErrors({ mapping: t("link.fixMapping") });
      return;
    }
    setErrors({});
    setStage("preview");
  }

  function confirm() {
    if (!picked) return;
    setRowFailure(undefined);
    // The chosen images travel as the gallery: the server copies the gallery's first five.
    const data = saveImages
      ? { ...product, gallery: product.gallery.filter((image) => chosenImages.includes(image.url ?? "")) }
      : product;
    saving.submit("link", {
      supplierProductId: product.id,
      supplierProductData: JSON.stringify(data),
      platformProductId: picked.id,
      supplierVariations: JSON.stringify(product.variations),
      variantAssociations: JSON.stringify(mapped),
      saveSupplierName: saveName,
      saveSupplierDescription: saveDescription,
      useSuggestedBarcode: useBarcodes,
      saveSupplierImages: copiesImages,
    });
  }

  const editing = stage === "edit";
  return (
    <Modal
      open
      size="large"
      title={
        editing ? t("link.title", { name: product.name }) : t("link.preview.heading", { title: picked?.title ?? "" })
      }
      onClose={onClose}
      primaryAction={
        editing
          ? { content: t("link.review"), onAction: review, disabled: Boolean(picked) && variants.loading }
          : { content: t("link.confirm"), onAction: confirm, loading: saving.busy }
      }
      secondaryActions={
        editing
          ? [{ content: t("common.cancel"), onAction: onClose }]
          : [{ content: t("link.back"), onAction: () => setStage("edit"), disabled: saving.busy }]
      }
    >
      {editing ? (
        <>
          <Modal.Section>
            <BlockStack gap="300">
              {/* A row's failure is shown on its row; the rest in a banner. */}
              <ApiErrorBanner message={rowFailure ? undefined : saving.message} onDismiss={saving.clear} />
              <Text as="h3" variant="headingSm">
                {t("link.step.product")}
              </Text>
              <StoreProductChoice picked={picked} onPick={pickProduct} error={errors.product} />
            </BlockStack>
          </Modal.Section>

          {picked && (
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
                ) : variants.failure ? (
                  <ApiErrorBanner message={variants.failure} onRetry={variants.reload} />
                ) : variants.data ? (
                  <>
                    {errors.mapping && (
                      <Text as="p" tone="critical">
                        {errors.mapping}
                      </Text>
                    )}
                    <VariantMappingEditor
                      variants={variants.data}
                      variations={product.variations}
                      rows={rows}
                      onChange={(next) => {
                        setRows(next);
                        setRowFailure(undefined);
                        setErrors((before) => ({ ...before, mapping: undefined }));
                      }}
                      failure={rowFailure}
                    />
                  </>
                ) : null}
              </BlockStack>
            </Modal.Section>
          )}

          <CopyOptionsSection
            product={product}
            images={images}
            options={options}
            onOptions={(change) => setOptions((before) => ({ ...before, ...change }))}
            chosenImages={chosenImages}
            onToggleImage={toggleImage}
            imagesError={errors.images}
          />
        </>
      ) : (
        picked && (
          <OverwritePreview
            product={product}
            picked={picked}
            variants={variants.data ?? []}
            rows={rows}
            saveName={saveName}
            saveDescription={saveDescription}
            barcodes={useBarcodes}
            images={copiesImages ? chosenImages.slice(0, MAX_IMAGES) : []}
            failure={saving.message}
            onDismissFailure={saving.clear}
            mappedCount={mapped.length}
          />
        )
      )}
    </Modal>
  );
}
