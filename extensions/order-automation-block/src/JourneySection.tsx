import { useEffect, useState } from "preact/hooks";
import { buildJourneyView, journeyText, type JourneyAnswer } from "./journey";
import type { Line } from "./story";

/**
 * The order's parcel from the supplier marketplace (docs/decisions/303): where it is in words, the tracking number
 * and carrier, since when, an open incident, and every status as the marketplace spelled it with its time, all in
 * the shop's time zone. An app without the journey (an older deployment) or a failed read leaves it out.
 */
export function JourneySection({ orderId }: { orderId: string }) {
  const { i18n } = shopify;
  const [answer, setAnswer] = useState<JourneyAnswer | null>(null);

  useEffect(() => {
    fetch(`/api/orders/journey?orderId=${encodeURIComponent(orderId)}`)
      .then(async (response) => setAnswer(response.ok ? ((await response.json()) as JourneyAnswer) : null))
      .catch(() => setAnswer(null));
  }, [orderId]);

  if (!answer) return null;
  // The shop's zone, given explicitly: the admin's user may sit in another one.
  const time = (iso: string) =>
    i18n.formatDate(new Date(iso), { timeZone: answer.timeZone, dateStyle: "medium", timeStyle: "short" });
  const view = buildJourneyView(answer, time);
  const t = (line: Line) => journeyText(line, (key, values) => i18n.translate(key, values));

  return (
    <s-section heading={i18n.translate("journey.heading")}>
      {view.none ? (
        <s-stack direction="block" gap="small-200">
          <s-text type="strong">{i18n.translate("journey.none")}</s-text>
          <s-text color="subdued">{i18n.translate("journey.noneHelp")}</s-text>
        </s-stack>
      ) : (
        <s-stack direction="block" gap="base">
          {view.parcels.map((parcel) => (
            <s-stack key={parcel.supplierOrderId} direction="block" gap="small-200">
              <s-stack direction="inline" gap="small-200">
                <s-badge tone={parcel.badge.tone === "neutral" ? "neutral" : parcel.badge.tone}>
                  {t(parcel.badge.line)}
                </s-badge>
                <s-text color="subdued">
                  {i18n.translate("journey.supplierOrder", { id: parcel.supplierOrderId })}
                </s-text>
              </s-stack>
              {parcel.lines.map((line) => (
                <s-text key={line.key}>{t(line)}</s-text>
              ))}
              {parcel.incident && <s-banner tone="warning">{t(parcel.incident)}</s-banner>}
              {parcel.unknownHelp && <s-banner tone="info">{t(parcel.unknownHelp)}</s-banner>}
              {parcel.timeline.length > 0 && (
                <s-stack direction="block" gap="small-400">
                  <s-text type="strong">{i18n.translate("journey.history")}</s-text>
                  {parcel.timeline.map((entry, index) => (
                    <s-text key={`${index}-${entry.status}`}>
                      {entry.status}
                      {entry.unknown ? ` (${i18n.translate("journey.unknownMark")})` : ""} · {entry.time}
                    </s-text>
                  ))}
                </s-stack>
              )}
            </s-stack>
          ))}
        </s-stack>
      )}
    </s-section>
  );
}
