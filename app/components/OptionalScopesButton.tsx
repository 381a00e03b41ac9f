import { useRevalidator } from "@remix-run/react";
import { Button } from "@shopify/polaris";
import { useState } from "react";

interface ScopesApi {
  request: (scopes: string[]) => Promise<{ result: "granted-all" | "declined-all" }>;
}

/**
 * Asks the merchant for optional scopes through the platform's own dialog (App Bridge `shopify.scopes.request`);
 * once granted, the page's loaders run again and see them (the scopes_update webhook stores them on the session).
 */
export function OptionalScopesButton({
  scopes,
  label,
  onDeclined,
  onUnavailable,
}: {
  scopes: string[];
  label: string;
  onDeclined: () => void;
  onUnavailable: () => void;
}) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function request() {
    const api = (window as unknown as { shopify?: { scopes?: ScopesApi } }).shopify?.scopes;
    if (!api) return onUnavailable();
    setBusy(true);
    try {
      const { result } = await api.request(scopes);
      if (result === "granted-all") revalidator.revalidate();
      else onDeclined();
    } catch {
      onUnavailable();
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="primary" onClick={() => void request()} loading={busy}>
      {label}
    </Button>
  );
}
