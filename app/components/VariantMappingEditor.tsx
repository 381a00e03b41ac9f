import { Banner, BlockStack, Box, Button, Divider, InlineGrid, InlineStack, Select, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import { failureBodyOf } from "~/lib/errors";
import type { MessageKey } from "~/i18n";
import {
  checkMapping,
  unmappedVariants,
  variantLabel,
  variationLabel,
  type MappableVariant,
  type MappableVariation,
  type MappingProblem,
  type MappingRow,
} from "~/lib/variant-mapping";

/** A failure the server placed on one row (docs/decisions/101): shown there as well as in the banner. */
export interface RowFailure {
  index: number;
  field: string;
  message: string;
}

/** The page's own check of a mapping: what blocks sending it. */
export function mappingProblems(rows: MappingRow[], variants: MappableVariant[], variations: MappableVariation[]) {
  return checkMapping(
    rows,
    variants.map((variant) => variant.id),
    variations.map((variation) => variation.id),
  );
}

/**
 * The variant mapping as rows, one per store variant to begin with (docs/decisions/140): each row says which
 * supplier variation a store variant is sold as, and several rows may name the same variation. A store variant
 * chosen in two rows, and the store variants left unmapped, are shown as the merchant edits.
 */
export function VariantMappingEditor({
  variants,
  variations,
  rows,
  onChange,
  failure,
}: {
  variants: MappableVariant[];
  variations: MappableVariation[];
  rows: MappingRow[];
  onChange: (rows: MappingRow[]) => void;
  failure?: RowFailure;
}) {
  const { t, tp } = useI18n();
  const problems = mappingProblems(rows, variants, variations);
  const unmapped = unmappedVariants(rows, variants);
  const duplicates = problems.filter((problem) => problem.code === "variant_mapped_twice").length;

  const variantOptions = [
    { label: t("mapping.chooseVariant"), value: "" },
    ...variants.map((variant) => ({ label: variantLabel(variant), value: variant.id })),
  ];
  const variationOptions = [
    { label: t("mapping.notMapped"), value: "" },
    ...variations.map((variation) => ({ label: variationLabel(variation), value: variation.id })),
  ];
  const update = (index: number, change: Partial<MappingRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));

  function problemText(problem: MappingProblem | undefined) {
    if (!problem) return undefined;
    return t(`mapping.problem.${problem.code}` as MessageKey, { row: (problem.otherIndex ?? 0) + 1 });
  }
  const errorOf = (index: number, field: keyof MappingRow) =>
    problemText(problems.find((problem) => problem.index === index && problem.field === field)) ??
    (failure && failure.index === index && failure.field === field ? failure.message : undefined);

  return (
    <BlockStack gap="300">
      <Text as="p" tone="subdued">
        {t("mapping.help")}
      </Text>
      {duplicates > 0 && (
        <Banner tone="critical">
          <p>{tp("mapping.duplicates", duplicates)}</p>
        </Banner>
      )}
      {unmapped.length > 0 && (
        <Banner tone="warning">
          <p>
            {tp("mapping.unmapped", unmapped.length, { names: unmapped.map((variant) => variant.title).join(", ") })}
          </p>
        </Banner>
      )}
      <ol style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "var(--p-space-300)" }}>
        {rows.map((row, index) => (
          <li key={index} data-testid="mapping-row">
            {/* On a phone the two selects stack: a rule between rows keeps each pair together. */}
            {index > 0 && (
              <Box paddingBlockEnd="300">
                <Divider />
              </Box>
            )}
            <InlineStack gap="200" blockAlign="start" wrap={false}>
              <Box width="100%">
                <InlineGrid columns={{ xs: 1, md: 2 }} gap="200">
                  <Select
                    label={t("mapping.rowVariant", { row: index + 1 })}
                    options={variantOptions}
                    value={row.platformVariantId}
                    onChange={(value) => update(index, { platformVariantId: value })}
                    error={errorOf(index, "platformVariantId")}
                  />
                  <Select
                    label={t("mapping.rowVariation", { row: index + 1 })}
                    options={variationOptions}
                    value={row.supplierVariationId}
                    onChange={(value) => update(index, { supplierVariationId: value })}
                    error={errorOf(index, "supplierVariationId")}
                  />
                </InlineGrid>
              </Box>
              <Box paddingBlockStart="600">
                <Button
                  variant="plain"
                  tone="critical"
                  accessibilityLabel={t("mapping.removeRow", { row: index + 1 })}
                  onClick={() => onChange(rows.filter((_, at) => at !== index))}
                >
                  {t("mapping.remove")}
                </Button>
              </Box>
            </InlineStack>
          </li>
        ))}
      </ol>
      <Box>
        <Button onClick={() => onChange([...rows, { platformVariantId: "", supplierVariationId: "" }])}>
          {t("mapping.addRow")}
        </Button>
      </Box>
    </BlockStack>
  );
}

/** The row a server failure concerns (`index` and `field` of docs/decisions/101), worded for the merchant. */
export function rowFailureOf(error: unknown, message: string): RowFailure | undefined {
  const body = failureBodyOf(error);
  if (!body) return undefined;
  const { index, field } = body;
  return typeof index === "number" && typeof field === "string" ? { index, field, message } : undefined;
}
