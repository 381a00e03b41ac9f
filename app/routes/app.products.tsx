import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import {
  Badge,
  BlockStack,
  Button,
  ButtonGroup,
  Card,
  IndexTable,
  InlineStack,
  Layout,
  Modal,
  Text,
  type IndexTableProps,
} from "@shopify/polaris";
import { useState } from "react";
import { z } from "zod";
import { ApiErrorBanner } from "~/components/ApiErrorBanner";
import { EditVariantsModal } from "~/components/EditVariantsModal";
import { EmptyCard } from "~/components/EmptyCard";
import { PageNavigation } from "~/components/PageNavigation";
import { ProductSyncStatus } from "~/components/stock/ProductSyncStatus";
import { PriceRuleCard } from "~/components/stock/PriceRuleCard";
import { StockSyncCard } from "~/components/stock/StockSyncCard";
import { StackedBelow, StackedCell, stackedRowId } from "~/components/StackedBelow";
import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { AppPage } from "~/components/AppPage";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import type { ProductAssociation } from "~/lib/api-types";
import { apiHandler, failureData, ok, unknownIntent } from "~/lib/http.server";
import { jsonField, parseInput, readFields } from "~/lib/input.server";
import { pageMeta } from "~/lib/meta";
import {
  associationRecord,
  deleteAssociation,
  getAssociation,
  listAssociations,
} from "~/services/catalogue/associations.server";
import { updateVariantMapping, variantAssociationInput } from "~/services/catalogue/variant-links.server";
import { authenticateAdminApi } from "~/services/platform/admin-auth.server";
import { stockSyncAction, stockSyncCardData } from "~/services/stock/page.server";
import { listOutOfStockAssociations, productSyncStatuses } from "~/services/stock/status.server";
import { getProductVariants } from "~/services/platform/catalogue.server";
import { requirePlatformSession } from "~/services/platform/offline-session.server";
import { authenticate } from "~/shopify.server";

const PAGE_SIZE = 25;
// 250 pairs of ids fit in well under 64 KB, URL-encoded (as POST /api/products/association/variants).
const MAX_BODY_BYTES = 64 * 1024;

const OPTIONS: [keyof ProductAssociation, MessageKey][] = [
  ["saveSupplierName", "products.option.name"],
  ["saveSupplierDescription", "products.option.description"],
  ["useSuggestedBarcode", "products.option.barcodes"],
  ["saveSupplierImages", "products.option.images"],
];

/**
 * The link whose mapping is open (`?mapping=<id>`, the catalogue's "View link" comes this way) with its store
 * product's variants as they are now, so the dialog opens with its rows.
 */
async function openMapping(shop: string, id: string) {
  let association;
  try {
    association = associationRecord(await getAssociation(shop, id));
  } catch (error) {
    return { association: null, variants: null, failure: failureData(error) };
  }
  try {
    const { variants } = await getProductVariants(await requirePlatformSession(shop), association.platformProductId);
    return { association, variants, failure: null };
  } catch (error) {
    return { association, variants: null, failure: failureData(error) };
  }
}

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const params = new URL(request.url).searchParams;
  const asked = Number(params.get("page"));
  let page = Number.isInteger(asked) && asked >= 1 && asked <= 1_000_000 ? asked : 1;
  const outOfStock = params.get("stock") === "out";
  const list$ = (n: number) => (outOfStock ? listOutOfStockAssociations : listAssociations)(session.shop, n, PAGE_SIZE);
  let list = await list$(page);
  // Past the last page (its last link was just removed): the last page there is.
  if (list.associations.length === 0 && list.total > 0 && page > 1) {
    page = Math.ceil(list.total / PAGE_SIZE);
    list = await list$(page);
  }
  const mappingId = params.get("mapping")?.trim().slice(0, 100);
  const [stock, sync] = await Promise.all([
    productSyncStatuses(
      session.shop,
      list.associations.map((association) => association.id),
    ),
    stockSyncCardData(session.shop),
  ]);
  return {
    ...list,
    page,
    outOfStock,
    stock,
    sync,
    mapping: mappingId ? await openMapping(session.shop, mappingId) : null,
  };
};

