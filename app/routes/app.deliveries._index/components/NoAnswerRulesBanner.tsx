import { Banner, Text } from "@shopify/polaris";
import { useState } from "react";
import { useI18n } from "~/i18n/context";
import { ANSWER_RULES_URL } from "~/components/deliveries/BuyerAnswer";

/**
 * Orders on the page whose buyer's answer cannot be recorded because the shop has no answer rules
 * (docs/decisions/329): said once above the list, with where to set them, rather than a link in every row.
 * Dismissed for the visit: a merchant who does not want answers recorded keeps the grey badge in each row.
 */
export function NoAnswerRulesBanner({ shown }: { shown: boolean }) {
  const { t } = useI18n();
  const [dismissed, setDismissed] = useState(false);
  if (!shown || dismissed) return null;
  return (
    <Banner
      tone="info"
      title={t("deliveries.answer.noRulesTitle")}
      action={{ content: t("deliveries.answer.noRulesLink"), url: ANSWER_RULES_URL }}
      onDismiss={() => setDismissed(true)}
    >
      <Text as="p">{t("deliveries.answer.noRulesBanner")}</Text>
    </Banner>
  );
}
