import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  Image,
  InlineGrid,
  InlineStack,
  Layout,
  Pagination,
  Select,
  SkeletonBodyText,
  Text,
  TextField,
} from "@shopify/polaris";
import { useEffect, useState } from "react";
import { ApiErrorBanner } from "~/components/ApiErrorBanner";
import { EmptyCard } from "~/components/EmptyCard";
import { LinkProductModal } from "~/components/LinkProductModal";
import { showToast } from "~/components/toast";
import { useApi } from "~/components/use-api";
import { AppPage } from "~/components/AppPage";
import { useI18n } from "~/i18n/context";
import { apiGet } from "~/lib/api-client";
import type { ProductAssociation, PublicConfiguration, SupplierProduct, UpstreamError } from "~/lib/api-types";
import {
  catalogueQuery,
  displayPrice,
  displayStock,
  galleryUrls,
  PAGE_SIZE,
  SUPPLIER_CURRENCIES,
  type Filter,
} from "~/lib/supplier";
import { pageMeta } from "~/lib/meta";

const SEARCH_DELAY_MS = 350;

interface CataloguePage {
  products: SupplierProduct[];
  total: number;
  upstreamError: UpstreamError | null;
}

// Every linked supplier id, to badge the cards: the associations, a page of 100 at a time.
async function linkedSupplierIds(): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let page = 1; page <= 20; page++) {
    const body = await apiGet<{ associations: ProductAssociation[]; total: number }>("/api/products/associations", {
      page,
      pageSize: 100,
    });
    body.associations.forEach((association) => ids.add(association.supplierProductId));
    if (page * 100 >= body.total) break;
  }
  return ids;
}

export const meta = pageMeta("nav.catalogue");

