import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { BlockStack, Button, ButtonGroup, InlineStack, Layout, Text } from "@shopify/polaris";
import { useState } from "react";
import { z } from "zod";
import { ApiErrorBanner } from "~/components/ApiErrorBanner";
import { AppPage } from "~/components/AppPage";
import { EmptyCard } from "~/components/EmptyCard";
import { PageNavigation } from "~/components/PageNavigation";
import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { useI18n } from "~/i18n/context";
import type { ProductAssociation } from "~/lib/api-types";
import { apiHandler, ok, unknownIntent } from "~/lib/http.server";
import { jsonField, parseInput, readFields } from "~/lib/input.server";
import { pageMeta } from "~/lib/meta";
import { deleteAssociation } from "~/services/catalogue/associations.server";
import { linkedProductsPage } from "~/services/catalogue/products-page.server";
import { updateVariantMapping, variantAssociationInput } from "~/services/catalogue/variant-links.server";
import { authenticateAdminApi } from "~/services/platform/admin-auth.server";
import { requirePlatformSession } from "~/services/platform/offline-session.server";
import { stockSyncAction } from "~/services/stock/page.server";
import { authenticate } from "~/shopify.server";
import { PriceRuleCard } from "./components/PriceRuleCard";
import { StockSyncCard } from "./components/StockSyncCard";
import { DeleteLinkModal } from "./components/DeleteLinkModal";
import { EditVariantsModal } from "./components/EditVariantsModal";
import { LinkedProductsTable } from "./components/LinkedProductsTable";

// 250 pairs of ids fit in well under 64 KB, URL-encoded (as POST /api/products/association/variants).
const MAX_BODY_BYTES = 64 * 1024;

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return linkedProductsPage(session.shop, new URL(request.url).searchParams);
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
  const { t } = useI18n();
  const data = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const [deleting, setDeleting] = useState<ProductAssociation>();
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
                <LinkedProductsTable
                  associations={data.associations}
                  stock={data.stock}
                  loading={navigation.state === "loading" && navigation.location.pathname === "/app/products"}
                  actions={{
                    canSync: Boolean(data.sync.enabled && data.sync.locationId),
                    syncing: (association) => syncOne.pending("sync", association.id, "associationId"),
                    onSync: (association) => syncOne.submit("sync", { associationId: association.id }),
                    onEditVariants: (association) => navigate({ mapping: association.id }),
                    onDelete: setDeleting,
                  }}
                />
                <PageNavigation
                  page={data.page}
                  total={data.total}
                  pageSize={data.pageSize}
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
      {deleting && <DeleteLinkModal association={deleting} onClose={() => setDeleting(undefined)} />}
    </AppPage>
  );
}
