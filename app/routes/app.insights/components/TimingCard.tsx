import { InlineGrid, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import { pluralKey } from "~/i18n/plural";
import { formatDuration } from "~/lib/duration";
import { TitledCard } from "~/components/TitledCard";
import { Figure } from "./Figure";

/** How long orders took to reach their flow (p50, p95), and how many failed sends recovered. */
export function TimingCard({
  recovered,
  orderToTrigger,
}: {
  recovered: number;
  orderToTrigger: { count: number; p50Ms: number | null; p95Ms: number | null };
}) {
  const { t, locale, number, formatLocale } = useI18n();
  const seconds = (ms: number | null) => formatDuration(t, formatLocale, ms);
  return (
    <TitledCard title={t("insights.timingTitle")} help={t("insights.timingHelp")}>
      {recovered > 0 && (
        <Text as="p">{t(pluralKey(locale, "insights.recovered", recovered), { count: number(recovered) })}</Text>
      )}
      {orderToTrigger.count === 0 ? (
        <Text as="p">{t("insights.noTiming")}</Text>
      ) : (
        <InlineGrid columns={3} gap="400">
          <Figure label={t("insights.p50")} value={seconds(orderToTrigger.p50Ms)} />
          <Figure label={t("insights.p95")} value={seconds(orderToTrigger.p95Ms)} />
          <Text as="p" tone="subdued">
            {t(pluralKey(locale, "insights.orders", orderToTrigger.count), {
              count: number(orderToTrigger.count),
            })}
          </Text>
        </InlineGrid>
      )}
    </TitledCard>
  );
}
