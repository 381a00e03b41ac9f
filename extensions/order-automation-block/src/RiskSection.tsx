import { useEffect, useState } from "preact/hooks";
import { KNOWN_REASONS } from "./risk-reasons";

/** GET /api/orders/risk's answer (app/routes/api.orders.risk.ts). */
export interface RiskAnswer {
  risk: {
    score: number;
    level: "low" | "medium" | "high";
    reasons: { code: string; points: number; values?: Record<string, string | number> }[];
  } | null;
}

const TONES = { low: "success", medium: "warning", high: "critical" } as const;

/**
 * The order's return-risk score from the shop's own history: the score, its level and each reason in words, the
 * heaviest first. No score (an order from before scoring, an older deployment, a failed read): the section is left out.
 */
export function RiskSection({ orderId }: { orderId: string }) {
  const { i18n } = shopify;
  const [answer, setAnswer] = useState<RiskAnswer | null>(null);

  useEffect(() => {
    fetch(`/api/orders/risk?orderId=${encodeURIComponent(orderId)}`)
      .then(async (response) => setAnswer(response.ok ? ((await response.json()) as RiskAnswer) : null))
      .catch(() => setAnswer(null));
  }, [orderId]);

  const risk = answer?.risk;
  if (!risk) return null;
  const reasons = [...risk.reasons].sort(
    (a, b) => Math.abs(b.points) - Math.abs(a.points) || a.code.localeCompare(b.code),
  );
  const reasonText = (reason: (typeof reasons)[number]) => {
    // A `count` picks the plural form ("1 devolución", "2 devoluciones").
    const values = { ...reason.values, code: reason.code };
    return KNOWN_REASONS.has(reason.code)
      ? i18n.translate(`risk.reason.${reason.code}`, values)
      : i18n.translate("risk.reason.other", values);
  };
  const points = (value: number) => i18n.translate(value >= 0 ? "risk.pointsUp" : "risk.pointsDown", { points: value });

  return (
    <s-section heading={i18n.translate("risk.heading")}>
      <s-stack direction="block" gap="small-200">
        <s-stack direction="inline" gap="small-200">
          <s-badge tone={TONES[risk.level] ?? "neutral"}>{i18n.translate(`risk.level.${risk.level}`)}</s-badge>
          <s-text type="strong">{i18n.translate("risk.score", { score: risk.score })}</s-text>
        </s-stack>
        {reasons.map((reason) => (
          <s-text key={reason.code}>
            {reasonText(reason)} ({points(reason.points)})
          </s-text>
        ))}
        <s-text color="subdued">{i18n.translate("risk.help")}</s-text>
      </s-stack>
    </s-section>
  );
}
