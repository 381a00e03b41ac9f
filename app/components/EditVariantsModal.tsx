import { BlockStack, Modal, SkeletonBodyText, Text } from "@shopify/polaris";
import { useEffect, useMemo, useState } from "react";
import { ApiErrorBanner, useErrorMessage } from "~/components/ApiErrorBanner";
import { useAction } from "~/components/use-action";
import { useApi } from "~/components/use-api";
import {
  mappingProblems,
  rowFailureOf,
  VariantMappingEditor,
  type RowFailure,
} from "~/components/VariantMappingEditor";
import { useI18n } from "~/i18n/context";
import { apiGet, apiPost } from "~/lib/api-client";
import type { PlatformVariant, ProductAssociation } from "~/lib/api-types";
import { variantAssociations, type MappableVariation, type MappingRow } from "~/lib/variant-mapping";

/**
 * The variant mapping of an existing link, shown and edited from the linked products page (docs/decisions/140):
 * the store product's variants as they are now, each row as stored, store variants added since as empty rows.
 */
export function EditVariantsModal({
  association,
  onClose,
  onSaved,
}: {
  association: ProductAssociation;
  onClose: () => void;
  onSaved: (association: ProductAssociation) => void;
}) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const variants = useApi(
    () =>
      apiGet<{ variants: PlatformVariant[] }>("/api/platform/product/variants", {
        productId: association.platformProductId,
      }).then((body) => body.variants),
    `variants:${association.platformProductId}`,
  );
  // Links made before the variations were kept name them by id only (docs/decisions/140).
  const variations = useMemo<MappableVariation[]>(
    () =>
      association.supplierVariations.length
        ? association.supplierVariations
        : [...new Set(association.variantAssociations.map((link) => link.supplierVariationId))].map((id) => ({
            id,
            sku: t("mapping.unknownVariation", { id }),
          })),
    [association, t],
  );
  const [rows, setRows] = useState<MappingRow[]>([]);
  useEffect(() => {
    if (!variants.data) return;
    const stored: MappingRow[] = association.variantAssociations.map(({ platformVariantId, supplierVariationId }) => ({
      platformVariantId,
      supplierVariationId,
    }));
    const added = variants.data
      .filter((variant) => !stored.some((row) => row.platformVariantId === variant.id))
      .map((variant) => ({ platformVariantId: variant.id, supplierVariationId: "" }));
    setRows([...stored, ...added]);
  }, [variants.data, association.variantAssociations]);

  const [blocked, setBlocked] = useState<string>();
  const [rowFailure, setRowFailure] = useState<RowFailure>();
  const saving = useAction();

  async function save() {
    if (!variants.data) return;
    if (mappingProblems(rows, variants.data, variations).length > 0) {
      setBlocked(t("link.fixMapping"));
      return;
    }
    await saving.run(async () => {
      try {
        const body = await apiPost<{ association: ProductAssociation }>("/api/products/association/variants", {
          associationId: association.id,
          variantAssociations: JSON.stringify(variantAssociations(rows)),
        });
        onSaved(body.association);
      } catch (error) {
        setRowFailure(rowFailureOf(error, errorMessage(error)));
        throw error;
      }
    });
  }

  return (
    <Modal
      open
      size="large"
      title={t("products.variantsTitle", { name: association.supplierProductName })}
      onClose={onClose}
      primaryAction={{ content: t("common.save"), onAction: save, loading: saving.busy, disabled: !variants.data }}
      secondaryActions={[{ content: t("common.cancel"), onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <ApiErrorBanner message={saving.failure} onDismiss={() => saving.setFailure(undefined)} />
          <Text as="p">{t("products.variantsHelp", { title: association.platformProductTitle })}</Text>
          {blocked && (
            <Text as="p" tone="critical">
              {blocked}
            </Text>
          )}
          {variants.loading ? (
            <SkeletonBodyText lines={4} />
          ) : variants.error ? (
            <ApiErrorBanner error={variants.error} onRetry={variants.reload} />
          ) : variants.data ? (
            <VariantMappingEditor
              variants={variants.data}
              variations={variations}
              rows={rows}
              onChange={(next) => {
                setRows(next);
                setBlocked(undefined);
                setRowFailure(undefined);
              }}
              failure={rowFailure}
            />
          ) : null}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
