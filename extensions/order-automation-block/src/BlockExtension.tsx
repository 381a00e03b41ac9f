import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { useCallback, useEffect, useState } from "preact/hooks";
import { IncidentAnswerSection } from "./IncidentAnswerSection";
import { JourneySection } from "./JourneySection";
import { RiskSection } from "./RiskSection";
import { buildBuyerView, buyerActionRequest, holdFailureMessage, type BuyerAction, type BuyerState } from "./buyer";
import { actionRequest, buildStory, failureMessage, NETWORK_FAILURE, type Line, type StoryDelivery } from "./story";

export default async () => {
  render(<Extension />, document.body);
};

function Extension() {
  const { i18n, data } = shopify;
  const orderId = data.selected[0]?.id ?? "";
  const [deliveries, setDeliveries] = useState<StoryDelivery[] | null>(null);
  const [error, setError] = useState<Line | null>(null);
  const [paused, setPaused] = useState(false);
  const [busy, setBusy] = useState(false);
  // A resend runs the buyer's flow again: the first press asks, the second sends.
  const [confirming, setConfirming] = useState(false);
  const [buyer, setBuyer] = useState<BuyerState | null>(null);
  // Releasing or cancelling a hold asks first too.
  const [holdConfirming, setHoldConfirming] = useState<BuyerAction | null>(null);
  const t = (line: Line) => i18n.translate(line.key, line.values);

  // The buyer's answer and the hold: an app without them (an older deployment) leaves the section out.
  const loadBuyer = useCallback(async () => {
    const response = await fetch(`/api/orders/hold?orderId=${encodeURIComponent(orderId)}`);
    setBuyer(response.ok ? ((await response.json()) as BuyerState) : null);
  }, [orderId]);

  const load = useCallback(async () => {
    // A relative URL: the admin sends it to the app's URL with a fresh session token.
    const response = await fetch(`/api/deliveries?orderId=${encodeURIComponent(orderId)}`);
    if (!response.ok) {
      setError(await failureMessage(response));
      return;
    }
    setError(null);
    const body = (await response.json()) as { deliveries: StoryDelivery[]; paused?: boolean };
    setPaused(body.paused === true);
    setDeliveries(body.deliveries);
  }, [orderId]);

  useEffect(() => {
    load().catch(() => setError(NETWORK_FAILURE));
    loadBuyer().catch(() => setBuyer(null));
  }, [load, loadBuyer]);

  if (!deliveries && !error) {
    return (
      <s-admin-block heading={i18n.translate("heading")}>
        <s-spinner accessibilityLabel={i18n.translate("loading")} />
      </s-admin-block>
    );
  }
  const story = buildStory(deliveries ?? [], new Date(), paused);
  // A log that could not be read says nothing about the order: the failure alone, never "not received" under it.
  const known = deliveries !== null;

  async function act() {
    if (!story.action || !story.deliveryId) return;
    if (story.action === "resend" && !confirming) return setConfirming(true);
    setBusy(true);
    const { url, init } = actionRequest(story.action, story.deliveryId, orderId, confirming);
    try {
      const response = await fetch(url, init);
      setConfirming(false);
      if (!response.ok) setError(await failureMessage(response));
      else await load();
    } catch {
      setConfirming(false);
      setError(NETWORK_FAILURE);
    }
    setBusy(false);
  }

  async function actOnHold(action: BuyerAction) {
    setHoldConfirming(null);
    setBusy(true);
    const { url, init } = buyerActionRequest(action, orderId);
    try {
      const response = await fetch(url, init);
      if (!response.ok) setError(await holdFailureMessage(response));
      else {
        // A refusal shown before is answered now: it no longer stands.
        setError(null);
        setBuyer((await response.json()) as BuyerState);
      }
    } catch {
      setError(NETWORK_FAILURE);
    }
    setBusy(false);
  }

  const view = buyer && (buyer.answer || buyer.hold.state !== "none") ? buildBuyerView(buyer, new Date()) : null;

  return (
    <s-admin-block heading={i18n.translate("heading")}>
      <s-stack direction="block" gap="base">
        {error && <s-banner tone="critical">{t(error)}</s-banner>}
        {known && (
          <s-stack direction="inline" gap="small-200">
            <s-badge tone={story.tone === "neutral" ? "neutral" : story.tone}>{t(story.status)}</s-badge>
            {story.earlier > 0 && (
              <s-text color="subdued">{i18n.translate("story.earlier", { count: story.earlier })}</s-text>
            )}
          </s-stack>
        )}
        {known && story.lines.map((line) => <s-text key={line.key}>{t(line)}</s-text>)}
        {story.tags.length > 0 && (
          <s-stack direction="inline" gap="small-200">
            {story.tags.map((tag) => (
              <s-badge key={tag}>{tag}</s-badge>
            ))}
          </s-stack>
        )}
        {confirming && <s-banner tone="warning">{i18n.translate("repeat.warning")}</s-banner>}
        {known && story.action && (
          <s-stack direction="inline" gap="small-200">
            <s-button onClick={act} loading={busy} disabled={busy}>
              {i18n.translate(confirming ? "repeat.confirm" : `action.${story.action}`)}
            </s-button>
            {confirming && <s-button onClick={() => setConfirming(false)}>{i18n.translate("repeat.cancel")}</s-button>}
          </s-stack>
        )}
        {view && (
          <s-stack direction="block" gap="small-200">
            <s-stack direction="inline" gap="small-200">
              <s-text type="strong">{i18n.translate("buyer.heading")}</s-text>
              {view.answer && <s-badge tone={view.answer.tone}>{i18n.translate(view.answer.key)}</s-badge>}
            </s-stack>
            {view.lines.map((line) => (
              <s-text key={line.key}>{t(line)}</s-text>
            ))}
            {holdConfirming ? (
              <s-banner tone={holdConfirming === "cancel" ? "critical" : "warning"}>
                <s-stack direction="block" gap="small-200">
                  <s-text>{i18n.translate(`buyer.confirm.${holdConfirming}`)}</s-text>
                  <s-stack direction="inline" gap="small-200">
                    <s-button
                      tone={holdConfirming === "cancel" ? "critical" : "auto"}
                      onClick={() => actOnHold(holdConfirming)}
                    >
                      {i18n.translate("buyer.confirm.yes")}
                    </s-button>
                    <s-button onClick={() => setHoldConfirming(null)}>{i18n.translate("buyer.confirm.no")}</s-button>
                  </s-stack>
                </s-stack>
              </s-banner>
            ) : (
              view.actions.length > 0 && (
                <s-stack direction="inline" gap="small-200">
                  {view.actions.map((action) => (
                    <s-button
                      key={action}
                      tone={action === "cancel" ? "critical" : "auto"}
                      onClick={() => setHoldConfirming(action)}
                      disabled={busy}
                    >
                      {i18n.translate(`buyer.action.${action}`)}
                    </s-button>
                  ))}
                </s-stack>
              )
            )}
          </s-stack>
        )}
        <RiskSection orderId={orderId} />
        <JourneySection orderId={orderId} />
        <IncidentAnswerSection orderId={orderId} />
      </s-stack>
    </s-admin-block>
  );
}
