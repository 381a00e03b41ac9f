import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { failureMessage, NETWORK_FAILURE, type Line } from "../../order-automation-block/src/story";
import {
  resendRequest,
  resendState,
  sentLine,
  type ActionDelivery,
  type ActionContext,
  type SendAnywayTiming,
} from "./resend";

export default async () => {
  render(<Extension />, document.body);
};

function Extension() {
  const { i18n, close, data } = shopify;
  const orderId = data.selected[0]?.id ?? "";
  const [latest, setLatest] = useState<ActionDelivery | null | undefined>(undefined);
  const [error, setError] = useState<Line | null>(null);
  const [context, setContext] = useState<ActionContext>({});
  const [sent, setSent] = useState<Line | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    (async () => {
      const response = await fetch(`/api/deliveries?orderId=${encodeURIComponent(orderId)}`);
      if (!response.ok) return setError(await failureMessage(response));
      const body = (await response.json()) as ActionContext & { deliveries: ActionDelivery[] };
      setContext({ paused: body.paused === true, sendAnyway: body.sendAnyway ?? null });
      setLatest(body.deliveries[0] ?? null);
    })().catch(() => setError(NETWORK_FAILURE));
  }, [orderId]);

  const state = latest === undefined ? null : resendState(latest, context);

  async function send() {
    setBusy(true);
    const { url, init } = resendRequest(orderId, state?.send === "again");
    try {
      const response = await fetch(url, init);
      if (!response.ok) setError(await failureMessage(response));
      // A held order's answer says when it goes (the send-anyway service's timing, docs/decisions/282).
      else setSent(sentLine(((await response.json()) as { timing?: SendAnywayTiming }).timing));
    } catch {
      setError(NETWORK_FAILURE);
    }
    setBusy(false);
  }

  return (
    <s-admin-action heading={i18n.translate("heading")} loading={latest === undefined && !error}>
      <s-stack direction="block" gap="base">
        {error && <s-banner tone="critical">{i18n.translate(error.key, error.values)}</s-banner>}
        {sent && <s-banner tone="success">{i18n.translate(sent.key, sent.values)}</s-banner>}
        {state && !sent && <s-text>{i18n.translate(state.messageKey, state.values)}</s-text>}
        {state?.whenKey && !sent && <s-text>{i18n.translate(state.whenKey, state.values)}</s-text>}
        {state?.allowed && state.send !== "anyway" && context.paused && (
          <s-text>{i18n.translate("resend.paused")}</s-text>
        )}
      </s-stack>
      <s-button slot="primary-action" onClick={send} loading={busy} disabled={!state?.allowed || !!sent || busy}>
        {i18n.translate(state?.buttonKey ?? "resend.buttonFirst")}
      </s-button>
      <s-button slot="secondary-actions" onClick={() => close()}>
        {i18n.translate("close")}
      </s-button>
    </s-admin-action>
  );
}
