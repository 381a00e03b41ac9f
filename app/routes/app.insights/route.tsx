import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { BlockStack, Card, InlineGrid, Layout, Select, Text } from "@shopify/polaris";
import polarisVizStyles from "@shopify/polaris-viz/build/esm/styles.css?url";
import { AppPage } from "~/components/AppPage";
import { useI18n } from "~/i18n/context";
import { pluralKey } from "~/i18n/plural";
import { INSIGHT_WINDOWS, type InsightWindow } from "~/lib/insights-types";
import { flowDirectory } from "~/services/automation/flow-directory.server";
import { describeTimeZone } from "~/lib/time-zone";
import { answerInsights } from "~/services/answers/insights.server";
import { deliveryInsights } from "~/services/deliveries/insights.server";
import { authenticate } from "~/shopify.server";
import { pageMeta } from "~/lib/meta";
import { DeliveriesChart } from "./components/DeliveriesChart";
import { AnswerInsightsCard } from "./components/AnswerInsightsCard";
import { FlowsCard } from "./components/FlowsCard";
import { TimingCard } from "./components/TimingCard";

export const links = () => [{ rel: "stylesheet", href: polarisVizStyles }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const asked = Number(new URL(request.url).searchParams.get("days"));
  const days: InsightWindow = asked === 30 ? 30 : 7;
  const [insights, flows] = await Promise.all([deliveryInsights(session.shop, days), flowDirectory(session.shop)]);
  return {
    ...insights,
    flowNames: flows.names,
    cartFlowId: flows.cartFlowId,
    answers: await answerInsights(session.shop, days, insights.timeZone),
  };
};

export const meta = pageMeta("insights.title");

export default function Insights() {
  const { t, locale } = useI18n();
  const insights = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const total = insights.series.reduce((sum, p) => sum + p.delivered + p.retrying + p.failed + p.flowFailed, 0);

  return (
    <AppPage title={t("insights.title")}>
      <Layout>
        <Layout.Section>
          <Card>
            <BlockStack gap="400">
              <InlineGrid columns={{ xs: 1, sm: ["twoThirds", "oneThird"] }} gap="200" alignItems="center">
                <Text as="h2" variant="headingMd">
                  {t("insights.chartTitle")}
                </Text>
                <Select
                  label={t("insights.window")}
                  labelInline
                  value={String(insights.days)}
                  options={INSIGHT_WINDOWS.map((days) => ({
                    value: String(days),
                    label: t(pluralKey(locale, "insights.days", days), { count: days }),
                  }))}
                  onChange={(value) => {
                    const next = new URLSearchParams(params);
                    next.set("days", value);
                    setParams(next);
                  }}
                />
              </InlineGrid>
              <Text as="p" tone="subdued">
                {/* The offset as it was at the window's start: the same text on the server and in the browser. */}
                {t("insights.timeZone", { zone: describeTimeZone(insights.timeZone, Date.parse(insights.since)) })}
              </Text>
              {total === 0 ? (
                <Text as="p" tone="subdued">
                  {t("insights.chartEmpty")}
                </Text>
              ) : (
                <DeliveriesChart series={insights.series} />
              )}
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section>
          <FlowsCard flows={insights.flows} flowNames={insights.flowNames} cartFlowId={insights.cartFlowId} />
        </Layout.Section>
        <AnswerInsightsCard answers={insights.answers} flowNames={insights.flowNames} />
        <Layout.Section>
          <TimingCard recovered={insights.recovered} orderToTrigger={insights.orderToTrigger} />
        </Layout.Section>
      </Layout>
    </AppPage>
  );
}
