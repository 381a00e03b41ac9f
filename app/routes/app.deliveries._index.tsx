import { useSearchParams } from "@remix-run/react";
import {
  BlockStack,
  Button,
  Card,
  IndexTable,
  InlineStack,
  Layout,
  Select,
  Text,
  useBreakpoints,
} from "@shopify/polaris";
import { ApiContent } from "~/components/ApiContent";
import { ApiErrorBanner } from "~/components/ApiErrorBanner";
import { DeliveryErrorText } from "~/components/DeliveryErrorText";
import { DeliveryStatusBadge } from "~/components/DeliveryStatusBadge";
import { DeliveryOperations } from "~/components/deliveries/DeliveryOperations";
import { EmptyCard } from "~/components/EmptyCard";
import { OrderName } from "~/components/OrderName";
import { PageNavigation } from "~/components/PageNavigation";
import { showToast } from "~/components/toast";
import { useAction } from "~/components/use-action";
import { useApi } from "~/components/use-api";
import { AppPage } from "~/components/AppPage";
import { useI18n } from "~/i18n/context";
import { apiGet, apiPost } from "~/lib/api-client";
import { DELIVERY_STATUSES, type DeliveryStatus, type DeliverySummary } from "~/lib/api-types";
import { RETRYABLE_STATUSES, retryLabel, topicLabel } from "~/lib/deliveries";
import { pageMeta } from "~/lib/meta";

const PAGE_SIZE = 25;

export const meta = pageMeta("nav.deliveries");

