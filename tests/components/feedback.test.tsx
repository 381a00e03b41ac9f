import { AppProvider } from "@shopify/polaris";
import polarisSpanish from "@shopify/polaris/locales/es.json";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ApiErrorBanner } from "~/components/ApiErrorBanner";
import { DeliveryStatusBadge } from "~/components/DeliveryStatusBadge";
import { EmptyCard } from "~/components/EmptyCard";
import { I18nProvider } from "~/i18n/context";
import type { FailureBody } from "~/lib/errors";

/** A failure as a page's action or loader returns it (the JSON routes' body). */
const failed = (error: string, extra: Partial<FailureBody> = {}): FailureBody => ({ success: false, error, ...extra });

function render(node: ReactNode, tag = "es") {
  return renderToString(
    <AppProvider i18n={polarisSpanish}>
      <I18nProvider tag={tag}>{node}</I18nProvider>
    </AppProvider>,
  );
}

describe("feedback components", () => {
  it("words a failed call by its code and field in the merchant's language, never the server's sentence", () => {
    const error = failed("store_name: is required", { code: "invalid_input", field: "store_name" });
    const html = render(<ApiErrorBanner error={error} />);
    expect(html).toContain("Ingresa el nombre de tu tienda del proveedor.");
    expect(html).not.toContain("store_name");
    expect(html).toContain("Polaris-Banner");
    expect(render(<ApiErrorBanner error={error} />, "en")).toContain("Enter the name of your supplier store.");
  });

  it("falls back to the code's message, then to a generic one", () => {
    const conflict = failed("Already delivered", { code: "already_delivered" });
    expect(render(<ApiErrorBanner error={conflict} />)).toContain("Este pedido ya llegó al flujo");
    const unknown = failed("I am a teapot", { code: "teapot" });
    const html = render(<ApiErrorBanner error={unknown} />);
    expect(html).toContain("Algo salió mal");
    expect(html).not.toContain("teapot");
  });

  it("words a network failure for the merchant instead of the browser's message", () => {
    const html = render(<ApiErrorBanner error={new TypeError("Failed to fetch")} />);
    expect(html).toContain("No se pudo contactar la aplicación");
    expect(html).not.toContain("Failed to fetch");
  });

  it("offers a retry in the merchant's language when the call can be repeated", () => {
    expect(render(<ApiErrorBanner error={failed("x", { code: "upstream_failed" })} onRetry={() => {}} />)).toContain(
      "Reintentar",
    );
  });

  it("renders nothing without an error", () => {
    expect(render(<ApiErrorBanner error={undefined} />)).not.toContain("Polaris-Banner");
  });

  it("names delivery statuses in the merchant's language", () => {
    const of = (status: "dead" | "flow_failed" | "skipped", lastErrorCode: string | null = null) => ({
      status,
      lastErrorCode,
    });
    expect(render(<DeliveryStatusBadge delivery={of("dead")} />)).toContain("Sin enviar");
    expect(render(<DeliveryStatusBadge delivery={of("dead")} />, "en")).toContain("Not sent");
    expect(render(<DeliveryStatusBadge delivery={of("flow_failed")} />)).toContain("El flujo falló");
    expect(render(<DeliveryStatusBadge delivery={of("flow_failed")} />, "en")).toContain("Flow failed");
  });

  it("calls an order the shop's rules held for the team held, never skipped", () => {
    const held = { status: "skipped" as const, lastErrorCode: "held_no_mobile" };
    expect(render(<DeliveryStatusBadge delivery={held} />)).toContain("Retenido por tus reglas");
    expect(render(<DeliveryStatusBadge delivery={held} />)).not.toContain("Omitido");
    expect(render(<DeliveryStatusBadge delivery={held} />, "en")).toContain("Held by your rules");
  });

  it("gives an empty list a heading", () => {
    expect(render(<EmptyCard heading="No hay envíos" />)).toContain("No hay envíos");
  });
});
