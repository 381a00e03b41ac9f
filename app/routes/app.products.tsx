import {
  Badge,
  BlockStack,
  Button,
  Card,
  IndexTable,
  InlineStack,
  Layout,
  Modal,
  Text,
  useBreakpoints,
} from "@shopify/polaris";
import { useState } from "react";
import { ApiContent } from "~/components/ApiContent";
import { ApiErrorBanner } from "~/components/ApiErrorBanner";
import { EditVariantsModal } from "~/components/EditVariantsModal";
import { EmptyCard } from "~/components/EmptyCard";
import { PageNavigation } from "~/components/PageNavigation";
import { showToast } from "~/components/toast";
import { useAction } from "~/components/use-action";
import { useApi } from "~/components/use-api";
import { AppPage } from "~/components/AppPage";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { apiGet, apiPost } from "~/lib/api-client";
import type { ProductAssociation } from "~/lib/api-types";
import { pageMeta } from "~/lib/meta";

const PAGE_SIZE = 25;

const OPTIONS: [keyof ProductAssociation, MessageKey][] = [
  ["saveSupplierName", "products.option.name"],
  ["saveSupplierDescription", "products.option.description"],
  ["useSuggestedBarcode", "products.option.barcodes"],
  ["saveSupplierImages", "products.option.images"],
];

export const meta = pageMeta("nav.products");

export default function LinkedProducts() {
  const { smDown } = useBreakpoints();
  const { t, tp, dateTime } = useI18n();
  const [page, setPage] = useState(1);
  const list = useApi(
    () =>
      apiGet<{ associations: ProductAssociation[]; total: number }>("/api/products/associations", {
        page,
        pageSize: PAGE_SIZE,
      }),
    `associations:${page}`,
  );
  const [deleting, setDeleting] = useState<ProductAssociation>();
  const [mapping, setMapping] = useState<ProductAssociation>();
  const deletion = useAction();

  async function confirmDelete() {
    if (!deleting) return;
    await deletion.run(async () => {
      await apiPost("/api/products/association/delete", { associationId: deleting.id });
      setDeleting(undefined);
      showToast(t("products.deleted"));
      // The last row of a later page: step back so the merchant does not land on an empty page.
      if (list.data?.associations.length === 1 && page > 1) setPage(page - 1);
      else list.reload();
    });
  }

  return (
    <AppPage title={t("nav.products")}>
      <Layout>
        <Layout.Section>
          <ApiContent
            state={list}
            loadingLines={6}
            isEmpty={(data) => data.associations.length === 0}
            empty={
              <EmptyCard heading={t("products.empty")}>
                <Text as="p" tone="subdued">
                  {t("products.emptyHelp")}
                </Text>
                <Button url="/app/catalogue" variant="primary">
                  {t("products.openCatalogue")}
                </Button>
              </EmptyCard>
            }
          >
            {(data) => (
              <BlockStack gap="400">
                <Card padding="0">
                  <IndexTable
                    // At phone widths each row is a stacked item: its actions are reachable without scrolling sideways.
                    condensed={smDown}
                    resourceName={{ singular: t("products.storeProduct"), plural: t("nav.products") }}
                    itemCount={data.associations.length}
                    selectable={false}
                    loading={list.loading}
                    headings={[
                      { title: t("products.supplierProduct") },
                      { title: t("products.storeProduct") },
                      { title: t("products.options") },
                      { title: t("products.variants") },
                      { title: t("products.lastSync") },
                      { title: t("products.actions"), hidden: true },
                    ]}
                  >
                    {data.associations.map((association, index) => {
                      const supplier = (
                        <BlockStack gap="050">
                          <Text as="span" fontWeight="semibold">
                            {association.supplierProductName}
                          </Text>
                          <Text as="span" tone="subdued" variant="bodySm">
                            #{association.supplierProductId}
                          </Text>
                        </BlockStack>
                      );
                      const copied = (
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
                      );
                      const mapped = tp("products.variantsMapped", association.variantAssociations.length);
                      const synced = association.lastSyncedAt ? dateTime(association.lastSyncedAt) : t("common.never");
                      const actions = (
                        <InlineStack gap="300" wrap={false}>
                          <Button
                            variant="plain"
                            onClick={() => setMapping(association)}
                            accessibilityLabel={`${t("products.editVariants")}: ${association.supplierProductName}`}
                          >
                            {t("products.editVariants")}
                          </Button>
                          <Button
                            tone="critical"
                            variant="plain"
                            onClick={() => setDeleting(association)}
                            accessibilityLabel={`${t("products.delete")}: ${association.supplierProductName}`}
                          >
                            {t("products.delete")}
                          </Button>
                        </InlineStack>
                      );
                      return smDown ? (
                        // A phone: one stacked cell per link, its actions on their own line.
                        <IndexTable.Row id={association.id} key={association.id} position={index}>
                          <IndexTable.Cell>
                            <BlockStack gap="150">
                              {supplier}
                              <Text as="span">{association.platformProductTitle}</Text>
                              {copied}
                              <Text as="span" tone="subdued">
                                {mapped} · {synced}
                              </Text>
                              {actions}
                            </BlockStack>
                          </IndexTable.Cell>
                        </IndexTable.Row>
                      ) : (
                        <IndexTable.Row id={association.id} key={association.id} position={index}>
                          <IndexTable.Cell>{supplier}</IndexTable.Cell>
                          <IndexTable.Cell>{association.platformProductTitle}</IndexTable.Cell>
                          <IndexTable.Cell>{copied}</IndexTable.Cell>
                          <IndexTable.Cell>{mapped}</IndexTable.Cell>
                          <IndexTable.Cell>{synced}</IndexTable.Cell>
                          <IndexTable.Cell>{actions}</IndexTable.Cell>
                        </IndexTable.Row>
                      );
                    })}
                  </IndexTable>
                </Card>
                <PageNavigation page={page} total={data.total} pageSize={PAGE_SIZE} onPage={setPage} />
              </BlockStack>
            )}
          </ApiContent>
        </Layout.Section>
      </Layout>
      {mapping && (
        <EditVariantsModal
          association={mapping}
          onClose={() => setMapping(undefined)}
          onSaved={() => {
            setMapping(undefined);
            showToast(t("products.variantsSaved"));
            list.reload();
          }}
        />
      )}
      {deleting && (
        <Modal
          open
          title={t("products.deleteTitle", { name: deleting.supplierProductName })}
          onClose={() => setDeleting(undefined)}
          primaryAction={{
            content: t("products.delete"),
            destructive: true,
            onAction: confirmDelete,
            loading: deletion.pending !== undefined,
          }}
          secondaryActions={[{ content: t("common.cancel"), onAction: () => setDeleting(undefined) }]}
        >
          <Modal.Section>
            <BlockStack gap="200">
              <ApiErrorBanner message={deletion.failure} />
              <Text as="p">{t("products.deleteBody")}</Text>
            </BlockStack>
          </Modal.Section>
        </Modal>
      )}
    </AppPage>
  );
}