export default function Catalogue() {
  const { t, tp } = useI18n();
  const [input, setInput] = useState("");
  const [keywords, setKeywords] = useState("");
  const [filter, setFilter] = useState<Filter>("favorites");
  const [page, setPage] = useState(0);
  const [linking, setLinking] = useState<SupplierProduct>();
  const [justLinked, setJustLinked] = useState<string[]>([]);

  useEffect(() => {
    const next = input.trim();
    // Only a changed search starts over at the first page (not the first render, nor trailing spaces).
    if (next === keywords) return;
    const timer = setTimeout(() => {
      setKeywords(next);
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input, keywords]);

  const settings = useApi(
    () => apiGet<{ configuration: PublicConfiguration | null }>("/api/settings").then((body) => body.configuration),
    "settings",
  );
  const configured = Boolean(settings.data?.supplierToken);
  const currency = SUPPLIER_CURRENCIES[settings.data?.supplierCountry ?? ""] ?? null;
  const query = catalogueQuery(keywords, filter, page);
  const catalogue = useApi(() => apiGet<CataloguePage>("/api/supplier/products", query), JSON.stringify(query), {
    enabled: configured,
  });
  const linked = useApi(linkedSupplierIds, "linked", { enabled: configured });
  const isLinked = (id: string) => Boolean(linked.data?.has(id)) || justLinked.includes(id);

  const total = catalogue.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <AppPage title={t("nav.catalogue")}>
      <Layout>
        <Layout.Section>
          {settings.error ? (
            <ApiErrorBanner error={settings.error} onRetry={settings.reload} />
          ) : !settings.loading && !configured ? (
            <Banner tone="info" action={{ content: t("nav.settings"), url: "/app/settings#supplier" }}>
              <p>{t("catalogue.notConfigured")}</p>
            </Banner>
          ) : (
            <BlockStack gap="400">
              <Card>
                <InlineGrid columns={{ xs: 1, md: "2fr 1fr" }} gap="300">
                  <TextField
                    label={t("catalogue.search")}
                    placeholder={t("catalogue.searchPlaceholder")}
                    value={input}
                    onChange={setInput}
                    autoComplete="off"
                    clearButton
                    onClearButtonClick={() => setInput("")}
                  />
                  <Select
                    label={t("catalogue.filter")}
                    options={[
                      { label: t("catalogue.filter.favorites"), value: "favorites" },
                      { label: t("catalogue.filter.private"), value: "private" },
                      { label: t("catalogue.filter.all"), value: "all" },
                    ]}
                    value={filter}
                    onChange={(value) => {
                      setFilter(value as Filter);
                      setPage(0);
                    }}
                    disabled={Boolean(keywords)}
                    helpText={keywords ? t("catalogue.filterIgnoredWhileSearching") : undefined}
                  />
                </InlineGrid>
              </Card>
              <ApiErrorBanner error={catalogue.error} onRetry={catalogue.reload} />
              {catalogue.data?.upstreamError && (
                <Banner
                  tone="warning"
                  action={
                    catalogue.data.upstreamError.code === "rejected"
                      ? { content: t("nav.settings"), url: "/app/settings#supplier" }
                      : undefined
                  }
                >
                  <p>{t(`catalogue.upstream.${catalogue.data.upstreamError.code}`)}</p>
                </Banner>
              )}
              {settings.loading || catalogue.loading ? (
                <Card>
                  <SkeletonBodyText lines={8} />
                </Card>
              ) : catalogue.data && catalogue.data.products.length === 0 && !catalogue.data.upstreamError ? (
                <EmptyCard heading={t("catalogue.empty")}>
                  <Text as="p" tone="subdued">
                    {t("catalogue.emptyHelp")}
                  </Text>
                </EmptyCard>
              ) : catalogue.data && catalogue.data.products.length > 0 ? (
                <BlockStack gap="400">
                  {/* Cards reach the screen's edge on phones; the count line sits outside them, so it is padded. */}
                  <Box paddingInline={{ xs: "400", sm: "0" }}>
                    <Text as="p" tone="subdued">
                      {tp("catalogue.total", total)}
                    </Text>
                  </Box>
                  <InlineGrid columns={{ xs: 1, sm: 2, md: 3, lg: 4 }} gap="400">
                    {catalogue.data.products.map((product) => (
                      <ProductCard
                        key={product.id}
                        product={product}
                        currency={currency}
                        linked={isLinked(product.id)}
                        onLink={() => setLinking(product)}
                      />
                    ))}
                  </InlineGrid>
                  <InlineStack align="center" blockAlign="center" gap="300">
                    <Pagination
                      hasPrevious={page > 0}
                      onPrevious={() => setPage(page - 1)}
                      hasNext={page + 1 < pages}
                      onNext={() => setPage(page + 1)}
                      accessibilityLabels={{ previous: t("common.previous"), next: t("common.next") }}
                      label={t("common.pageOf", { page: page + 1, pages })}
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
          onLinked={(association) => {
            setJustLinked((before) => [...before, association.supplierProductId]);
            setLinking(undefined);
            showToast(t("link.done"));
          }}
        />
      )}
    </AppPage>
  );
}

function ProductCard({
  product,
  currency,
  linked,
  onLink,
}: {
  product: SupplierProduct;
  currency: string | null;
  linked: boolean;
  onLink: () => void;
}) {
  const { t, tp, money, number } = useI18n();
  const image = galleryUrls(product)[0];
  const stock = displayStock(product);
  return (
    <Card padding="0">
      <BlockStack>
        <Box background="bg-surface-secondary" minHeight="180px">
          {image ? (
            <Image source={image} alt={product.name} width="100%" height="180" style={{ objectFit: "cover" }} />
          ) : null}
        </Box>
        <Box padding="300">
          <BlockStack gap="200">
            <InlineStack align="space-between" blockAlign="start" gap="100" wrap={false}>
              <Text as="h2" variant="headingSm" breakWord>
                {product.name}
              </Text>
              {linked && <Badge tone="success">{t("catalogue.linked")}</Badge>}
            </InlineStack>
            <Text as="p" variant="headingMd">
              {money(displayPrice(product), currency)}
            </Text>
            <Text as="p" tone={stock === 0 ? "critical" : "subdued"}>
              {stock === null ? t("catalogue.noStock") : t("catalogue.stock", { count: number(stock) })}
              {product.variations.length > 1 ? ` · ${tp("catalogue.variations", product.variations.length)}` : ""}
            </Text>
            {linked ? (
              // The link is seen, and removed, where linked products are listed.
              <Button url="/app/products" accessibilityLabel={`${t("catalogue.viewLink")}: ${product.name}`}>
                {t("catalogue.viewLink")}
              </Button>
            ) : (
              <Button onClick={onLink} accessibilityLabel={`${t("catalogue.link")}: ${product.name}`}>
                {t("catalogue.link")}
              </Button>
            )}
          </BlockStack>
        </Box>
      </BlockStack>
    </Card>
  );
}
