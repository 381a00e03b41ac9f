import { BlockStack, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import { formatAnswerDay, type IncidentAnswerView } from "~/lib/incident-answers";

/**
 * The buyer's answer to a delivery incident (docs/decisions/331), as the flow reported it: "Pidió nueva fecha:
 * miércoles 2 de diciembre", and when, in the shop's time zone. Nothing when there is no answer.
 */
export function IncidentAnswerText({ answer }: { answer: IncidentAnswerView | null | undefined }) {
  const { t, dateTime, locale } = useI18n();
  if (!answer) return null;
  const label =
    answer.answer === "new_date" && answer.newDate
      ? t("incidents.answer.new_date.day", { day: formatAnswerDay(answer.newDate, locale) })
      : answer.answer === "new_address" && answer.newAddress
        ? t("incidents.answer.new_address.text", { address: answer.newAddress })
        : t(`incidents.answer.${answer.answer}`);
  return (
    <span data-incident-answer={answer.answer}>
      <BlockStack gap="025">
        <Text as="span" fontWeight="medium">
          {label}
        </Text>
        <Text as="span" tone="subdued">
          {t("incidents.answer.at", { time: dateTime(answer.answeredAt) })}
        </Text>
      </BlockStack>
    </span>
  );
}
