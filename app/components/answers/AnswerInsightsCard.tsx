import { DataTable, InlineGrid, Layout, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import type { AnswerInsights } from "~/services/answers/insights.server";
import { TitledCard } from "~/components/TitledCard";

/** A wait in the largest whole unit that reads well: minutes under two hours, else hours. */
function useWait() {
  const { formatLocale } = useI18n();
  return (ms: number | null) => {
    if (ms === null) return "—";
    const minutes = ms / 60_000;
    const [value, unit] = minutes < 120 ? [minutes, "minute"] : [minutes / 60, "hour"];
    return new Intl.NumberFormat(formatLocale, { style: "unit", unit, maximumFractionDigits: 0 }).format(value);
  };
}

/**
 * The buyers' answers of the window (docs/decisions/210): confirmed, refused and no answer per flow, the confirmation
 * rate, and the time to answer (p50/p95). Shown once the shop has recorded an answer.
 */
export function AnswerInsightsCard({ answers }: { answers: AnswerInsights }) {
  const { t, number, formatLocale } = useI18n();
  const wait = useWait();
  if (!answers.flows.length) return null;
  const percent = new Intl.NumberFormat(formatLocale, { style: "percent", maximumFractionDigits: 1 });
  const totals = answers.series.reduce(
    (sum, day) => ({
      confirmed: sum.confirmed + day.confirmed,
      refused: sum.refused + day.refused,
      noAnswer: sum.noAnswer + day.noAnswer,
    }),
    { confirmed: 0, refused: 0, noAnswer: 0 },
  );
  return (
    <Layout.Section>
      <TitledCard title={t("insights.answers.title")}>
        <InlineGrid columns={{ xs: 1, sm: 3 }} gap="300">
          <Text as="p">{t("insights.answers.confirmed", { count: number(totals.confirmed) })}</Text>
          <Text as="p">{t("insights.answers.refused", { count: number(totals.refused) })}</Text>
          <Text as="p">{t("insights.answers.noAnswer", { count: number(totals.noAnswer) })}</Text>
        </InlineGrid>
        <DataTable
          columnContentTypes={["text", "numeric", "numeric", "numeric", "numeric"]}
          headings={[
            t("insights.flow"),
            t("answers.answer.confirmed"),
            t("answers.answer.refused"),
            t("answers.answer.no_answer"),
            t("insights.rate"),
          ]}
          rows={answers.flows.map((flow) => [
            flow.flowId,
            number(flow.confirmed),
            number(flow.refused),
            number(flow.noAnswer),
            percent.format(flow.confirmationRate),
          ])}
        />
        <Text as="p" tone="subdued">
          {t("insights.answers.time", {
            p50: wait(answers.timeToAnswer.p50Ms),
            p95: wait(answers.timeToAnswer.p95Ms),
          })}
        </Text>
      </TitledCard>
    </Layout.Section>
  );
}
