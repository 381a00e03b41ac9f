import { Badge, type BadgeProps, BlockStack, InlineStack, Link, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import type { BuyerOutcome } from "~/lib/buyer-outcome";

const TONES: Record<NonNullable<BuyerOutcome["answer"]>["answer"], BadgeProps["tone"]> = {
  confirmed: "success",
  refused: "critical",
  no_answer: "warning",
  waiting: "attention",
  no_rules: undefined,
};

/** Where answer rules are set: the settings page's answers section. */
export const ANSWER_RULES_URL = "/app/settings#answers";

/**
 * The buyer's answer to the flow (docs/decisions/210) and when it came, or since when the order waits for one; the
 * badge and its time wrap onto two lines where the row is narrow. With no answer rules, that no answer can be
 * recorded, and with `withHelp` (one order's page) why and where to set them (docs/decisions/329); the log says
 * that once above its rows. Nothing when there is nothing to wait for.
 */
export function BuyerAnswer({ answer, withHelp = false }: { answer: BuyerOutcome["answer"]; withHelp?: boolean }) {
  const { t, dateTime } = useI18n();
  if (!answer) return null;
  if (answer.answer === "no_rules") {
    return (
      <span data-answer="no_rules">
        <BlockStack gap="050" inlineAlign="start">
          <Badge>{t("deliveries.answer.noRules")}</Badge>
          {withHelp && (
            <>
              <Text as="span" tone="subdued">
                {t("deliveries.answer.noRulesHelp")}
              </Text>
              <Link url={ANSWER_RULES_URL}>{t("deliveries.answer.noRulesLink")}</Link>
            </>
          )}
        </BlockStack>
      </span>
    );
  }
  const label = answer.answer === "waiting" ? t("deliveries.answer.waiting") : t(`answers.answer.${answer.answer}`);
  const time = dateTime(answer.at);
  return (
    <span data-answer={answer.answer}>
      <InlineStack gap="100" blockAlign="center">
        <Badge tone={TONES[answer.answer]}>{label}</Badge>
        <Text as="span" tone="subdued">
          {answer.answer === "waiting" ? t("deliveries.answer.since", { time }) : time}
        </Text>
      </InlineStack>
    </span>
  );
}
