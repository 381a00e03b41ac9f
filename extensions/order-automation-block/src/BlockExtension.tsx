import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { useCallback, useEffect, useState } from "preact/hooks";
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
  const t = (line: Line) => i18n.translate(line.key, line.values);

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
  }, [load]);

  if (!deliveries && !error) {
    return (
      <s-admin-block heading={i18n.translate("heading")}>
        <s-spinner accessibilityLabel={i18n.translate("loading")} />
      </s-admin-block>
    );
  }
  const story = buildStory(deliveries ?? [], new Date(), paused);

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

  return (
    <s-admin-block heading={i18n.translate("heading")}>
      <s-stack direction="block" gap="base">
        {error && <s-banner tone="critical">{t(error)}</s-banner>}
        <s-stack direction="inline" gap="small-200">
          <s-badge tone={story.tone === "neutral" ? "neutral" : story.tone}>{t(story.status)}</s-badge>
          {story.earlier > 0 && (
            <s-text color="subdued">{i18n.translate("story.earlier", { count: story.earlier })}</s-text>
          )}
        </s-stack>
        {story.lines.map((line) => (
          <s-text key={line.key}>{t(line)}</s-text>
        ))}
        {story.tags.length > 0 && (
          <s-stack direction="inline" gap="small-200">
            {story.tags.map((tag) => (
              <s-badge key={tag}>{tag}</s-badge>
            ))}
          </s-stack>
        )}
        {confirming && <s-banner tone="warning">{i18n.translate("repeat.warning")}</s-banner>}
        {story.action && (
          <s-stack direction="inline" gap="small-200">
            <s-button onClick={act} loading={busy} disabled={busy}>
              {i18n.translate(confirming ? "repeat.confirm" : `action.${story.action}`)}
            </s-button>
            {confirming && <s-button onClick={() => setConfirming(false)}>{i18n.translate("repeat.cancel")}</s-button>}
          </s-stack>
        )}
      </s-stack>
    </s-admin-block>
  );
}
