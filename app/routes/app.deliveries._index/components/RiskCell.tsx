import { Badge, type BadgeProps, BlockStack, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import type { RiskSummary } from "~/lib/risk-log";
import { reasonsByWeight, riskReasonText } from "~/lib/risk-words";

const TONES: Record<string, BadgeProps["tone"]> = { high: "critical", medium: "warning" };

/**
 * The order's return-risk score (docs/decisions/334): its level and score, and the reason that weighs most, in the
 * merchant's words. A low score shows only its badge; an order with no score shows nothing.
 */
export function RiskCell({ risk }: { risk: RiskSummary | null | undefined }) {
  const { t, locale } = useI18n();
  if (!risk) return null;
  const [first] = reasonsByWeight(risk.reasons.filter((reason) => reason.points > 0));
  return (
    <span data-risk={risk.level}>
      <BlockStack gap="050">
        <Badge tone={TONES[risk.level]}>
          {t("risk.log.badge", {
            score: risk.score,
            level: t(`risk.level.${risk.level}` as Parameters<typeof t>[0]),
          })}
        </Badge>
        {risk.level !== "low" && first && (
          <Text as="span" tone="subdued">
            {riskReasonText(locale, first)}
          </Text>
        )}
      </BlockStack>
    </span>
  );
}
