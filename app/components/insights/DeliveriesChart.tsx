import { BarChart, PolarisVizProvider } from "@shopify/polaris-viz";
import { useEffect, useState } from "react";
import { useI18n } from "~/i18n/context";
import { INSIGHT_SERIES_NAMES, type InsightDayPoint } from "~/lib/insights-types";

// The series' colours follow the statuses' badges: success, caution, critical, and a darker critical.
const COLORS = { delivered: "#29845a", retrying: "#b28400", failed: "#e51c00", flowFailed: "#8e1f0b" };

/** Deliveries per day by outcome, stacked. Drawn in the browser only: the chart measures its container. */
export function DeliveriesChart({ series }: { series: InsightDayPoint[] }) {
  const { t, formatLocale } = useI18n();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const dayLabel = new Intl.DateTimeFormat(formatLocale, { month: "short", day: "numeric", timeZone: "UTC" });
  const data = INSIGHT_SERIES_NAMES.map((name) => ({
    name: t(`insights.series.${name}`),
    color: COLORS[name],
    data: series.map((point) => ({ key: dayLabel.format(new Date(`${point.day}T00:00:00Z`)), value: point[name] })),
  }));
  if (!mounted) return <div style={{ height: 280 }} />;
  return (
    <PolarisVizProvider>
      <div style={{ height: 280 }} data-testid="deliveries-chart">
        <BarChart data={data} type="stacked" theme="Light" showLegend isAnimated={false} />
      </div>
    </PolarisVizProvider>
  );
}
