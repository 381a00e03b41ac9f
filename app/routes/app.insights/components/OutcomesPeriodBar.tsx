import { Banner, BlockStack, Box, Button, InlineStack, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import { formatPeriodDay, MAX_PERIOD_DAYS, type Period } from "~/lib/outcome-period";
import type { OutcomeInsights } from "~/services/outcomes/insights.server";
import { PeriodPicker } from "./PeriodPicker";

/**
 * The outcomes' period and its download: the picker, the export of the same days, and why a link's period was not
 * used when it could not be (the page shows the default period instead of failing).
 */
export function OutcomesPeriodBar({
  outcomes,
  onApply,
}: {
  outcomes: Pick<OutcomeInsights, "from" | "to" | "today" | "refusal">;
  onApply: (period: Period) => void;
}) {
  const { t, formatLocale } = useI18n();
  const { from, to, today, refusal } = outcomes;
  const exportUrl = `/app/insights/export?${new URLSearchParams({ from, to, locale: formatLocale })}`;
  return (
    <BlockStack gap="300">
      {refusal ? (
        <Banner tone="warning" title={t("period.refused.title")}>
          <Text as="p">
            {t(`period.problem.${refusal.problem}`, { value: refusal.value, max: MAX_PERIOD_DAYS })}{" "}
            {t("period.refused.shown", {
              from: formatPeriodDay(from, formatLocale),
              to: formatPeriodDay(to, formatLocale),
            })}
          </Text>
        </Banner>
      ) : null}
      {/* On a phone the cards run edge to edge; the buttons keep the cards' inner margin. */}
      <Box paddingInline={{ xs: "400", sm: "0" }}>
        <InlineStack align="space-between" blockAlign="center" gap="200">
          {/* Keyed by the applied period: a new one (Apply, the back button) opens the picker on it. */}
          <PeriodPicker key={`${from}/${to}`} period={{ from, to }} today={today} onApply={onApply} />
          <Button url={exportUrl} download>
            {t("outcomes.export")}
          </Button>
        </InlineStack>
      </Box>
    </BlockStack>
  );
}
