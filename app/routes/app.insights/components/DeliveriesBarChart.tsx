import { BarChart, PolarisVizProvider, type DataSeries } from "@shopify/polaris-viz";

/**
 * The stacked bars themselves, in a module of their own: DeliveriesChart loads it lazily after hydration, so
 * polaris-viz (and d3 under it) is a browser chunk that the server never imports (docs/decisions/185).
 */
export default function DeliveriesBarChart({ data }: { data: DataSeries[] }) {
  return (
    <PolarisVizProvider>
      <div style={{ height: 280 }} data-testid="deliveries-chart">
        <BarChart data={data} type="stacked" theme="Light" showLegend={false} isAnimated={false} />
      </div>
    </PolarisVizProvider>
  );
}
