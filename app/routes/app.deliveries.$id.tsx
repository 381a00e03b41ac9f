import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Badge, Banner, BlockStack, Box, Card, InlineStack, Layout, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { ApiErrorBanner, useErrorMessage } from "~/components/ApiErrorBanner";
import { DeliveryErrorText } from "~/components/DeliveryErrorText";
import { BuyerPhoneCard } from "~/components/deliveries/BuyerPhoneCard";
import { DeliveryStatusBadge } from "~/components/DeliveryStatusBadge";
import { OrderName } from "~/components/OrderName";
import { TableCard } from "~/components/TableCard";
import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { AppPage } from "~/components/AppPage";
import { useRepeatFlowConfirm } from "~/components/deliveries/RepeatFlowConfirm";
import { useI18n } from "~/i18n/context";
import type { DeliveryDetail } from "~/lib/api-types";
import { BuyerPhone } from "~/components/deliveries/Buyer";
import {
  deliveryName,
  isWaitingCart,
  labelled,
  RETRYABLE_STATUSES,
  retryLabel,
  skipKind,
  topicLabel,
} from "~/lib/deliveries";
import { formatDuration } from "~/lib/duration";
import { isHeld } from "~/lib/order-rules";
import { pageMeta } from "~/lib/meta";
import { AppError, apiHandler, BODY_LIMITS, loaderFailure, ok } from "~/lib/http.server";
import { readFields } from "~/lib/input.server";
import { listFlows } from "~/services/automation/client.server";
import { retryNow } from "~/services/deliveries/operations.server";
import { getDelivery } from "~/services/deliveries/queries.server";
import { orderChecks } from "~/services/orders/checks.server";
import { getShopSettings } from "~/services/shops/configuration.server";
import { authenticateAdminApi } from "~/services/platform/admin-auth.server";
import { authenticate } from "~/shopify.server";
import { logger } from "~/logger.server";

/**
 * The delivery (the service of `/api/deliveries/:id`) and its flow's name from the automation platform's list
 * (the service of `/api/automation/flows`). A delivery the shop does not have is the JSON route's 404 failure,
 * worded by the page; a flow list that cannot be read leaves the flow shown by its id.
 */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  let delivery: DeliveryDetail;
  try {
    delivery = (await getDelivery(shop, params.id ?? "")) as DeliveryDetail;
  } catch (error) {
    return loaderFailure(error, { delivery: null, checks: null, flowName: null });
  }
  const checks = await orderChecks(shop, delivery.id);
  return { delivery, checks, flowName: delivery.flowId ? await flowName(shop, delivery.flowId) : null, failure: null };
};

async function flowName(shop: string, flowId: string) {
  const apiKey = (await getShopSettings(shop))?.automationApiKey;
  if (!apiKey) return null;
  try {
    return (await listFlows(apiKey)).find((flow) => flow.id === flowId)?.name ?? null;
  } catch (error) {
    logger.warn({ shop, err: error instanceof Error ? error.message : String(error) }, "flow names unavailable");
    return null;
  }
}

/** Retry (or send now): the JSON route's `retryNow`, failures and bodies (docs/decisions/135, 137). */
export const action = apiHandler(
  async ({ request, params }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const fields = await readFields(request);
    if (fields.intent !== "retry") throw new AppError(400, "intent: is not an action of this page", "invalid_input");
    return ok({ delivery: await retryNow(shop, params.id ?? "", { confirmRepeat: fields.confirmRepeat === "true" }) });
  },
  { maxBodyBytes: BODY_LIMITS.form },
);

// Titled by its order once loaded (docs/decisions/132); by its list when there is no such delivery.
export const meta = pageMeta<{ delivery: DeliveryDetail | null }>((data) =>
  data?.delivery?.orderName
    ? { key: titleKey(data.delivery), vars: { name: data.delivery.orderName } }
    : "nav.deliveries",
);

/** "Pedido #1001", "Pedido en borrador #D12"; a checkout is titled by its cart's name alone. */
function titleKey(delivery: Pick<DeliveryDetail, "topic">) {
  return delivery.topic === "draft_orders/create" ? ("delivery.title.draft" as const) : ("delivery.title" as const);
}

const SKIP_TONES = {
  settings: "warning",
  checkout_converted: "success",
  test_order_removed: "info",
  no_contact: "info",
  other: "info",
} as const;

