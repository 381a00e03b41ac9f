import { BlockStack, DataTable, InlineGrid, Layout, Text } from "@shopify/polaris";
import { StackedBelow } from "~/components/StackedBelow";
import { TitledCard } from "~/components/TitledCard";
import { useI18n } from "~/i18n/context";
import { formatDuration } from "~/lib/duration";
import type { AnswerInsights, AnswerFlow } from "~/services/answers/insights.server";

/**
 * The buyers' answers of the window (docs/decisions/210): confirmed, refused, no answer and still waiting, per flow
 * by the name the merchant gave it, the confirmation rate, and the time to answer (p50/p95) in words ("4 min 30 s",
 * never "0 min"). Shown once the shop has recorded an answer or has orders waiting for one.
 */
export function AnswerInsightsCard({
  answers,
  flowNames,
}: {
  answers: AnswerInsights;
  flowNames: Record<string, string>;
}) {
  const { t, number, formatLocale } = useI18n();
  if (!answers.flows.length && !answers.waiting) return null;
  const percent = new Intl.NumberFormat(formatLocale, { style: "percent", maximumFractionDigits: 1 });
  const wait = (ms: number | null) => formatDuration(t, formatLocale, ms);
  const flowName = (id: string) => flowNames[id] ?? id;
  const totals = answers.series.reduce(
    (sum, day) => ({
      confirmed: sum.confirmed + day.confirmed,
      refused: sum.refused + day.refused,
      noAnswer: sum.noAnswer + day.noAnswer,
    }),
    { confirmed: 0, refused: 0, noAnswer: 0 },
  );
  const figures = (flow: AnswerFlow): [string, string][] => [
    [t("answers.answer.confirmed"), number(flow.confirmed)],
    [t("answers.answer.refused"), number(flow.refused)],
    [t("answers.answer.no_answer"), number(flow.noAnswer)],
    [t("insights.rate"), percent.format(flow.confirmationRate)],
  ];
  return (
    <Layout.Section>
      <TitledCard title={t("insights.answers.title")} help={t("insights.answers.help")}>
        <InlineGrid columns={{ xs: 1, sm: 4 }} gap="300">
          <Text as="p">{t("insights.answers.confirmed", { count: number(totals.confirmed) })}</Text>
          <Text as="p">{t("insights.answers.refused", { count: number(totals.refused) })}</Text>
          <Text as="p">{t("insights.answers.noAnswer", { count: number(totals.noAnswer) })}</Text>
          <Text as="p">{t("insights.answers.waiting", { count: number(answers.waiting) })}</Text>
        </InlineGrid>
        {answers.flows.length > 0 && (
          // A phone cannot show five columns without a sideways scroll (which a keyboard cannot reach): each flow is
          // then a short block of labelled figures; CSS chooses, so the server's HTML is already right.
          <StackedBelow
            breakpoint="sm"
            wide={
              <DataTable
                columnContentTypes={["text", "numeric", "numeric", "numeric", "numeric"]}
                headings={[t("insights.flow"), ...figures(answers.flows[0]).map(([label]) => label)]}
                rows={answers.flows.map((flow) => [flowName(flow.flowId), ...figures(flow).map(([, value]) => value)])}
              />
            }
            stacked={
              <BlockStack gap="300">
                {answers.flows.map((flow) => (
                  <BlockStack gap="100" key={flow.flowId}>
                    <Text as="h3" variant="headingSm" breakWord>
                      {flowName(flow.flowId)}
                    </Text>
                    <InlineGrid columns={2} gap="200">
                      {figures(flow).map(([label, value]) => (
                        <Text as="p" key={label}>
                          {label}: {value}
                        </Text>
                      ))}
                    </InlineGrid>
                  </BlockStack>
                ))}
              </BlockStack>
            }
          />
        )}
        {answers.timeToAnswer.count > 0 && (
          <Text as="p" tone="subdued">
            {t("insights.answers.time", {
              p50: wait(answers.timeToAnswer.p50Ms),
              p95: wait(answers.timeToAnswer.p95Ms),
            })}
          </Text>
        )}
      </TitledCard>
    </Layout.Section>
  );
}
