import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { failureMessage, NETWORK_FAILURE, type Line } from "../../order-automation-block/src/story";
import { resendRequest, resendState } from "./resend";

export default async () => {
  render(<Extension />, document.body);
};

function Extension() {
  const { i18n, close, data } = shopify;
  const orderId = data.selected[0]?.id ?? "";
  const [latest, setLatest] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState<Line | null>(null);
  const [paused, setPaused] = useState(false);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    (async () => {
      const response = await fetch(`/api/deliveries?orderId=${encodeURIComponent(orderId)}`);
      if (!response.ok) return setError(await failureMessage(response));
      const body = (await response.json()) as { deliveries: { status: string }[]; paused?: boolean };
      setPaused(body.paused === true);
      setLatest(body.deliveries[0]?.status ?? null);
    })().catch(() => setError(NETWORK_FAILURE));
  }, [orderId]);

  const state = latest === undefined ? null : resendState(latest);

  async function send() {
    setBusy(true);
    const { url, init } = resendRequest(orderId, state?.repeat ?? false);
    try {
      const response = await fetch(url, init);
      if (response.ok) setSent(true);
      else setError(await failureMessage(response));
    } catch {
      setError(NETWORK_FAILURE);
    }
    setBusy(false);
  }

  return (
    <s-admin-action heading={i18n.translate("heading")} loading={latest === undefined && !error}>
      <s-stack direction="block" gap="base">
        {error && <s-banner tone="critical">{i18n.translate(error.key, error.values)}</s-banner>}
        {sent && <s-banner tone="success">{i18n.translate("resend.sent")}</s-banner>}
        {state && !sent && <s-text>{i18n.translate(state.messageKey)}</s-text>}
        {state?.allowed && paused && <s-text>{i18n.translate("resend.paused")}</s-text>}
      </s-stack>
      <s-button slot="primary-action" onClick={send} loading={busy} disabled={!state?.allowed || sent || busy}>
        {i18n.translate("resend.button")}
      </s-button>
      <s-button slot="secondary-actions" onClick={() => close()}>
        {i18n.translate("close")}
      </s-button>
    </s-admin-action>
  );
}
