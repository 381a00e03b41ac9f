import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Banner, BlockStack, Box, InlineGrid, InlineStack, Layout, Pagination, Spinner, Text } from "@shopify/polaris";
import { useState } from "react";
import { EmptyCard } from "~/components/EmptyCard";

import { showToast } from "~/components/toast";
import { AppPage } from "~/components/AppPage";
import { useI18n } from "~/i18n/context";
import type { SupplierProduct } from "~/lib/api-types";
import { catalogueQuery, catalogueSearch, PAGE_SIZE, SUPPLIER_CURRENCIES, type Filter } from "~/lib/supplier";
import { pageMeta } from "~/lib/meta";
import { BODY_LIMITS, apiHandler, ok, unknownIntent } from "~/lib/http.server";
import { readFields } from "~/lib/input.server";
import { linksBySupplierProduct } from "~/services/catalogue/associations.server";
import { importSupplierProduct } from "~/services/catalogue/import.server";
import { parseImportRequest } from "~/services/catalogue/import-input.server";
import { authenticateAdminApi } from "~/services/platform/admin-auth.server";
import { requirePlatformSession } from "~/services/platform/offline-session.server";
import { getShopSettings } from "~/services/shops/configuration.server";
import { listSupplierProducts } from "~/services/supplier/products.server";
import { authenticate } from "~/shopify.server";
import { CatalogueSearch } from "./components/CatalogueSearch";
import { LinkProductModal } from "./components/LinkProductModal";
import { ProductCard } from "./components/ProductCard";

/**
 * One page of the supplier's catalogue as the URL asks for it (`q`, `filter`, `page`), with which of its products
 * the shop has linked (and the link, for "View link"). No supplier token: nothing to list, the page says where to
 * save one.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const search = catalogueSearch(new URL(request.url).searchParams);
  const settings = await getShopSettings(session.shop);
  if (!settings?.supplierToken) return { configured: false as const, search };
  const query = catalogueQuery(search.q, search.filter, search.page - 1);
  const page = await listSupplierProducts(settings.supplierToken, {
    pageSize: query.pageSize,
    startData: query.startData,
    keywords: query.keywords,
    privatedProduct: query.privated_product,
    favorite: query.favorite,
  });
  return {
    configured: true as const,
    search,
    currency: SUPPLIER_CURRENCIES[settings.supplierCountry ?? ""] ?? null,
    catalogue: page,
    links: await linksBySupplierProduct(
      session.shop,
      page.products.map((product) => product.id),
    ),
  };
};

/** Links a supplier product to a store product; Remix then reloads the page, which badges the card. */
export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const fields = await readFields(request);
    if (fields.intent !== "link") throw unknownIntent();
    const result = await importSupplierProduct(shop, await requirePlatformSession(shop), parseImportRequest(fields));
    return ok(result);
  },
  { maxBodyBytes: BODY_LIMITS.productImport },
);

export const meta = pageMeta("nav.catalogue");

export default function Catalogue() {
  const { t, tp } = useI18n();
  const data = useLoaderData<typeof loader>();
  const { search } = data;
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const [linking, setLinking] = useState<SupplierProduct>();

  // The URL is the search: a typed one is sent once typing pauses, and a changed search starts at page 1.
  function show(next: { q?: string; filter?: Filter; page?: number }) {
    const merged = new URLSearchParams(params);
    const q = next.q ?? search.q;
    const filter = next.filter ?? search.filter;
    const page = next.page ?? 1;
    for (const [name, value] of [
      ["q", q],
      ["filter", filter === "favorites" ? "" : filter],
      ["page", page > 1 ? String(page) : ""],
    ] as const) {
      if (value) merged.set(name, value);
      else merged.delete(name);
    }
    setParams(merged, { replace: Boolean(next.q !== undefined), preventScrollReset: true });
  }

  const loading = navigation.state === "loading" && navigation.location.pathname === "/app/catalogue";
  const catalogue = data.configured ? data.catalogue : null;
  const total = catalogue?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <AppPage title={t("nav.catalogue")}>
      <Layout>
        <Layout.Section>
          {!data.configured ? (
            <Banner tone="info" action={{ content: t("nav.settings"), url: "/app/settings#supplier" }}>
              <p>{t("catalogue.notConfigured")}</p>
            </Banner>
          ) : (
            <BlockStack gap="400">
              <CatalogueSearch search={search} onSearch={show} />
              {catalogue?.upstreamError && (
                <Banner
                  tone="warning"
                  action={
                    catalogue.upstreamError.code === "rejected"
                      ? { content: t("nav.settings"), url: "/app/settings#supplier" }
                      : undefined
                  }
                >
                  <p>{t(`catalogue.upstream.${catalogue.upstreamError.code}`)}</p>
                </Banner>
              )}
              {catalogue && catalogue.products.length === 0 && !catalogue.upstreamError ? (
                <EmptyCard heading={t("catalogue.empty")}>
                  <Text as="p" tone="subdued">
                    {t("catalogue.emptyHelp")}
                  </Text>
                </EmptyCard>
              ) : catalogue && catalogue.products.length > 0 ? (
                <BlockStack gap="400">
                  {/* Cards reach the screen's edge on phones; the count line sits outside them, so it is padded. */}
                  <Box paddingInline={{ xs: "400", sm: "0" }}>
                    <InlineStack gap="200" blockAlign="center">
                      <Text as="p" tone="subdued">
                        {tp("catalogue.total", total)}
                      </Text>
                      {loading && <Spinner size="small" accessibilityLabel={t("catalogue.searching")} />}
                    </InlineStack>
                  </Box>
                  <InlineGrid columns={{ xs: 1, sm: 2, md: 3, lg: 4 }} gap="400">
                    {catalogue.products.map((product) => (
                      <ProductCard
                        key={product.id}
                        product={product}
                        currency={data.currency}
                        linkId={data.links[product.id]}
                        onLink={() => setLinking(product)}
                      />
                    ))}
                  </InlineGrid>
                  <InlineStack align="center" blockAlign="center" gap="300">
                    <Pagination
                      hasPrevious={search.page > 1}
                      onPrevious={() => show({ page: search.page - 1 })}
                      hasNext={search.page < pages}
                      onNext={() => show({ page: search.page + 1 })}
                      accessibilityLabels={{ previous: t("common.previous"), next: t("common.next") }}
                      label={t("common.pageOf", { page: search.page, pages })}
                    />
                  </InlineStack>
                </BlockStack>
              ) : null}
            </BlockStack>
          )}
        </Layout.Section>
      </Layout>
      {linking && (
        <LinkProductModal
          product={linking}
          onClose={() => setLinking(undefined)}
          onLinked={() => {
            setLinking(undefined);
            showToast(t("link.done"));
          }}
        />
      )}
    </AppPage>
  );
}
