import { useParams } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Card,
  DataTable,
  InlineStack,
  Layout,
  Text,
  useBreakpoints,
} from "@shopify/polaris";
import type { ReactNode } from "react";
import { ApiContent } from "~/components/ApiContent";
import { ApiErrorBanner } from "~/components/ApiErrorBanner";
import { DeliveryErrorText } from "~/components/DeliveryErrorText";
import { DeliveryStatusBadge } from "~/components/DeliveryStatusBadge";
import { OrderName } from "~/components/OrderName";
import { TableCard } from "~/components/TableCard";
import { showToast } from "~/components/toast";
import { useAction } from "~/components/use-action";
import { useApi } from "~/components/use-api";
import { AppPage } from "~/components/AppPage";
import { useI18n } from "~/i18n/context";
import { apiGet, apiPost } from "~/lib/api-client";
import type { AutomationFlow, DeliveryDetail } from "~/lib/api-types";
import { labelled, RETRYABLE_STATUSES, retryLabel, topicLabel } from "~/lib/deliveries";
import { pageMeta } from "~/lib/meta";

export const meta = pageMeta("nav.deliveries");

export default function Delivery() {
  const { t, dateTime, money } = useI18n();
  const { smDown } = useBreakpoints();
  const id = useParams().id ?? "";
  const detail = useApi(
    () => apiGet<{ delivery: DeliveryDetail }>(`/api/deliveries/${encodeURIComponent(id)}`).then((b) => b.delivery),
    `delivery:${id}`,
  );
  // The flow by its name, as the merchant chose it in Settings; its id only when the account no longer has it.
  const flows = useApi(
    () => apiGet<{ flows: AutomationFlow[] }>("/api/automation/flows").then((body) => body.flows),
    "flows",
  );
  const retrying = useAction();
  const delivery = detail.data;
  const flowName = (id: string) => flows.data?.find((flow) => flow.id === id)?.name ?? id;
  // The tags on the order because of this delivery: the callback's and the error tag of a dead delivery.
  const tags = [...new Set([...(delivery?.tagsApplied ?? []), ...(delivery?.callback?.tags ?? [])])];

  function retry() {
    return retrying.run(async () => {
      await apiPost(`/api/deliveries/${encodeURIComponent(id)}/retry`);
      showToast(t("deliveries.retried"));
      detail.reload();
    });
  }

  const rows: [string, ReactNode][] = delivery
    ? [
        [t("deliveries.topic"), topicLabel(t, delivery.topic)],
        [t("deliveries.order"), <OrderName key="order" delivery={delivery} />],
        // Every attempt the log shows, including those before a retry (the retry policy restarts its own count).
        [t("deliveries.attempts"), String(Math.max(delivery.attempts, delivery.attemptLog.length))],
        [t("deliveries.created"), dateTime(delivery.createdAt)],
        [t("delivery.nextAttempt"), delivery.nextAttemptAt ? dateTime(delivery.nextAttemptAt) : "—"],
        [t("delivery.deliveredAt"), delivery.deliveredAt ? dateTime(delivery.deliveredAt) : "—"],
        [t("delivery.flow"), delivery.flowId ? flowName(delivery.flowId) : "—"],
        [t("delivery.event"), delivery.eventId],
        [
          t("deliveries.lastError"),
          <DeliveryErrorText
            key="error"
            code={delivery.lastErrorCode}
            params={delivery.lastErrorParams}
            text={delivery.lastError}
            withDetail
            fallback="—"
          />,
        ],
      ]
    : [];

  return (
    <AppPage
      title={delivery ? t("delivery.title", { name: delivery.orderName ?? delivery.eventId }) : t("nav.deliveries")}
      titleMetadata={delivery ? <DeliveryStatusBadge status={delivery.status} /> : undefined}
      parent={{ content: t("delivery.back"), url: "/app/deliveries" }}
      primaryAction={
        delivery && RETRYABLE_STATUSES.includes(delivery.status)
          ? { content: t(retryLabel(delivery.status)), onAction: retry, loading: retrying.busy }
          : delivery?.status === "skipped"
            ? { content: t("deliveries.reviewSettings"), url: "/app/settings" }
            : undefined
      }
    >
      <Layout>
        {delivery?.status === "skipped" && (
          <Layout.Section>
            <Banner tone="warning">
              <p>{t("delivery.skippedHelp")}</p>
            </Banner>
          </Layout.Section>
        )}
        {retrying.failure && (
          <Layout.Section>
            <ApiErrorBanner message={retrying.failure} onDismiss={() => retrying.setFailure(undefined)} />
          </Layout.Section>
        )}
        <ApiContent state={detail} loadingLines={8} wrap={(node) => <Layout.Section>{node}</Layout.Section>}>
          {(delivery) => (
            <>
              <Layout.Section>
                <BlockStack gap="400">
                  <Card>
                    <BlockStack gap="300">
                      <Text as="h2" variant="headingMd">
                        {t("delivery.summary")}
                      </Text>
                      <dl
                        style={{ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "8px 24px", margin: 0 }}
                      >
                        {rows.map(([label, value]) => (
                          <div key={label} style={{ display: "contents" }}>
                            <dt>
                              <Text as="span" tone="subdued">
                                {label}
                              </Text>
                            </dt>
                            <dd style={{ margin: 0, overflowWrap: "anywhere" }}>
                              <Text as="span">{value}</Text>
                            </dd>
                          </div>
                        ))}
                      </dl>
                    </BlockStack>
                  </Card>
                  <TableCard
                    heading={t("delivery.attemptLog")}
                    emptyText={delivery.attemptLog.length === 0 ? t("delivery.noAttempts") : undefined}
                  >
                    {smDown ? (
                      // A phone: each attempt stacked, nothing to scroll sideways for.
                      <Box paddingInline="400" paddingBlockEnd="400">
                        <BlockStack gap="300" as="ul">
                          {delivery.attemptLog.map((attempt, index) => (
                            <Box as="li" key={index}>
                              <BlockStack gap="050">
                                <Text as="span" fontWeight="semibold">
                                  {dateTime(attempt.at)} · {labelled(t, "delivery.outcome", attempt.outcome)}
                                </Text>
                                <Text as="span" tone="subdued">
                                  {t("delivery.attempt.http")} {attempt.httpStatus ?? "—"} · {attempt.durationMs} ms
                                </Text>
                                <DeliveryErrorText
                                  code={attempt.code}
                                  params={attempt.params}
                                  text={attempt.error}
                                  withDetail
                                />
                              </BlockStack>
                            </Box>
                          ))}
                        </BlockStack>
                      </Box>
                    ) : (
                      <DataTable
                        columnContentTypes={["text", "text", "numeric", "numeric", "text"]}
                        headings={[
                          t("delivery.attempt.at"),
                          t("delivery.attempt.outcome"),
                          t("delivery.attempt.http"),
                          t("delivery.attempt.duration"),
                          t("delivery.attempt.error"),
                        ]}
                        rows={delivery.attemptLog.map((attempt) => [
                          dateTime(attempt.at),
                          labelled(t, "delivery.outcome", attempt.outcome),
                          attempt.httpStatus ?? "—",
                          `${attempt.durationMs} ms`,
                          <DeliveryErrorText
                            key="error"
                            code={attempt.code}
                            params={attempt.params}
                            text={attempt.error}
                            withDetail
                          />,
                        ])}
                      />
                    )}
                  </TableCard>
                </BlockStack>
              </Layout.Section>
              <Layout.Section variant="oneThird">
                <BlockStack gap="400">
                  <SideCard heading={t("delivery.callback")}>
                    {delivery.callback ? (
                      <BlockStack gap="200">
                        <Fact label={t("delivery.callback.receivedAt")}>{dateTime(delivery.callback.receivedAt)}</Fact>
                        <Fact label={t("delivery.callback.status")}>
                          {labelled(t, "delivery.callbackStatus", delivery.callback.status)}
                        </Fact>
                      </BlockStack>
                    ) : (
                      <Text as="p" tone="subdued">
                        {t("delivery.noCallback")}
                      </Text>
                    )}
                    {tags.length > 0 && (
                      <InlineStack gap="100">
                        <Text as="span" tone="subdued">
                          {t("deliveries.tags")}:
                        </Text>
                        {tags.map((tag) => (
                          <Badge key={tag} tone={tag === "automation-error" ? "critical" : "success"}>
                            {tag}
                          </Badge>
                        ))}
                      </InlineStack>
                    )}
                  </SideCard>
                  <SideCard heading={t("delivery.payload")}>
                    {delivery.payloadSummary ? (
                      <BlockStack gap="100">
                        <Fact label={t("delivery.payload.total")}>
                          {money(delivery.payloadSummary.totalPrice, delivery.payloadSummary.currency)}
                        </Fact>
                        <Fact label={t("delivery.payload.items")}>{delivery.payloadSummary.lineItemCount}</Fact>
                        <Fact label={t("delivery.payload.customer")}>
                          {delivery.payloadSummary.customerFirstName ?? "—"}
                        </Fact>
                      </BlockStack>
                    ) : (
                      <Text as="p" tone="subdued">
                        {t("delivery.noPayload")}
                      </Text>
                    )}
                  </SideCard>
                </BlockStack>
              </Layout.Section>
            </>
          )}
        </ApiContent>
      </Layout>
    </AppPage>
  );
}

function SideCard({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {heading}
        </Text>
        {children}
      </BlockStack>
    </Card>
  );
}

/** One labelled value of a side card, on its own line. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text as="p">
      {label}: {children}
    </Text>
  );
}
