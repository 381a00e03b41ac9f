import { Button } from "@shopify/polaris";
import { useState } from "react";
import { useScopesRequest } from "~/components/OptionalScopesBanner";

/**
 * A button for the platform's own permission dialog (the same request as OptionalScopesBanner's); once granted,
 * the page's loaders run again and see the scopes (the scopes_update webhook stores them on the session).
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
  const requestScopes = useScopesRequest();
  const [busy, setBusy] = useState(false);
  async function request() {
    setBusy(true);
    const answer = await requestScopes(scopes);
    setBusy(false);
    if (answer === "declined") onDeclined();
    if (answer === "unavailable") onUnavailable();
  }
  return (
    <Button variant="primary" onClick={() => void request()} loading={busy}>
      {label}
    </Button>
  );
}
