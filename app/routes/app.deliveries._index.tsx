import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useNavigation, useRevalidator, useSearchParams } from "@remix-run/react";
import {
  BlockStack,
  Button,
  Card,
  IndexTable,
  type IndexTableProps,
  InlineStack,
  Layout,
  Select,
  Text,
} from "@shopify/polaris";
import { ApiErrorBanner, useErrorMessage } from "~/components/ApiErrorBanner";
import { DeliveryErrorText } from "~/components/DeliveryErrorText";
import { DeliveryStatusBadge } from "~/components/DeliveryStatusBadge";
import { BuyerCell } from "~/components/deliveries/Buyer";
import { DeliveryOperations } from "~/components/deliveries/DeliveryOperations";
import { useSweepNow } from "~/components/deliveries/use-sweep-now";
import { EmptyCard } from "~/components/EmptyCard";
import { OrderName } from "~/components/OrderName";
import { PageNavigation } from "~/components/PageNavigation";
import { StackedBelow, StackedCell, stackedRowId } from "~/components/StackedBelow";
import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { AppPage } from "~/components/AppPage";
import { useRepeatFlowConfirm } from "~/components/deliveries/RepeatFlowConfirm";
import { useI18n } from "~/i18n/context";
import { pluralKey } from "~/i18n/plural";
import { DELIVERY_STATUSES, type DeliveryStatus, type DeliverySummary } from "~/lib/api-types";
import { isWaitingCart, RETRYABLE_STATUSES, retryLabel, skipKind, topicLabel } from "~/lib/deliveries";
import { pageMeta } from "~/lib/meta";
import { AppError, apiHandler, BODY_LIMITS, ok } from "~/lib/http.server";
import { readFields } from "~/lib/input.server";
import {
  automationState,
  countRetryableFailed,
  pauseAutomation,
  resumeAutomation,
  retryAllFailed,
  retryNow,
  searchDeliveries,
} from "~/services/deliveries/operations.server";
import { listDeliveries } from "~/services/deliveries/queries.server";
import { authenticateAdminApi } from "~/services/platform/admin-auth.server";
import { authenticate } from "~/shopify.server";

const PAGE_SIZE = 25;

export const meta = pageMeta("nav.deliveries");

/**
 * The log as the URL asks for it (status filter, search, page) and the operations' state, from the services the
 * JSON routes call (`/api/deliveries`, `/api/deliveries/retry-failed`, `/api/automation/pause`). An unknown
 * status or page is read as none, as the list's links never make one.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  const params = new URL(request.url).searchParams;
  const status = DELIVERY_STATUSES.find((value) => value === params.get("status"));
  const page = Math.min(1_000_000, Math.max(1, Math.floor(Number(params.get("page"))) || 1));
  const q = params.get("q")?.trim().slice(0, 100) || undefined;
  const [list, failed, pause] = await Promise.all([
    q
      ? searchDeliveries(shop, { q, status, page, pageSize: PAGE_SIZE })
      : listDeliveries(shop, { status, page, pageSize: PAGE_SIZE }),
    countRetryableFailed(shop),
    automationState(shop),
  ]);
  return { deliveries: list.deliveries as DeliverySummary[], total: list.total, status, q, page, failed, pause };
};

/**
 * Retry one, retry all failed, pause or resume: the JSON routes' services, failures and bodies (docs/decisions/135,
 * 137).
 */
export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const fields = await readFields(request);
    if (fields.intent === "retry") {
      return ok({ delivery: await retryNow(shop, fields.id ?? "", { confirmRepeat: fields.confirmRepeat === "true" }) });
    }
    if (fields.intent === "retry-failed") {
      const result = await retryAllFailed(shop);
      return ok({ queued: result.queued, remaining: result.remaining });
    }
    if (fields.intent === "pause") {
      return ok({ pause: fields.paused === "true" ? await pauseAutomation(shop) : await resumeAutomation(shop) });
    }
    throw new AppError(400, "intent: is not an action of this page", "invalid_input");
  },
  { maxBodyBytes: BODY_LIMITS.form },
);

