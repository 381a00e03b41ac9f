import { useRevalidator } from "@remix-run/react";
import { BlockStack, Modal, Text } from "@shopify/polaris";
import { useMemo, useState } from "react";
import { ApiErrorBanner } from "~/components/ApiErrorBanner";
import { useWrite } from "~/components/use-write";
import {
  mappingProblems,
  rowFailureOf,
  VariantMappingEditor,
  type RowFailure,
} from "~/components/VariantMappingEditor";
import { useI18n } from "~/i18n/context";
import type { PlatformVariant, ProductAssociation } from "~/lib/api-types";
import { failureMessage, type FailureBody } from "~/lib/errors";
import { variantAssociations, type MappableVariation, type MappingRow } from "~/lib/variant-mapping";

/** What the linked products page loaded for the open mapping: the link, its store product's variants, or why not. */
export interface OpenMapping {
  association: ProductAssociation | null;
  variants: PlatformVariant[] | null;
  failure: FailureBody | null;
}

/** The rows as stored, then the store variants added since as empty rows. */
function initialRows(association: ProductAssociation | null, variants: PlatformVariant[] | null): MappingRow[] {
  if (!association || !variants) return [];
  const stored: MappingRow[] = association.variantAssociations.map(({ platformVariantId, supplierVariationId }) => ({
    platformVariantId,
    supplierVariationId,
  }));
  const added = variants
    .filter((variant) => !stored.some((row) => row.platformVariantId === variant.id))
    .map((variant) => ({ platformVariantId: variant.id, supplierVariationId: "" }));
  return [...stored, ...added];
}

/**
 * The variant mapping of an existing link, shown and edited from the linked products page (docs/decisions/140):
 * the store product's variants as they are now (the page's loader reads them), each row as stored, store variants
 * added since as empty rows. Saving posts to the page's action.
 */
export function EditVariantsModal({
  mapping,
  onClose,
  onSaved,
}: {
  mapping: OpenMapping;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useI18n();
  const { association, variants } = mapping;
  const revalidator = useRevalidator();
  // Links made before the variations were kept name them by id only (docs/decisions/140).
  const variations = useMemo<MappableVariation[]>(
    () =>
      !association
        ? []
        : association.supplierVariations.length
          ? association.supplierVariations
          : [...new Set(association.variantAssociations.map((link) => link.supplierVariationId))].map((id) => ({
              id,
              sku: t("mapping.unknownVariation", { id }),
            })),
    [association, t],
  );
  const [rows, setRows] = useState<MappingRow[]>(() => initialRows(association, variants));
  const [blocked, setBlocked] = useState<string>();
  const saving = useWrite<{ success: true }>("/app/products", onSaved);
  const rowFailure: RowFailure | undefined = saving.failure && rowFailureOf(saving.failure, saving.message ?? "");

  function save() {
    if (!association || !variants) return;
    if (mappingProblems(rows, variants, variations).length > 0) {
      setBlocked(t("link.fixMapping"));
      return;
    }
    saving.submit("variants", {
      associationId: association.id,
      variantAssociations: JSON.stringify(variantAssociations(rows)),
    });
  }

  return (
    <Modal
      open
      size="large"
      title={
        association
          ? t("products.variantsTitle", { name: association.supplierProductName })
          : t("products.editVariants")
      }
      onClose={onClose}
      primaryAction={{ content: t("common.save"), onAction: save, loading: saving.busy, disabled: !variants }}
      secondaryActions={[{ content: t("common.cancel"), onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          {/* A row's failure is shown on its row; the rest in a banner. */}
          <ApiErrorBanner message={rowFailure ? undefined : saving.message} onDismiss={saving.clear} />
          {mapping.failure && (
            <ApiErrorBanner
              message={failureMessage(t, mapping.failure)}
              // The link itself is missing: nothing to retry.
              onRetry={association ? () => revalidator.revalidate() : undefined}
            />
          )}
          {association && <Text as="p">{t("products.variantsHelp", { title: association.platformProductTitle })}</Text>}
          {blocked && (
            <Text as="p" tone="critical">
              {blocked}
            </Text>
          )}
          {variants && (
            <VariantMappingEditor
              variants={variants}
              variations={variations}
              rows={rows}
              onChange={(next) => {
                setRows(next);
                setBlocked(undefined);
                saving.clear();
              }}
              failure={rowFailure}
            />
          )}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
