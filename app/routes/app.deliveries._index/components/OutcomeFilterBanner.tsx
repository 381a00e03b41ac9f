import { Banner, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import type { OutcomeFilter } from "~/lib/outcomes";
import { formatLocalDay } from "~/lib/time-zone";

/**
 * The log opened from a figure of the outcomes insights shows only that figure's orders: said above the list, with
 * the way back to every order ("Entregados · Ciudad: Cali · 30 oct – 28 nov").
 */
export function OutcomeFilterBanner({ filter, onClear }: { filter: OutcomeFilter | null; onClear: () => void }) {
  const { t, locale } = useI18n();
  if (!filter) return null;
  const parts = [t(`outcomes.measure.${filter.measure}`)];
  if (filter.dimension !== "all") {
    parts.push(`${t(`outcomes.column.${filter.dimension}`)}: ${filter.label ?? (filter.key || "—")}`);
  }
  const days =
    filter.from === filter.to
      ? formatLocalDay(filter.from, locale)
      : `${formatLocalDay(filter.from, locale)} – ${formatLocalDay(filter.to, locale)}`;
  parts.push(days);
  return (
    <Banner
      tone="info"
      title={t("deliveries.outcomeFilter.title")}
      action={{ content: t("deliveries.outcomeFilter.clear"), onAction: onClear }}
    >
      <Text as="p">{parts.join(" · ")}</Text>
    </Banner>
  );
}
