import { BlockStack, DataTable, InlineGrid, Text } from "@shopify/polaris";
import { StackedBelow } from "~/components/StackedBelow";
import { useI18n } from "~/i18n/context";
import type { FlowInsight } from "~/services/deliveries/insights.server";
import { TitledCard } from "~/components/TitledCard";
import { Figure } from "./Figure";

/** Each flow's orders over the window: triggered, finished (the flow's own result, never the buyer's answer), failed and the finished share. */
export function FlowsCard({
  flows,
  flowNames,
  cartFlowId,
}: {
  flows: FlowInsight[];
  flowNames: Record<string, string>;
  cartFlowId: string | null;
}) {
  const { t, number, formatLocale } = useI18n();
  const percent = new Intl.NumberFormat(formatLocale, { style: "percent", maximumFractionDigits: 1 });
  // Flows by the names the merchant gave them; an abandoned-cart flow handles no order, so it has no share.
  const flowName = (id: string) => flowNames[id] ?? id;
  const rate = (flow: FlowInsight) =>
    flow.flowId === cartFlowId
      ? t("insights.notApplicable")
      : flow.confirmationRate === null
        ? "—"
        : percent.format(flow.confirmationRate);
  const hasCartFlow = flows.some((flow) => flow.flowId === cartFlowId);
  return (
    <TitledCard title={t("insights.flowsTitle")} help={hasCartFlow ? t("insights.cartFlowHelp") : undefined}>
      {flows.length === 0 ? (
        <Text as="p" tone="subdued">
          {t("insights.flowsEmpty")}
        </Text>
      ) : (
        // A phone cannot show five columns: each flow is then a short block of labelled figures, nothing
        // scrolls sideways; CSS chooses, so the server's HTML is already right (docs/decisions/147).
        <StackedBelow
          breakpoint="sm"
          wide={
            <DataTable
              columnContentTypes={["text", "numeric", "numeric", "numeric", "numeric"]}
              headings={[
                t("insights.flow"),
                t("insights.triggered"),
                t("insights.confirmed"),
                t("insights.flowFailures"),
                t("insights.finishRate"),
              ]}
              rows={flows.map((flow) => [
                flowName(flow.flowId),
                number(flow.triggered),
                flow.flowId === cartFlowId ? t("insights.notApplicable") : number(flow.confirmed),
                number(flow.failed),
                rate(flow),
              ])}
            />
          }
          stacked={
            <BlockStack gap="300">
              {flows.map((flow) => (
                <BlockStack gap="100" key={flow.flowId}>
                  <Text as="h3" variant="headingSm" breakWord>
                    {flowName(flow.flowId)}
                  </Text>
                  <InlineGrid columns={2} gap="200">
                    <Figure small label={t("insights.triggered")} value={number(flow.triggered)} />
                    <Figure
                      small
                      label={t("insights.confirmed")}
                      value={flow.flowId === cartFlowId ? t("insights.notApplicable") : number(flow.confirmed)}
                    />
                    <Figure small label={t("insights.flowFailures")} value={number(flow.failed)} />
                    <Figure small label={t("insights.finishRate")} value={rate(flow)} />
                  </InlineGrid>
                </BlockStack>
              ))}
            </BlockStack>
          }
        />
      )}
    </TitledCard>
  );
}