const deleteInput = z.object({
  associationId: z.string({ required_error: "is required" }).trim().min(1, "is required").max(100, "is too long"),
});
const variantsInput = deleteInput.extend({
  variantAssociations: jsonField(
    z.array(variantAssociationInput).max(250, "has more pairs than a product has variants"),
  ),
});

/** Removes a link, or replaces its variant mapping (docs/decisions/140); Remix then reloads the list. */
export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const fields = await readFields(request);
    if (fields.intent === "delete") {
      const { associationId } = parseInput(deleteInput, fields);
      await deleteAssociation(shop, associationId);
      return ok({ associationId });
    }
    if (fields.intent === "variants") {
      const parsed = parseInput(variantsInput, fields);
      const association = await updateVariantMapping(
        shop,
        await requirePlatformSession(shop),
        parsed.associationId,
        parsed.variantAssociations,
      );
      return ok({ association });
    }
    if (["sync", "stock-settings", "price-rule", "price-confirm"].includes(fields.intent)) {
      return ok(await stockSyncAction(shop, fields.intent, fields));
    }
    throw unknownIntent();
  },
  { maxBodyBytes: MAX_BODY_BYTES },
);

export const meta = pageMeta("nav.products");

export default function LinkedProducts() {
  const { t, tp } = useI18n();
  const data = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const [deleting, setDeleting] = useState<ProductAssociation>();
  const deletion = useWrite<{ success: true }>("/app/products", () => {
    setDeleting(undefined);
    showToast(t("products.deleted"));
  });
  const syncOne = useWrite<{ success: true }>("/app/products", () => showToast(t("stock.synced")));

  // The open mapping and the page are in the URL: a link can open one, and the back button closes it.
  function navigate(change: { page?: number; mapping?: string | null; outOfStock?: boolean }, replace = false) {
    const next = new URLSearchParams(params);
    if (change.outOfStock !== undefined) {
      if (change.outOfStock) next.set("stock", "out");
      else next.delete("stock");
      next.delete("page");
    }
    if (change.page !== undefined) {
      if (change.page > 1) next.set("page", String(change.page));
      else next.delete("page");
    }
    if (change.mapping !== undefined) {
      if (change.mapping) next.set("mapping", change.mapping);
      else next.delete("mapping");
    }
    setParams(next, { replace, preventScrollReset: true });
  }

  const table = {
    resourceName: { singular: t("products.storeProduct"), plural: t("nav.products") },
    itemCount: data.associations.length,
    selectable: false,
    loading: navigation.state === "loading" && navigation.location.pathname === "/app/products",
    headings: [
      { title: t("products.supplierProduct") },
      { title: t("products.storeProduct") },
      { title: t("products.options") },
      { title: t("products.variants") },
      { title: t("products.lastSync") },
      { title: t("products.actions"), hidden: true },
    ] as IndexTableProps["headings"],
  };
  const rows = data.associations.map((association) => ({
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
    synced: <ProductSyncStatus status={data.stock[association.id]} />,
    actions: (
      <InlineStack gap="300" wrap={false}>
        {data.sync.enabled && data.sync.locationId && (
          <Button
            variant="plain"
            onClick={() => syncOne.submit("sync", { associationId: association.id })}
            loading={syncOne.busy && syncOne.pending("sync")}
            accessibilityLabel={`${t("stock.syncOne")}: ${association.supplierProductName}`}
          >
            {t("stock.syncOne")}
          </Button>
        )}
        <Button
          variant="plain"
          onClick={() => navigate({ mapping: association.id })}
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
    ),
  }));

  return (
    <AppPage title={t("nav.products")}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <StockSyncCard sync={data.sync} />
            <PriceRuleCard rule={data.sync.priceRule} />
            <ApiErrorBanner message={syncOne.message} />
            <InlineStack>
              <ButtonGroup variant="segmented">
                <Button pressed={!data.outOfStock} onClick={() => navigate({ outOfStock: false })}>
                  {t("stock.filter.all")}
                </Button>
                <Button pressed={data.outOfStock} onClick={() => navigate({ outOfStock: true })}>
                  {t("stock.filter.outOfStock")}
                </Button>
              </ButtonGroup>
            </InlineStack>
            {data.associations.length === 0 && data.outOfStock ? (
              <EmptyCard heading={t("stock.filter.emptyOut")} />
            ) : data.associations.length === 0 ? (
              <EmptyCard heading={t("products.empty")}>
                <Text as="p" tone="subdued">
                  {t("products.emptyHelp")}
                </Text>
                <Button url="/app/catalogue" variant="primary">
                  {t("products.openCatalogue")}
                </Button>
              </EmptyCard>
            ) : (
              <BlockStack gap="400">
                <Card padding="0">
                  {/* At phone widths each row is a stacked item: its actions are reachable without scrolling sideways. */}
                  <StackedBelow
                    breakpoint="sm"
                    wide={
                      <IndexTable {...table} condensed={false}>
                        {rows.map(({ association, supplier, copied, mapped, synced, actions }, index) => (
                          <IndexTable.Row id={association.id} key={association.id} position={index}>
                            <IndexTable.Cell>{supplier}</IndexTable.Cell>
                            <IndexTable.Cell>{association.platformProductTitle}</IndexTable.Cell>
                            <IndexTable.Cell>{copied}</IndexTable.Cell>
                            <IndexTable.Cell>{mapped}</IndexTable.Cell>
                            <IndexTable.Cell>{synced}</IndexTable.Cell>
                            <IndexTable.Cell>{actions}</IndexTable.Cell>
                          </IndexTable.Row>
                        ))}
                      </IndexTable>
                    }
                    stacked={
                      <IndexTable {...table} condensed>
                        {rows.map(({ association, supplier, copied, mapped, synced, actions }, index) => (
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
                                {actions}
                              </BlockStack>
                            </StackedCell>
                          </IndexTable.Row>
                        ))}
                      </IndexTable>
                    }
                  />
                </Card>
                <PageNavigation
                  page={data.page}
                  total={data.total}
                  pageSize={PAGE_SIZE}
                  onPage={(page) => navigate({ page })}
                />
              </BlockStack>
            )}
          </BlockStack>
        </Layout.Section>
      </Layout>
      {data.mapping && (
        <EditVariantsModal
          // Another link, or its variants arriving after a retry, starts again from what is stored.
          key={`${data.mapping.association?.id ?? "missing"}:${data.mapping.variants ? "ready" : "waiting"}`}
          mapping={data.mapping}
          onClose={() => navigate({ mapping: null })}
          onSaved={() => {
            navigate({ mapping: null }, true);
            showToast(t("products.variantsSaved"));
          }}
        />
      )}
      {deleting && (
        <Modal
          open
          title={t("products.deleteTitle", { name: deleting.supplierProductName })}
          onClose={() => {
            setDeleting(undefined);
            deletion.clear();
          }}
          primaryAction={{
            content: t("products.delete"),
            destructive: true,
            onAction: () => deletion.submit("delete", { associationId: deleting.id }),
            loading: deletion.busy,
          }}
          secondaryActions={[{ content: t("common.cancel"), onAction: () => setDeleting(undefined) }]}
        >
          <Modal.Section>
            <BlockStack gap="200">
              <ApiErrorBanner message={deletion.message} />
              <Text as="p">{t("products.deleteBody")}</Text>
            </BlockStack>
          </Modal.Section>
        </Modal>
      )}
    </AppPage>
  );
}
