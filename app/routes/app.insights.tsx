import type { ReactNode } from "react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { BlockStack, Card, DataTable, InlineGrid, Layout, Select, Text } from "@shopify/polaris";
import polarisVizStyles from "@shopify/polaris-viz/build/esm/styles.css?url";
import { AppPage } from "~/components/AppPage";
import { StackedBelow } from "~/components/StackedBelow";
import { DeliveriesChart } from "~/components/insights/DeliveriesChart";
import { useI18n } from "~/i18n/context";
import { pluralKey } from "~/i18n/plural";
import { INSIGHT_WINDOWS, type InsightWindow } from "~/lib/insights-types";
import { flowDirectory } from "~/services/automation/flow-directory.server";
import { describeTimeZone } from "~/lib/time-zone";
import { AnswerInsightsCard } from "~/components/answers/AnswerInsightsCard";
import { answerInsights } from "~/services/answers/insights.server";
import { deliveryInsights } from "~/services/deliveries/insights.server";
import { formatDuration } from "~/lib/duration";
import { authenticate } from "~/shopify.server";
import { pageMeta } from "~/lib/meta";

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
  const { t, locale, number, formatLocale } = useI18n();
  const insights = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const percent = new Intl.NumberFormat(formatLocale, { style: "percent", maximumFractionDigits: 1 });
  const seconds = (ms: number | null) => formatDuration(t, formatLocale, ms);
  // Flows by the names the merchant gave them; an abandoned-cart flow confirms no order, so it has no rate.
  const flowName = (id: string) => insights.flowNames[id] ?? id;
  const rate = (flow: (typeof insights.flows)[number]) =>
    flow.flowId === insights.cartFlowId
      ? t("insights.notApplicable")
      : flow.confirmationRate === null
        ? "—"
        : percent.format(flow.confirmationRate);
  const hasCartFlow = insights.flows.some((flow) => flow.flowId === insights.cartFlowId);
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
          <InsightCard title={t("insights.flowsTitle")} help={hasCartFlow ? t("insights.cartFlowHelp") : undefined}>
            {insights.flows.length === 0 ? (
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
                      t("insights.rate"),
                    ]}
                    rows={insights.flows.map((flow) => [
                      flowName(flow.flowId),
                      number(flow.triggered),
                      flow.flowId === insights.cartFlowId ? t("insights.notApplicable") : number(flow.confirmed),
                      number(flow.failed),
                      rate(flow),
                    ])}
                  />
                }
                stacked={
                  <BlockStack gap="300">
                    {insights.flows.map((flow) => (
                      <BlockStack gap="100" key={flow.flowId}>
                        <Text as="h3" variant="headingSm" breakWord>
                          {flowName(flow.flowId)}
                        </Text>
                        <InlineGrid columns={2} gap="200">
                          <Figure small label={t("insights.triggered")} value={number(flow.triggered)} />
                          <Figure
                            small
                            label={t("insights.confirmed")}
                            value={
                              flow.flowId === insights.cartFlowId ? t("insights.notApplicable") : number(flow.confirmed)
                            }
                          />
                          <Figure small label={t("insights.flowFailures")} value={number(flow.failed)} />
                          <Figure small label={t("insights.rate")} value={rate(flow)} />
                        </InlineGrid>
                      </BlockStack>
                    ))}
                  </BlockStack>
                }
              />
            )}
          </InsightCard>
        </Layout.Section>
        <AnswerInsightsCard answers={insights.answers} />
        <Layout.Section>
          <InsightCard title={t("insights.timingTitle")} help={t("insights.timingHelp")}>
            {insights.recovered > 0 && (
              <Text as="p">
                {t(pluralKey(locale, "insights.recovered", insights.recovered), { count: number(insights.recovered) })}
              </Text>
            )}
            {insights.orderToTrigger.count === 0 ? (
              <Text as="p">{t("insights.noTiming")}</Text>
            ) : (
              <InlineGrid columns={3} gap="400">
                <Figure label={t("insights.p50")} value={seconds(insights.orderToTrigger.p50Ms)} />
                <Figure label={t("insights.p95")} value={seconds(insights.orderToTrigger.p95Ms)} />
                <Text as="p" tone="subdued">
                  {t(pluralKey(locale, "insights.orders", insights.orderToTrigger.count), {
                    count: number(insights.orderToTrigger.count),
                  })}
                </Text>
              </InlineGrid>
            )}
          </InsightCard>
        </Layout.Section>
      </Layout>
    </AppPage>
  );
}

/** A card of the page below the chart: its heading, an optional help line, then what it shows. */
function InsightCard({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        {help ? (
          <Text as="p" tone="subdued">
            {help}
          </Text>
        ) : null}
        {children}
      </BlockStack>
    </Card>
  );
}

/** One timing figure under its label. */
function Figure({ label, value, small }: { label: string; value: string; small?: boolean }) {
  return (
    <BlockStack gap="100">
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="p" variant={small ? "bodyMd" : "headingLg"}>
        {value}
      </Text>
    </BlockStack>
  );
}