export default function Deliveries() {
  const { t, locale, number, dateTime, money } = useI18n();
  const data = useLoaderData<typeof loader>();
  const { status, page } = data;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const sweep = useSweepNow();
  const loading = navigation.state === "loading" || revalidator.state === "loading";
  // The filter lives in the URL so the home page can link straight to the failed ones.
  const [params, setParams] = useSearchParams();
  const message = useErrorMessage();
  const operation = useWrite<{ success: true; queued?: number; pause?: { paused: boolean } }>(undefined, (result) => {
    if (result.intent === "retry") showToast(t("deliveries.retried"));
    if (result.intent === "pause" && result.pause) {
      showToast(t(result.pause.paused ? "operations.pausedToast" : "operations.resumedToast"));
    }
    if (result.intent === "retry-failed") {
      const queued = result.queued ?? 0;
      showToast(t(pluralKey(locale, "operations.retryQueued", queued), { count: number(queued) }));
    }
  });

  function show(status: DeliveryStatus | undefined, page: number) {
    const search = new URLSearchParams(params);
    if (status) search.set("status", status);
    else search.delete("status");
    if (page > 1) search.set("page", String(page));
    else search.delete("page");
    setParams(search);
  }

  const repeat = useRepeatFlowConfirm((id, confirmRepeat) =>
    operation.submit("retry", { id, ...(confirmRepeat ? { confirmRepeat } : {}) }),
  );

  function clearSearch() {
    const search = new URLSearchParams(params);
    search.delete("q");
    search.delete("page");
    setParams(search);
  }

  function retry(delivery: DeliverySummary) {
    repeat.request(delivery);
  }

  const table = {
    resourceName: { singular: t("deliveries.order"), plural: t("nav.deliveries") },
    itemCount: data.deliveries.length,
    selectable: false,
    loading,
    headings: [
      { title: t("deliveries.order") },
      { title: t("deliveries.buyer") },
      { title: t("deliveries.total"), alignment: "end" },
      { title: t("deliveries.status") },
      { title: t("deliveries.attempts"), alignment: "end" },
      { title: t("deliveries.lastError") },
      { title: t("products.actions"), hidden: true },
    ] as IndexTableProps["headings"],
  };
  const rows = data.deliveries.map((delivery) => ({
    delivery,
    why: isWaitingCart(delivery) ? (
      t("deliveries.cartWaiting", { time: dateTime(delivery.nextAttemptAt) })
    ) : delivery.lastErrorCode || delivery.lastError ? (
      <DeliveryErrorText code={delivery.lastErrorCode} params={delivery.lastErrorParams} text={delivery.lastError} />
    ) : delivery.status === "flow_failed" ? (
      t("delivery.flowReportedFailure")
    ) : null,
    total: delivery.buyer?.total ? money(delivery.buyer.total, delivery.buyer.currency) : "—",
    actions: (
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
            loading={operation.pending("retry", delivery.id)}
            disabled={operation.busy}
            onClick={() => retry(delivery)}
            accessibilityLabel={`${t(retryLabel(delivery.status))}: ${delivery.orderName ?? delivery.id}`}
          >
            {t(retryLabel(delivery.status))}
          </Button>
        )}
        {delivery.status === "skipped" && skipKind(delivery.lastErrorCode) === "settings" && (
          <Button
            size="slim"
            url="/app/settings"
            accessibilityLabel={`${t("deliveries.reviewSettings")}: ${delivery.orderName ?? delivery.id}`}
          >
            {t("deliveries.reviewSettings")}
          </Button>
        )}
      </InlineStack>
    ),
  }));

  return (
    <AppPage
      title={t("nav.deliveries")}
      // Deliveries move on their own (worker, callbacks): the merchant can look again without leaving the page.
      secondaryActions={[{ content: t("common.refresh"), onAction: revalidator.revalidate, loading }, sweep.action]}
    >
      <Layout>
        {sweep.message && (
          <Layout.Section>
            <ApiErrorBanner message={sweep.message} onDismiss={sweep.clear} />
          </Layout.Section>
        )}
        <Layout.Section>
          <DeliveryOperations failed={data.failed} pause={data.pause} operation={operation} />
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
            {operation.failure && operation.intent === "retry" && (
              <ApiErrorBanner message={message(operation.failure)} />
            )}
            {data.deliveries.length === 0 ? (
              data.q ? (
                // A search that finds nothing says so: the log itself is not empty.
                <EmptyCard heading={t("deliveries.searchEmpty", { q: data.q })}>
                  <BlockStack gap="200">
                    <Text as="p" tone="subdued">
                      {t("deliveries.searchEmptyHelp")}
                    </Text>
                    <InlineStack>
                      <Button onClick={clearSearch}>{t("deliveries.clearSearch")}</Button>
                    </InlineStack>
                  </BlockStack>
                </EmptyCard>
              ) : status ? (
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
            ) : (
              <>
                <Card padding="0">
                  {/* Below the large breakpoint (1040 px) seven columns and the row's actions do not fit the page
                      (Spanish labels were cut short at 1024 px): each row is then one stacked item, its actions on
                      their own line. CSS chooses, so the first paint is right (docs/decisions/147). */}
                  <StackedBelow
                    breakpoint="lg"
                    wide={
                      <IndexTable {...table} condensed={false}>
                        {rows.map(({ delivery, why, total, actions }, index) => (
                          <IndexTable.Row id={delivery.id} key={delivery.id} position={index}>
                            <IndexTable.Cell>
                              <BlockStack gap="025">
                                <OrderName delivery={delivery} />
                                <Text as="span" tone="subdued">
                                  {topicLabel(t, delivery.topic)}
                                </Text>
                                <Text as="span" tone="subdued">
                                  {dateTime(delivery.createdAt)}
                                </Text>
                              </BlockStack>
                            </IndexTable.Cell>
                            <IndexTable.Cell>
                              <BuyerCell buyer={delivery.buyer} />
                            </IndexTable.Cell>
                            <IndexTable.Cell>
                              <Text as="span" alignment="end" numeric>
                                {total}
                              </Text>
                            </IndexTable.Cell>
                            <IndexTable.Cell>
                              <DeliveryStatusBadge status={delivery.status} />
                            </IndexTable.Cell>
                            <IndexTable.Cell>
                              <Text as="span" alignment="end" numeric>
                                {delivery.attempts}
                              </Text>
                            </IndexTable.Cell>
                            <IndexTable.Cell>
                              {/* The error wraps within the room the other columns leave, so the actions keep theirs. */}
                              <div style={{ whiteSpace: "normal", minWidth: "10rem", maxWidth: "24rem" }}>
                                <Text as="span" tone="subdued">
                                  {why}
                                </Text>
                              </div>
                            </IndexTable.Cell>
                            <IndexTable.Cell>{actions}</IndexTable.Cell>
                          </IndexTable.Row>
                        ))}
                      </IndexTable>
                    }
                    stacked={
                      <IndexTable {...table} condensed>
                        {rows.map(({ delivery, why, total, actions }, index) => (
                          // A phone or a tablet: one stacked item per order, its actions on their own line.
                          <IndexTable.Row id={stackedRowId(delivery.id)} key={delivery.id} position={index}>
                            <StackedCell>
                              <BlockStack gap="100">
                                <InlineStack align="space-between" blockAlign="center" gap="200">
                                  <OrderName delivery={delivery} />
                                  <DeliveryStatusBadge status={delivery.status} />
                                </InlineStack>
                                <Text as="span" tone="subdued">
                                  {topicLabel(t, delivery.topic)} · {dateTime(delivery.createdAt)}
                                </Text>
                                {delivery.buyer && (
                                  <InlineStack gap="200" align="space-between" blockAlign="start" wrap={false}>
                                    <BuyerCell buyer={delivery.buyer} />
                                    <Text as="span" numeric>
                                      {total}
                                    </Text>
                                  </InlineStack>
                                )}
                                {why && (
                                  // The reason wraps within the row's width, whatever the list around it says.
                                  <div style={{ whiteSpace: "normal" }}>
                                    <Text as="span" tone="subdued" breakWord>
                                      {why}
                                    </Text>
                                  </div>
                                )}
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
                  page={page}
                  total={data.total}
                  pageSize={PAGE_SIZE}
                  onPage={(next) => show(status, next)}
                />
              </>
            )}
          </BlockStack>
        </Layout.Section>
      </Layout>
      {repeat.modal}
    </AppPage>
  );
}