export default function Deliveries() {
  const { smDown } = useBreakpoints();
  const { t, dateTime } = useI18n();
  // The filter lives in the URL so the home page can link straight to the failed ones.
  const [params, setParams] = useSearchParams();
  const status = DELIVERY_STATUSES.find((value) => value === params.get("status"));
  const page = Math.max(1, Number(params.get("page")) || 1);
  const list = useApi(
    () =>
      apiGet<{ deliveries: DeliverySummary[]; total: number }>("/api/deliveries", {
        status,
        page,
        pageSize: PAGE_SIZE,
        q: params.get("q"),
      }),
    `deliveries:${status ?? ""}:${page}:${params.get("q") ?? ""}`,
  );
  const retrying = useAction<string>();

  function show(status: DeliveryStatus | undefined, page: number) {
    const search = new URLSearchParams(params);
    if (status) search.set("status", status);
    else search.delete("status");
    if (page > 1) search.set("page", String(page));
    else search.delete("page");
    setParams(search);
  }

  function retry(delivery: DeliverySummary) {
    return retrying.run(async () => {
      await apiPost(`/api/deliveries/${encodeURIComponent(delivery.id)}/retry`);
      showToast(t("deliveries.retried"));
      list.reload();
    }, delivery.id);
  }

  return (
    <AppPage
      title={t("nav.deliveries")}
      // Deliveries move on their own (worker, callbacks): the merchant can look again without leaving the page.
      secondaryActions={[{ content: t("common.refresh"), onAction: list.reload, loading: list.loading }]}
    >
      <Layout>
        <Layout.Section>
          <DeliveryOperations onChanged={list.reload} />
        </Layout.Section>
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <Select
                label={t("deliveries.filter")}
                options={[
                  { label: t("deliveries.filter.all"), value: "" },
                  ...DELIVERY_STATUSES.map((value) => ({ label: t(`deliveries.status.${value}`), value })),
                ]}
                value={status ?? ""}
                onChange={(value) =>
                  show(
                    DELIVERY_STATUSES.find((known) => known === value),
                    1,
                  )
                }
              />
            </Card>
            <ApiErrorBanner message={retrying.failure} onDismiss={() => retrying.setFailure(undefined)} />
            <ApiContent
              state={list}
              loadingLines={8}
              isEmpty={(data) => data.deliveries.length === 0}
              empty={
                status ? (
                  // An empty filter is not an empty log: say so, and offer the way back to everything.
                  <EmptyCard heading={t("deliveries.emptyFiltered", { status: t(`deliveries.status.${status}`) })}>
                    <InlineStack>
                      <Button onClick={() => show(undefined, 1)}>{t("deliveries.clearFilter")}</Button>
                    </InlineStack>
                  </EmptyCard>
                ) : (
                  <EmptyCard heading={t("deliveries.empty")}>
                    <Text as="p" tone="subdued">
                      {t("deliveries.emptyHelp")}
                    </Text>
                  </EmptyCard>
                )
              }
            >
              {(data) => (
                <>
                  <Card padding="0">
                    <IndexTable
                      // At phone widths each row is a stacked item: its actions are reachable without scrolling sideways.
                      condensed={smDown}
                      resourceName={{ singular: t("deliveries.order"), plural: t("nav.deliveries") }}
                      itemCount={data.deliveries.length}
                      selectable={false}
                      loading={list.loading}
                      headings={[
                        { title: t("deliveries.order") },
                        { title: t("deliveries.topic") },
                        { title: t("deliveries.status") },
                        { title: t("deliveries.attempts"), alignment: "end" },
                        { title: t("deliveries.created") },
                        { title: t("deliveries.lastError") },
                        { title: t("products.actions"), hidden: true },
                      ]}
                    >
                      {data.deliveries.map((delivery, index) => {
                        const actions = (
                          <InlineStack gap="200" wrap={false}>
                            <Button
                              variant="plain"
                              url={`/app/deliveries/${encodeURIComponent(delivery.id)}`}
                              accessibilityLabel={`${t("deliveries.view")}: ${delivery.orderName ?? delivery.id}`}
                            >
                              {t("deliveries.view")}
                            </Button>
                            {RETRYABLE_STATUSES.includes(delivery.status) && (
                              <Button
                                size="slim"
                                loading={retrying.pending === delivery.id}
                                onClick={() => retry(delivery)}
                                accessibilityLabel={`${t(retryLabel(delivery.status))}: ${delivery.orderName ?? delivery.id}`}
                              >
                                {t(retryLabel(delivery.status))}
                              </Button>
                            )}
                            {delivery.status === "skipped" && (
                              <Button
                                size="slim"
                                url="/app/settings"
                                accessibilityLabel={`${t("deliveries.reviewSettings")}: ${delivery.orderName ?? delivery.id}`}
                              >
                                {t("deliveries.reviewSettings")}
                              </Button>
                            )}
                          </InlineStack>
                        );
                        return smDown ? (
                          // A phone: one stacked cell per order, its actions on their own line.
                          <IndexTable.Row id={delivery.id} key={delivery.id} position={index}>
                            <IndexTable.Cell>
                              <BlockStack gap="100">
                                <InlineStack align="space-between" blockAlign="center" gap="200">
                                  <OrderName delivery={delivery} />
                                  <DeliveryStatusBadge status={delivery.status} />
                                </InlineStack>
                                <Text as="span" tone="subdued">
                                  {topicLabel(t, delivery.topic)} · {dateTime(delivery.createdAt)}
                                </Text>
                                {actions}
                              </BlockStack>
                            </IndexTable.Cell>
                          </IndexTable.Row>
                        ) : (
                          <IndexTable.Row id={delivery.id} key={delivery.id} position={index}>
                            <IndexTable.Cell>
                              <OrderName delivery={delivery} />
                            </IndexTable.Cell>
                            <IndexTable.Cell>{topicLabel(t, delivery.topic)}</IndexTable.Cell>
                            <IndexTable.Cell>
                              <DeliveryStatusBadge status={delivery.status} />
                            </IndexTable.Cell>
                            <IndexTable.Cell>
                              <Text as="span" alignment="end" numeric>
                                {delivery.attempts}
                              </Text>
                            </IndexTable.Cell>
                            <IndexTable.Cell>{dateTime(delivery.createdAt)}</IndexTable.Cell>
                            <IndexTable.Cell>
                              <Text as="span" tone="subdued" truncate>
                                <DeliveryErrorText
                                  code={delivery.lastErrorCode}
                                  params={delivery.lastErrorParams}
                                  text={delivery.lastError}
                                />
                              </Text>
                            </IndexTable.Cell>
                            <IndexTable.Cell>{actions}</IndexTable.Cell>
                          </IndexTable.Row>
                        );
                      })}
                    </IndexTable>
                  </Card>
                  <PageNavigation
                    page={page}
                    total={data.total}
                    pageSize={PAGE_SIZE}
                    onPage={(next) => show(status, next)}
                  />
                </>
              )}
            </ApiContent>
          </BlockStack>
        </Layout.Section>
      </Layout>
    </AppPage>
  );
}
