import { useEffect, useState } from "preact/hooks";
import { incidentAnswerLines, spokenDay, type IncidentAnswersAnswer } from "./incident-answers";

/**
 * What the buyer answered to the parcel's delivery incidents (docs/decisions/331), newest first, with when, in the
 * shop's time zone. Nothing answered yet, an app without it (an older deployment) or a failed read leaves it out.
 */
export function IncidentAnswerSection({ orderId }: { orderId: string }) {
  const { i18n } = shopify;
  const [answer, setAnswer] = useState<IncidentAnswersAnswer | null>(null);

  useEffect(() => {
    fetch(`/api/orders/incident-answers?orderId=${encodeURIComponent(orderId)}`)
      .then(async (response) => setAnswer(response.ok ? ((await response.json()) as IncidentAnswersAnswer) : null))
      .catch(() => setAnswer(null));
  }, [orderId]);

  if (!answer?.answers.length) return null;
  const lines = incidentAnswerLines(answer, {
    // A calendar day: the same day wherever it is read, so it is worded at noon UTC.
    day: (day) =>
      spokenDay(
        i18n.formatDate(new Date(`${day}T12:00:00Z`), {
          timeZone: "UTC",
          weekday: "long",
          day: "numeric",
          month: "long",
        }),
      ),
    time: (iso) =>
      i18n.formatDate(new Date(iso), { timeZone: answer.timeZone, dateStyle: "medium", timeStyle: "short" }),
  });

  return (
    <s-section heading={i18n.translate("incident.heading")}>
      <s-stack direction="block" gap="small-200">
        {lines.map((line, index) => (
          <s-stack key={`${index}-${line.key}`} direction="block" gap="small-400">
            <s-text type="strong">{i18n.translate(line.key, line.values)}</s-text>
            <s-text color="subdued">{i18n.translate("incident.at", { time: line.time })}</s-text>
          </s-stack>
        ))}
      </s-stack>
    </s-section>
  );
}