export default function Delivery() {
  const { t, dateTime, money, formatLocale } = useI18n();
  const data = useLoaderData<typeof loader>();
  const delivery = data.delivery as DeliveryDetail | null;
  const message = useErrorMessage();
  const retrying = useWrite(undefined, () => showToast(t("deliveries.retried")));
  // The flow by its name, as the merchant chose it in Settings; its id only when the account no longer has it.
  const flowName = (id: string) => data.flowName ?? id;
  // The tags on the order because of this delivery: the callback's and the error tag of a dead delivery.
  const tags = [...new Set([...(delivery?.tagsApplied ?? []), ...(delivery?.callback?.tags ?? [])])];

  const repeat = useRepeatFlowConfirm((_id, confirmRepeat) =>
    retrying.submit("retry", confirmRepeat ? { confirmRepeat } : {}),
  );
  function retry() {
    if (delivery) repeat.request(delivery);
  }

  // A flow's failure is its answer, not an error of the app's: say what it reported.
  const flowFailure = delivery?.callback?.status
    ? `${t("delivery.flowReportedFailure")} (${labelled(t, "delivery.callbackStatus", delivery.callback.status)})`
    : t("delivery.flowReportedFailure");
  const skip = delivery?.status === "skipped" ? skipKind(delivery.lastErrorCode) : null;
  const title = !delivery
    ? t("nav.deliveries")
    : delivery.orderName
      ? t(titleKey(delivery), { name: delivery.orderName })
      : deliveryName(t, delivery);
  // The flow answers an order it received; one it never received has nothing to answer.
  const noCallback =
    delivery?.status === "delivered"
      ? t("delivery.noCallback")
      : delivery && ["queued", "delivering", "retrying"].includes(delivery.status)
        ? t("delivery.noCallback.waiting")
        : t("delivery.noCallback.notSent");

  const rows: [string, ReactNode][] = delivery
    ? [
        [t("deliveries.topic"), topicLabel(t, delivery.topic)],
        [t("deliveries.order"), <OrderName key="order" delivery={delivery} />],
        [t("deliveries.attempts"), String(delivery.attempts)],
        [t("deliveries.created"), dateTime(delivery.createdAt)],
        [t("delivery.nextAttempt"), delivery.nextAttemptAt ? dateTime(delivery.nextAttemptAt) : "—"],
        [t("delivery.deliveredAt"), delivery.deliveredAt ? dateTime(delivery.deliveredAt) : "—"],
        [t("delivery.flow"), delivery.flowId ? flowName(delivery.flowId) : "—"],
        [
          t("deliveries.lastError"),
          <DeliveryErrorText
            key="error"
            code={delivery.lastErrorCode}
            params={delivery.lastErrorParams}
            text={delivery.lastError}
            withDetail
            fallback={
              isWaitingCart(delivery)
                ? t("deliveries.cartWaiting", { time: dateTime(delivery.nextAttemptAt) })
                : delivery.status === "flow_failed"
                  ? flowFailure
                  : "—"
            }
          />,
        ],
      ]
    : [];

  return (
    <AppPage
      title={title}
      titleMetadata={delivery ? <DeliveryStatusBadge status={delivery.status} /> : undefined}
      parent={{ content: t("delivery.back"), url: "/app/deliveries" }}
      primaryAction={
        delivery && RETRYABLE_STATUSES.includes(delivery.status)
          ? { content: t(retryLabel(delivery.status)), onAction: retry, loading: retrying.busy }
          : delivery && isHeld(delivery)
            ? { content: t("delivery.sendAnyway"), onAction: retry, loading: retrying.busy }
            : skip === "settings"
              ? { content: t("deliveries.reviewSettings"), url: "/app/settings" }
              : undefined
      }
    >
      <Layout>
        {skip && (
          <Layout.Section>
            <Banner tone={SKIP_TONES[skip]}>
              <p>{t(`delivery.skipped.${skip}`)}</p>
            </Banner>
          </Layout.Section>
        )}
        {retrying.failure && (
          <Layout.Section>
            <ApiErrorBanner message={message(retrying.failure)} />
          </Layout.Section>
        )}
        {data.failure && (
          <Layout.Section>
            <ApiErrorBanner error={{ success: false, ...data.failure }} />
          </Layout.Section>
        )}
        {delivery && (
          <>
            <Layout.Section>
              <BlockStack gap="400">
                <Card>
                  <BlockStack gap="300">
                    <Text as="h2" variant="headingMd">
                      {t("delivery.summary")}
                    </Text>
                    <dl style={{ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "8px 24px", margin: 0 }}>
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
                  {/* Each attempt stacked at every width: nothing to scroll sideways inside the card. */}
                  <Box paddingInline="400" paddingBlockEnd="400">
                    <BlockStack gap="300" as="ul">
                      {delivery.attemptLog.map((attempt, index) => (
                        <Box as="li" key={index}>
                          <BlockStack gap="050">
                            <Text as="span" fontWeight="semibold">
                              {dateTime(attempt.at)} · {labelled(t, "delivery.outcome", attempt.outcome)}
                            </Text>
                            <Text as="span" tone="subdued">
                              {t("delivery.attempt.duration")}: {formatDuration(t, formatLocale, attempt.durationMs)}
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
                      {noCallback}
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
                {data.checks && <BuyerPhoneCard phone={data.checks.phone} duplicateOf={data.checks.duplicateOf} />}
                <SideCard heading={t("delivery.buyer")}>
                  {delivery.buyer ? (
                    <BlockStack gap="100">
                      <Fact label={t("delivery.buyer.name")}>{delivery.buyer.name ?? "—"}</Fact>
                      <Fact label={t("delivery.buyer.phone")}>
                        {delivery.buyer.phone ? <BuyerPhone buyer={delivery.buyer} /> : "—"}
                      </Fact>
                      <Fact label={t("delivery.buyer.city")}>{delivery.buyer.city ?? "—"}</Fact>
                      <Fact label={t("delivery.payload.total")}>
                        {money(delivery.buyer.total, delivery.buyer.currency)}
                      </Fact>
                      {delivery.buyer.products.length > 0 && (
                        <BlockStack gap="050">
                          <Text as="p">{t("delivery.buyer.products")}:</Text>
                          <ul style={{ margin: 0, paddingInlineStart: "var(--p-space-500)" }}>
                            {delivery.buyer.products.map((product, index) => (
                              <li key={index}>
                                {t("delivery.buyer.product", { quantity: product.quantity, title: product.title })}
                              </li>
                            ))}
                          </ul>
                        </BlockStack>
                      )}
                    </BlockStack>
                  ) : (
                    <Text as="p" tone="subdued">
                      {t("delivery.noBuyer")}
                    </Text>
                  )}
                </SideCard>
              </BlockStack>
            </Layout.Section>
          </>
        )}
      </Layout>
      {repeat.modal}
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
