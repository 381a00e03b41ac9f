import { Badge, BlockStack, Button, Card, IndexTable, InlineStack, Text, type IndexTableProps } from "@shopify/polaris";
import { ProductSyncStatus } from "./ProductSyncStatus";
import { StackedBelow, StackedCell, stackedRowId } from "~/components/StackedBelow";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import type { ProductAssociation } from "~/lib/api-types";
import type { ProductSyncStatus as SyncStatus } from "~/services/stock/status.server";

const OPTIONS: [keyof ProductAssociation, MessageKey][] = [
  ["saveSupplierName", "products.option.name"],
  ["saveSupplierDescription", "products.option.description"],
  ["useSuggestedBarcode", "products.option.barcodes"],
  ["saveSupplierImages", "products.option.images"],
];

/** What a row's buttons do: sync it now (when the sync can), open its mapping, ask to remove it. */
export interface LinkedProductActions {
  canSync: boolean;
  syncing: (association: ProductAssociation) => boolean;
  onSync: (association: ProductAssociation) => void;
  onEditVariants: (association: ProductAssociation) => void;
  onDelete: (association: ProductAssociation) => void;
}

/** The page's links: a table on wide screens, a stacked item per link at phone widths. */
export function LinkedProductsTable({
  associations,
  stock,
  loading,
  actions,
}: {
  associations: ProductAssociation[];
  stock: Record<string, SyncStatus>;
  loading: boolean;
  actions: LinkedProductActions;
}) {
  const { t, tp } = useI18n();
  const table = {
    resourceName: { singular: t("products.storeProduct"), plural: t("nav.products") },
    itemCount: associations.length,
    selectable: false,
    loading,
    headings: [
      { title: t("products.supplierProduct") },
      { title: t("products.storeProduct") },
      { title: t("products.options") },
      { title: t("products.variants") },
      { title: t("products.stockSync") },
      { title: t("products.actions"), hidden: true },
    ] as IndexTableProps["headings"],
  };
  const rows = associations.map((association) => ({
    association,
    supplier: (
      <BlockStack gap="050">
        <Text as="span" fontWeight="semibold">
          {association.supplierProductName}
        </Text>
        <Text as="span" tone="subdued" variant="bodySm">
          #{association.supplierProductId}
        </Text>
      </BlockStack>
    ),
    copied: (
      <InlineStack gap="100">
        {OPTIONS.filter(([field]) => association[field]).map(([field, label]) => (
          <Badge key={field}>{t(label)}</Badge>
        ))}
        {!OPTIONS.some(([field]) => association[field]) && (
          <Text as="span" tone="subdued">
            {t("common.none")}
          </Text>
        )}
      </InlineStack>
    ),
    mapped: tp("products.variantsMapped", association.variantAssociations.length),
    synced: <ProductSyncStatus status={stock[association.id]} />,
    buttons: (
      <InlineStack gap="300" wrap={false}>
        {actions.canSync && (
          <Button
            variant="plain"
            onClick={() => actions.onSync(association)}
            loading={actions.syncing(association)}
            accessibilityLabel={`${t("stock.syncOne")}: ${association.supplierProductName}`}
          >
            {t("stock.syncOne")}
          </Button>
        )}
        <Button
          variant="plain"
          onClick={() => actions.onEditVariants(association)}
          accessibilityLabel={`${t("products.editVariants")}: ${association.supplierProductName}`}
        >
          {t("products.editVariants")}
        </Button>
        <Button
          tone="critical"
          variant="plain"
          onClick={() => actions.onDelete(association)}
          accessibilityLabel={`${t("products.delete")}: ${association.supplierProductName}`}
        >
          {t("products.delete")}
        </Button>
      </InlineStack>
    ),
  }));

  return (
    <Card padding="0">
      {/* At phone widths each row is a stacked item: its actions are reachable without scrolling sideways. */}
      <StackedBelow
        breakpoint="sm"
        wide={
          <IndexTable {...table} condensed={false}>
            {rows.map(({ association, supplier, copied, mapped, synced, buttons }, index) => (
              <IndexTable.Row id={association.id} key={association.id} position={index}>
                <IndexTable.Cell>{supplier}</IndexTable.Cell>
                <IndexTable.Cell>{association.platformProductTitle}</IndexTable.Cell>
                <IndexTable.Cell>{copied}</IndexTable.Cell>
                <IndexTable.Cell>{mapped}</IndexTable.Cell>
                <IndexTable.Cell>{synced}</IndexTable.Cell>
                <IndexTable.Cell>{buttons}</IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        }
        stacked={
          <IndexTable {...table} condensed>
            {rows.map(({ association, supplier, copied, mapped, synced, buttons }, index) => (
              <IndexTable.Row id={stackedRowId(association.id)} key={association.id} position={index}>
                <StackedCell>
                  <BlockStack gap="150">
                    {supplier}
                    <Text as="span">{association.platformProductTitle}</Text>
                    {copied}
                    <Text as="span" tone="subdued">
                      {mapped}
                    </Text>
                    {synced}
                    {buttons}
                  </BlockStack>
                </StackedCell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        }
      />
    </Card>
  );
}
