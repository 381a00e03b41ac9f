import { Box, InlineStack, Text } from "@shopify/polaris";
import { lazy, Suspense, useEffect, useState } from "react";
import { useI18n } from "~/i18n/context";
import { INSIGHT_SERIES_NAMES, type InsightDayPoint } from "~/lib/insights-types";

// The series' colours follow the statuses' badges: success, caution, critical, and a darker critical.
const COLORS = { delivered: "#29845a", retrying: "#b28400", failed: "#e51c00", flowFailed: "#8e1f0b" };

// A chunk that cannot be fetched (a dropped connection, a deploy that replaced the assets) costs the drawing only.
const DeliveriesBarChart = lazy(() => import("./DeliveriesBarChart").catch(() => ({ default: ChartUnavailable })));

// The chart's place while nothing is drawn in it (the server's page, the chunk loading): the page does not shift.
const CHART_SPACE = <div style={{ height: 280 }} />;

function ChartUnavailable() {
  const { t } = useI18n();
  return (
    <div style={{ height: 280, display: "grid", placeItems: "center" }}>
      <Text as="p" tone="subdued">
        {t("insights.chartUnavailable")}
      </Text>
    </div>
  );
}

/**
 * Deliveries per day by outcome, stacked. Drawn in the browser only: the chart measures its container, and its
 * library is loaded after hydration (DeliveriesBarChart), never on the server.
 *
 * The drawing is for the eye only (docs/decisions/138): polaris-viz marks its SVG and legend as lists whose items
 * are other lists and buttons, which screen readers announce as broken lists (axe: aria-required-children). The
 * same numbers are a table for screen readers, and the legend is plain text under the chart.
 */
export function DeliveriesChart({ series }: { series: InsightDayPoint[] }) {
  const { t, formatLocale, number } = useI18n();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const dayLabel = new Intl.DateTimeFormat(formatLocale, { month: "short", day: "numeric", timeZone: "UTC" });
  const days = series.map((point) => ({ point, label: dayLabel.format(new Date(`${point.day}T00:00:00Z`)) }));
  const data = INSIGHT_SERIES_NAMES.map((name) => ({
    name: t(`insights.series.${name}`),
    color: COLORS[name],
    data: days.map(({ point, label }) => ({ key: label, value: point[name] })),
  }));
  return (
    <>
      <Box visuallyHidden>
        <table>
          <caption>{t("insights.chartTitle")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("insights.day")}</th>
              {INSIGHT_SERIES_NAMES.map((name) => (
                <th scope="col" key={name}>
                  {t(`insights.series.${name}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map(({ point, label }) => (
              <tr key={point.day}>
                <th scope="row">{label}</th>
                {INSIGHT_SERIES_NAMES.map((name) => (
                  <td key={name}>{number(point[name])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
      <div aria-hidden="true">
        {/* Not on the server: rendering the lazy chart there would import its library after all. */}
        {mounted ? (
          <Suspense fallback={CHART_SPACE}>
            <DeliveriesBarChart data={data} />
          </Suspense>
        ) : (
          CHART_SPACE
        )}
        <Box paddingBlockStart="200">
          <InlineStack gap="400" align="center">
            {INSIGHT_SERIES_NAMES.map((name) => (
              <InlineStack gap="100" blockAlign="center" wrap={false} key={name}>
                <span style={{ width: 12, height: 12, borderRadius: 3, background: COLORS[name], flexShrink: 0 }} />
                <Text as="span" variant="bodySm">
                  {t(`insights.series.${name}`)}
                </Text>
              </InlineStack>
            ))}
          </InlineStack>
        </Box>
      </div>
    </>
  );
}
