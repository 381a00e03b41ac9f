import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
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
import { answerRulesOf } from "~/services/answers/rules.server";
import { deliveryInsights } from "~/services/deliveries/insights.server";
import { authenticate } from "~/shopify.server";
import { pageMeta } from "~/lib/meta";
import { apiHandler, BODY_LIMITS, ok, unknownIntent } from "~/lib/http.server";
import { readFields } from "~/lib/input.server";
import { OUTCOME_DIMENSIONS } from "~/lib/outcomes";
import { saveReturnFreight } from "~/services/outcomes/freight.server";
import { outcomeInsights } from "~/services/outcomes/insights.server";
import { authenticateAdminApi } from "~/services/platform/admin-auth.server";
import { OutcomesCard } from "./components/OutcomesCard";
import { OutcomesPeriodBar } from "./components/OutcomesPeriodBar";
import { DaysTable, OutcomeTable } from "./components/OutcomeTable";
import { ReturnFreightCard } from "./components/ReturnFreightCard";
import { DeliveriesChart } from "./components/DeliveriesChart";
import { AnswerInsightsCard } from "./components/AnswerInsightsCard";
import { FlowsCard } from "./components/FlowsCard";
import { TimingCard } from "./components/TimingCard";

export const links = () => [{ rel: "stylesheet", href: polarisVizStyles }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const url = new URL(request.url);
  const asked = Number(url.searchParams.get("days"));
  const days: InsightWindow = asked === 30 ? 30 : 7;
  const period = { days, from: url.searchParams.get("from"), to: url.searchParams.get("to") };
  const [insights, flows, outcomes, answerRules] = await Promise.all([
    deliveryInsights(session.shop, days),
    flowDirectory(session.shop),
    outcomeInsights(session.shop, period),
    answerRulesOf(session.shop),
  ]);
  return {
    ...insights,
    outcomes,
    // Answers are recorded only under answer rules; a period from before they were removed still has its own.
    answersRecorded: answerRules.length > 0 || outcomes.totals.confirmed > 0,
    flowNames: flows.names,
    cartFlowId: flows.cartFlowId,
    answers: await answerInsights(session.shop, days, insights.timeZone),
  };
};

/** The merchant's return freight for one carrier (the marketplace does not send it). */
export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const fields = await readFields(request);
    if (fields.intent === "freight") {
      return ok({
        freight: await saveReturnFreight(shop, { carrier: fields.carrier ?? "", amount: fields.amount ?? "" }),
      });
    }
    throw unknownIntent();
  },
  { maxBodyBytes: BODY_LIMITS.form },
);

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
          <OutcomesPeriodBar
            outcomes={insights.outcomes}
            onApply={({ from, to }) => {
              const next = new URLSearchParams(params);
              next.set("from", from);
              next.set("to", to);
              setParams(next);
            }}
          />
        </Layout.Section>
        <Layout.Section>
          <OutcomesCard outcomes={insights.outcomes} answersRecorded={insights.answersRecorded} />
        </Layout.Section>
        <Layout.Section>
          <DaysTable
            days={insights.outcomes.days}
            timeZone={insights.timeZone}
            currency={insights.outcomes.currency}
            answersRecorded={insights.answersRecorded}
          />
        </Layout.Section>
        {OUTCOME_DIMENSIONS.map((dimension) => (
          <Layout.Section key={dimension}>
            <OutcomeTable
              dimension={dimension}
              rows={insights.outcomes.tables[dimension]}
              period={{ from: insights.outcomes.from, to: insights.outcomes.to }}
              currency={insights.outcomes.currency}
              flowNames={insights.flowNames}
              answersRecorded={insights.answersRecorded}
            />
          </Layout.Section>
        ))}
        <Layout.Section>
          <ReturnFreightCard carriers={insights.outcomes.freight.carriers} currency={insights.outcomes.currency} />
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
