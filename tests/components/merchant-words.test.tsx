import { AppProvider } from "@shopify/polaris";
import polarisSpanish from "@shopify/polaris/locales/es.json";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OrderName } from "~/components/OrderName";
import { createI18n, I18nProvider } from "~/i18n/context";
import { SWEEP_EVENT_PREFIX } from "~/lib/sweep";
import { FlowsCard } from "~/routes/app.insights/components/FlowsCard";
import { TimingCard } from "~/routes/app.insights/components/TimingCard";
import { AttemptLog } from "~/routes/app.deliveries.$id/components/AttemptLog";

function render(node: ReactNode, tag = "es") {
  return renderToString(
    <AppProvider i18n={polarisSpanish}>
      <I18nProvider tag={tag}>{node}</I18nProvider>
    </AppProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

const order = (eventId: string) => ({
  orderName: "#1042",
  orderId: "gid://shopify/Order/1042",
  topic: "orders/create",
  buyer: null,
  eventId,
});

describe("the words a merchant reads for an order and a flow", () => {
  it("asks to retry the orders a refused key left unsent, never to send them again: they may never have reached the flow", () => {
    const es = createI18n("es-CO").t("alerts.keyRefusedBody");
    expect(es).toContain("luego reintenta los pedidos sin enviar.");
    expect(es).not.toContain("de nuevo");
    const en = createI18n("en").t("alerts.keyRefusedBody");
    expect(en).toContain("then retry the orders not sent.");
    expect(en).not.toMatch(/again/);
  });

  it("marks an order the reconciliation sweep recovered, and only that one", () => {
    const recovered = text(render(<OrderName delivery={order(`${SWEEP_EVENT_PREFIX}gid://shopify/Order/1042`)} />));
    expect(recovered).toContain("#1042");
    expect(recovered).toContain("Recuperado");
    expect(text(render(<OrderName delivery={order(`${SWEEP_EVENT_PREFIX}x`)} />, "en"))).toContain("Recovered");
    expect(render(<OrderName delivery={order("b3c1f0e2-webhook-id")} />)).not.toContain("Recuperado");
  });

  it("names flows as the merchant named them, and gives the cart flow no confirmation rate", () => {
    const flows = [
      { flowId: "f_101", triggered: 40, confirmed: 30, failed: 2, confirmationRate: 0.75 },
      { flowId: "f_202", triggered: 12, confirmed: 0, failed: 1, confirmationRate: 0 },
    ];
    const names = { f_101: "Confirmación de pedido COD", f_202: "Recuperar carrito abandonado" };
    const html = text(render(<FlowsCard flows={flows} flowNames={names} cartFlowId="f_202" />));
    expect(html).toContain("Confirmación de pedido COD");
    expect(html).toContain("Recuperar carrito abandonado");
    expect(html).not.toContain("f_101");
    expect(html).toContain("75 %");
    expect(html).toContain("No aplica");
    expect(html).not.toContain("0 %");
    // A flow the platform no longer lists keeps its id rather than vanishing.
    expect(text(render(<FlowsCard flows={flows} flowNames={{}} cartFlowId={null} />))).toContain("f_101");
  });

  it("says a sub-second time in words that never break before their unit", () => {
    const html = render(<TimingCard recovered={0} orderToTrigger={{ count: 7, p50Ms: 420, p95Ms: 270_000 }} />);
    expect(html).toContain("menos de 1\u00a0s");
    expect(text(html)).toMatch(/4\smin 30\ss/);
    expect(render(<TimingCard recovered={0} orderToTrigger={{ count: 7, p50Ms: 420, p95Ms: 1600 }} />, "en")).toContain(
      "under 1\u00a0s",
    );
  });

  it("says the automation platform did not take an attempt, never that anyone refused the order", () => {
    const attempt = { at: "2026-11-28T14:26:00.000Z", httpStatus: 422, error: "Flow is paused", durationMs: 300 };
    const log = [
      { ...attempt, outcome: "refused" },
      { ...attempt, outcome: "retryable", httpStatus: 503 },
      { ...attempt, outcome: "delivered", httpStatus: 200, error: null },
    ];
    const spanish = text(render(<AttemptLog attemptLog={log} />));
    expect(spanish).toContain("No aceptado, no se reintenta solo");
    expect(spanish).toContain("Falló, se reintentará");
    expect(spanish).toContain("Aceptado por el flujo");
    expect(spanish).not.toMatch(/Rechaz/);
    const english = text(render(<AttemptLog attemptLog={log} />, "en"));
    expect(english).toContain("Not accepted, not retried on its own");
    expect(english).not.toMatch(/Refused/);
  });
});
