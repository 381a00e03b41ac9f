import { AppProvider } from "@shopify/polaris";
import polarisSpanish from "@shopify/polaris/locales/es.json";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ApiErrorBanner } from "~/components/ApiErrorBanner";
import { DeliveryStatusBadge } from "~/components/DeliveryStatusBadge";
import { EmptyCard } from "~/components/EmptyCard";
import { I18nProvider } from "~/i18n/context";
import { ApiError } from "~/lib/api-client";

function render(node: ReactNode, tag = "es") {
  return renderToString(
    <AppProvider i18n={polarisSpanish}>
      <I18nProvider tag={tag}>{node}</I18nProvider>
    </AppProvider>,
  );
}

describe("feedback components", () => {
  it("shows the server's message of a failed call in a critical banner", () => {
    const html = render(<ApiErrorBanner error={new ApiError(400, "store_name: is required")} />);
    expect(html).toContain("store_name: is required");
    expect(html).toContain("Polaris-Banner");
  });

  it("words a network failure for the merchant instead of the browser's message", () => {
    const html = render(<ApiErrorBanner error={new TypeError("Failed to fetch")} />);
    expect(html).toContain("No se pudo contactar la aplicación");
    expect(html).not.toContain("Failed to fetch");
  });

  it("offers a retry in the merchant's language when the call can be repeated", () => {
    expect(render(<ApiErrorBanner error={new ApiError(502, "x")} onRetry={() => {}} />)).toContain("Reintentar");
  });

  it("renders nothing without an error", () => {
    expect(render(<ApiErrorBanner error={undefined} />)).not.toContain("Polaris-Banner");
  });

  it("names delivery statuses in the merchant's language", () => {
    expect(render(<DeliveryStatusBadge status="dead" />)).toContain("Fallido");
    expect(render(<DeliveryStatusBadge status="dead" />, "en")).toContain("Failed");
  });

  it("gives an empty list a heading", () => {
    expect(render(<EmptyCard heading="No hay envíos" />)).toContain("No hay envíos");
  });
});
