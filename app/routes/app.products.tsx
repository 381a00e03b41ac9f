import {
  Badge,
  BlockStack,
  Button,
  Card,
  IndexTable,
  InlineStack,
  Layout,
  Modal,
  Page,
  Pagination,
  Text,
} from "@shopify/polaris";
import { useState } from "react";
import { ApiErrorBanner, useErrorMessage } from "~/components/ApiErrorBanner";
import { EmptyCard } from "~/components/EmptyCard";
import { LoadingCard } from "~/components/LoadingCard";
import { showToast } from "~/components/toast";
import { useApi } from "~/components/use-api";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { apiGet, apiPost } from "~/lib/api-client";
import type { ProductAssociation } from "~/lib/api-types";

const PAGE_SIZE = 25;

const OPTIONS: [keyof ProductAssociation, MessageKey][] = [
  ["saveSupplierName", "products.option.name"],
  ["saveSupplierDescription", "products.option.description"],
  ["useSuggestedBarcode", "products.option.barcodes"],
  ["saveSupplierImages", "products.option.images"],
];

export default function LinkedProducts() {
  const { t, dateTime } = useI18n();
  const message = useErrorMessage();
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
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await apiPost("/api/products/association/delete", { associationId: deleting.id });
      setDeleting(undefined);
      showToast(t("products.deleted"));
      // The last row of a later page: step back so the merchant does not land on an empty page.
      if (list.data?.associations.length === 1 && page > 1) setPage(page - 1);
      else list.reload();
    } catch (error) {
      setFailure(message(error));
    } finally {
      setBusy(false);
    }
  }

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Page title={t("nav.products")} backAction={{ content: t("nav.home"), url: "/app" }}>
      <Layout>
        <Layout.Section>
          {list.loading && !list.data ? (
            <LoadingCard lines={6} />
          ) : list.error ? (
            <ApiErrorBanner error={list.error} onRetry={list.reload} />
          ) : list.data && list.data.associations.length === 0 ? (
            <EmptyCard heading={t("products.empty")}>
              <Text as="p" tone="subdued">
                {t("products.emptyHelp")}
              </Text>
              <Button url="/app/catalogue" variant="primary">
                {t("products.openCatalogue")}
              </Button>
            </EmptyCard>
          ) : list.data ? (
            <BlockStack gap="400">
              <Card padding="0">
                <IndexTable
                  resourceName={{ singular: t("products.storeProduct"), plural: t("nav.products") }}
                  itemCount={list.data.associations.length}
                  selectable={false}
                  loading={list.loading}
                  headings={[
                    { title: t("products.supplierProduct") },
                    { title: t("products.storeProduct") },
                    { title: t("products.options") },
                    { title: t("products.lastSync") },
                    { title: t("products.actions"), hidden: true },
                  ]}
                >
                  {list.data.associations.map((association, index) => (
                    <IndexTable.Row id={association.id} key={association.id} position={index}>
                      <IndexTable.Cell>
                        <BlockStack gap="050">
                          <Text as="span" fontWeight="semibold">
                            {association.supplierProductName}
                          </Text>
                          <Text as="span" tone="subdued" variant="bodySm">
                            #{association.supplierProductId}
                          </Text>
                        </BlockStack>
                      </IndexTable.Cell>
                      <IndexTable.Cell>{association.platformProductTitle}</IndexTable.Cell>
                      <IndexTable.Cell>
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
                      </IndexTable.Cell>
                      <IndexTable.Cell>
                        {association.lastSyncedAt ? dateTime(association.lastSyncedAt) : t("common.never")}
                      </IndexTable.Cell>
                      <IndexTable.Cell>
                        <Button
                          tone="critical"
                          variant="plain"
                          onClick={() => setDeleting(association)}
                          accessibilityLabel={`${t("products.delete")}: ${association.supplierProductName}`}
                        >
                          {t("products.delete")}
                        </Button>
                      </IndexTable.Cell>
                    </IndexTable.Row>
                  ))}
                </IndexTable>
              </Card>
              {pages > 1 && (
                <InlineStack align="center">
                  <Pagination
                    hasPrevious={page > 1}
                    onPrevious={() => setPage(page - 1)}
                    hasNext={page < pages}
                    onNext={() => setPage(page + 1)}
                    label={t("common.pageOf", { page, pages })}
                  />
                </InlineStack>
              )}
            </BlockStack>
          ) : null}
        </Layout.Section>
      </Layout>
      {deleting && (
        <Modal
          open
          title={t("products.deleteTitle", { name: deleting.supplierProductName })}
          onClose={() => setDeleting(undefined)}
          primaryAction={{ content: t("products.delete"), destructive: true, onAction: confirmDelete, loading: busy }}
          secondaryActions={[{ content: t("common.cancel"), onAction: () => setDeleting(undefined) }]}
        >
          <Modal.Section>
            <BlockStack gap="200">
              <ApiErrorBanner message={failure} />
              <Text as="p">{t("products.deleteBody")}</Text>
            </BlockStack>
          </Modal.Section>
        </Modal>
      )}
    </Page>
  );
}
