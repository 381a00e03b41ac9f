import { AppProvider } from "@shopify/polaris";
import polarisSpanish from "@shopify/polaris/locales/es.json";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "~/i18n/context";
import { EMPTY_SUMS } from "~/lib/outcomes";
import { OutcomeTable } from "~/routes/app.insights/components/OutcomeTable";

function render(node: ReactNode, tag: string) {
  return renderToString(
    <AppProvider i18n={polarisSpanish}>
      <I18nProvider tag={tag}>{node}</I18nProvider>
    </AppProvider>,
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

const row = (key: string, orders: number) => ({ key, label: key, sums: { ...EMPTY_SUMS, orders, delivered: 1 } });
const ROWS = [
  row("confirmed", 6),
  row("incident_new_date", 3),
  row("incident_new_address", 1),
  row("incident_office_pickup", 1),
  row("incident_refused", 1),
  row("incident_something_else", 1),
];

const table = (tag: string, answersRecorded = true) =>
  render(
    <OutcomeTable
      dimension="answer"
      rows={ROWS}
      period={{ from: "2026-11-26", to: "2026-11-28" }}
      currency="COP"
      flowNames={{}}
      answersRecorded={answersRecorded}
    />,
    tag,
  );

describe("the outcomes' table by the buyer's answer", () => {
  it("words the incident answers as the order block and the log do, in Spanish (tú) and English", () => {
    const es = text(table("es"));
    for (const words of ["Confirmó", "Pidió nueva fecha", "Dio una nueva dirección", "Lo recoge en la oficina"]) {
      expect(es).toContain(words);
    }
    // The incident's refusal is not the confirmation's "Rechazó".
    expect(es).toContain("No quiere el paquete");
    expect(es).not.toContain("Rechazó");
    // A kind with no words is shown as stored.
    expect(es).toContain("incident_something_else");
    const en = text(table("en"));
    for (const words of ["Asked for a new date", "Gave a new address", "Will pick it up at the office"]) {
      expect(en).toContain(words);
    }
    expect(en).toContain("Does not want the parcel");
  });

  it("links an incident answer's figures to the log filtered to its orders", () => {
    const html = table("es").replace(/&amp;/g, "&");
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    const newDate = hrefs.filter((href) => href.includes("outcomeKey=incident_new_date"));
    expect(newDate).toContain(
      "/app/deliveries?outcome=answer&measure=delivered&from=2026-11-26&to=2026-11-28&outcomeKey=incident_new_date&outcomeLabel=Pidi%C3%B3+nueva+fecha",
    );
  });

  it("leaves out the buyer-confirmed count, never a 0, while the shop has no answer rules", () => {
    expect(text(table("es"))).toContain("Confirmados por el comprador");
    const withoutRules = table("es", false);
    expect(text(withoutRules)).not.toContain("Confirmados por el comprador");
    expect(withoutRules).not.toContain("measure=confirmed");
    expect(text(withoutRules)).toContain("Despachados");
  });
});
