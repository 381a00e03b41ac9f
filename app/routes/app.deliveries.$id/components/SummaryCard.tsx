import { Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { DeliveryErrorText } from "~/components/DeliveryErrorText";
import { OrderName } from "~/components/OrderName";
import { useI18n } from "~/i18n/context";
import { isWaitingCart, labelled, topicLabel } from "~/lib/deliveries";
import { recoveredBySweep } from "~/lib/sweep";
import type { ShownDelivery } from "../route";
import { AppActionBadge } from "~/components/deliveries/AppActionBadge";
import { BuyerAnswer } from "~/components/deliveries/BuyerAnswer";
import { TitledCard } from "~/components/TitledCard";

/** The delivery at a glance: what it is, its order, its attempts and times, its flow (by name) and its last error. */
export function SummaryCard({ delivery, flowName }: { delivery: ShownDelivery; flowName: string | null }) {
  const { t, dateTime } = useI18n();
  // The flow by its name, as the merchant chose it in Settings; its id only when the account no longer has it.
  const flowOf = (id: string) => flowName ?? id;
  // A flow's failure is its result, not an error of the app's: say so, with the status it reported when that says
  // more than "failed" (an unknown one shows as the flow sent it).
  const reported = delivery.callback?.status;
  const flowFailure =
    reported && !["error", "failed"].includes(reported)
      ? `${t("delivery.flowReportedFailure")} (${labelled(t, "delivery.callbackStatus", reported)})`
      : t("delivery.flowReportedFailure");
  const rows: [string, ReactNode][] = [
    [t("deliveries.topic"), topicLabel(t, delivery.topic)],
    [
      t("deliveries.order"),
      // A converted cart's order is the order it became: by its name, linked to it.
      <OrderName
        key="order"
        delivery={delivery.convertedTo?.orderName ? { ...delivery, ...delivery.convertedTo } : delivery}
      />,
    ],
    ...(delivery.answer
      ? ([[t("deliveries.answer"), <BuyerAnswer key="answer" answer={delivery.answer} withHelp />]] as [string, ReactNode][])
      : []),
    // What the app did to the order's shipping: a fact of its own, beside the buyer's answer (docs/decisions/300).
    ...(delivery.appAction
      ? ([[t("deliveries.appAction"), <AppActionBadge key="action" action={delivery.appAction} withProblem />]] as [
          string,
          ReactNode,
        ][])
      : []),
    [t("deliveries.attempts"), String(delivery.attempts)],
    // A recovered order's time is when the app found it: labelled so, never "received".
    [t(recoveredBySweep(delivery) ? "delivery.recoveredAt" : "deliveries.created"), dateTime(delivery.createdAt)],
    [t("delivery.nextAttempt"), delivery.nextAttemptAt ? dateTime(delivery.nextAttemptAt) : "—"],
    [t("delivery.deliveredAt"), delivery.deliveredAt ? dateTime(delivery.deliveredAt) : "—"],
    [t("delivery.flow"), delivery.flowId ? flowOf(delivery.flowId) : "—"],
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
  ];
  return (
    <TitledCard title={t("delivery.summary")}>
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
    </TitledCard>
  );
}
