import { BlockStack, Button, Card, IndexTable, type IndexTableProps, InlineStack, Text } from "@shopify/polaris";
import { DeliveryErrorText } from "~/components/DeliveryErrorText";
import { DeliveryStatusBadge } from "~/components/DeliveryStatusBadge";
import { BuyerCell } from "~/components/deliveries/Buyer";
import { AppActionBadge } from "~/components/deliveries/AppActionBadge";
import { StoreActionSummary } from "~/components/deliveries/StoreActionLine";
import type { StoreAction } from "~/lib/store-actions";
import { BuyerAnswer } from "~/components/deliveries/BuyerAnswer";
import { IncidentAnswerText } from "./IncidentAnswerText";
import type { IncidentAnswerView } from "~/lib/incident-answers";
import { ParcelCell } from "./ParcelCell";
import { RiskCell } from "./RiskCell";
import type { RiskSummary } from "~/lib/risk-log";
import type { ParcelSummary } from "~/lib/journey-log";
import { OrderName } from "~/components/OrderName";
import { StackedBelow, StackedCell, stackedRowId } from "~/components/StackedBelow";
import { useI18n } from "~/i18n/context";
import type { DeliverySummary } from "~/lib/api-types";
import type { BuyerOutcome } from "~/lib/buyer-outcome";
import { isWaitingCart, RETRYABLE_STATUSES, retryLabel, skipKind, topicLabel } from "~/lib/deliveries";
import { recoveredBySweep } from "~/lib/sweep";

/**
 * The log's page of deliveries: a table at desktop widths, one stacked item per order below them; each row with its
 * three facts in their own words (where it stands with the flow, the buyer's answer, what the app did to the
 * shipping), its reason (why it waits, failed or was skipped) and its actions (view, retry or send now, review settings).
 */
export function DeliveryTable({
  deliveries,
  loading,
  retry,
}: {
  deliveries: (DeliverySummary &
    BuyerOutcome & {
      parcels: ParcelSummary[];
      storeActions: StoreAction[];
      incidentAnswer?: IncidentAnswerView | null;
      risk?: RiskSummary | null;
    })[];
  loading: boolean;
  retry: { onRetry: (delivery: DeliverySummary) => void; pending: (id: string) => boolean; busy: boolean };
}) {
  const { t, dateTime, money } = useI18n();
  const table = {
    resourceName: { singular: t("deliveries.order"), plural: t("nav.deliveries") },
    itemCount: deliveries.length,
    selectable: false,
    loading,
    headings: [
      { title: t("deliveries.order") },
      { title: t("deliveries.buyer") },
      { title: t("deliveries.total"), alignment: "end" },
      { title: t("deliveries.status") },
      { title: t("deliveries.appAction") },
      { title: t("journey.column") },
      { title: t("deliveries.attempts"), alignment: "end" },
      { title: t("deliveries.lastError") },
      { title: t("products.actions"), hidden: true },
    ] as IndexTableProps["headings"],
  };
  // A recovered order's time is when the app found it, not when the store sent it: said so.
  const arrived = (delivery: DeliverySummary) =>
    recoveredBySweep(delivery)
      ? t("deliveries.recoveredAt", { time: dateTime(delivery.createdAt) })
      : dateTime(delivery.createdAt);
  const rows = deliveries.map((delivery) => ({
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
      <>
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
            loading={retry.pending(delivery.id)}
            disabled={retry.busy}
            onClick={() => retry.onRetry(delivery)}
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
      </>
    ),
  }));

  return (
    <Card padding="0">
      {/* Below the large breakpoint (1040 px) nine columns and the row's actions do not fit the page
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
                      {arrived(delivery)}
                    </Text>
                  </BlockStack>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  {/* The buyer, their answer to the flow, and the order's return risk from the shop's history. */}
                  <BlockStack gap="100">
                    <BuyerCell buyer={delivery.buyer} />
                    <BuyerAnswer answer={delivery.answer} />
                    <IncidentAnswerText answer={delivery.incidentAnswer} />
                    <RiskCell risk={delivery.risk} />
                  </BlockStack>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {total}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <DeliveryStatusBadge delivery={delivery} />
                </IndexTable.Cell>
                <IndexTable.Cell>
                  {/* The hold it placed, then what it did as the parcel moved (docs/decisions/329). */}
                  {/* Room only for a row with store actions: the others keep the width the row's actions need. */}
                  <div
                    style={
                      delivery.storeActions.length ? { whiteSpace: "normal", minWidth: "9rem", maxWidth: "16rem" } : {}
                    }
                  >
                    <BlockStack gap="100">
                      <AppActionBadge action={delivery.appAction} />
                      <StoreActionSummary actions={delivery.storeActions} />
                    </BlockStack>
                  </div>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <ParcelCell parcels={delivery.parcels} />
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
                <IndexTable.Cell>
                  {/* One above the other: the reason column keeps the room a second button would take. */}
                  <BlockStack gap="100" inlineAlign="start">
                    {actions}
                  </BlockStack>
                </IndexTable.Cell>
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
                      <DeliveryStatusBadge delivery={delivery} />
                    </InlineStack>
                    <Text as="span" tone="subdued">
                      {topicLabel(t, delivery.topic)} · {arrived(delivery)}
                    </Text>
                    {delivery.buyer && (
                      <InlineStack gap="200" align="space-between" blockAlign="start" wrap={false}>
                        <BuyerCell buyer={delivery.buyer} />
                        <Text as="span" numeric>
                          {total}
                        </Text>
                      </InlineStack>
                    )}
                    <BuyerAnswer answer={delivery.answer} />
                    <IncidentAnswerText answer={delivery.incidentAnswer} />
                    <RiskCell risk={delivery.risk} />
                    <AppActionBadge action={delivery.appAction} />
                    <StoreActionSummary actions={delivery.storeActions} />
                    <ParcelCell parcels={delivery.parcels} />
                    {why && (
                      // The reason wraps within the row's width, whatever the list around it says.
                      <div style={{ whiteSpace: "normal" }}>
                        <Text as="span" tone="subdued" breakWord>
                          {why}
                        </Text>
                      </div>
                    )}
                    <InlineStack gap="200">{actions}</InlineStack>
                  </BlockStack>
                </StackedCell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        }
      />
    </Card>
  );
}
