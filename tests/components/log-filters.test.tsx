import { AppProvider } from "@shopify/polaris";
import polarisSpanish from "@shopify/polaris/locales/es.json";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "~/i18n/context";
import { outcomeLogUrl, readOutcomeFilter, type OutcomeFilter } from "~/lib/outcomes";
import { EmptyLog } from "~/routes/app.deliveries._index/components/EmptyLog";
import { OutcomeFilterBanner } from "~/routes/app.deliveries._index/components/OutcomeFilterBanner";

function render(node: ReactNode, tag = "es") {
  return renderToString(
    <AppProvider i18n={polarisSpanish}>
      <I18nProvider tag={tag}>{node}</I18nProvider>
    </AppProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

const delivered: OutcomeFilter = {
  dimension: "city",
  key: "bogota d.c.",
  measure: "delivered",
  from: "2026-10-30",
  to: "2026-11-28",
  label: "Bogotá D.C.",
};

describe("the log opened from a figure of the outcomes", () => {
  it("carries the name the table showed through the URL, and reads it back", () => {
    const url = new URL(outcomeLogUrl(delivered), "https://app.example");
    expect(readOutcomeFilter(url.searchParams)).toEqual(delivered);
  });

  it("says which orders it shows, by the shop's days, and offers every order back (es, en)", () => {
    const es = text(render(<OutcomeFilterBanner filter={delivered} onClear={() => {}} />));
    expect(es).toContain("Solo los pedidos de una cifra de Estadísticas");
    expect(es).toContain("Entregados · Ciudad: Bogotá D.C. · 30 oct – 28 nov");
    expect(es).toContain("Ver todos los pedidos");
    const oneDay = { dimension: "all", key: "", measure: "returned", from: "2026-11-28", to: "2026-11-28" } as const;
    const en = text(render(<OutcomeFilterBanner filter={oneDay} onClear={() => {}} />, "en"));
    expect(en).toContain("Returned · Nov 28");
    expect(en).toContain("Show all orders");
    expect(render(<OutcomeFilterBanner filter={null} onClear={() => {}} />)).toBe(render(<></>));
  });

  it("calls an empty page of such a figure a filter that found nothing, not an empty log", () => {
    const props = { q: undefined, status: undefined, appAction: null, journey: null, risk: null };
    const empty = text(
      render(<EmptyLog {...props} outcome={delivered} onClearSearch={() => {}} onClearFilter={() => {}} />),
    );
    expect(empty).toContain("Entregados");
    expect(empty).not.toContain(
      text(render(<EmptyLog {...props} outcome={null} onClearSearch={() => {}} onClearFilter={() => {}} />)),
    );
  });
});
