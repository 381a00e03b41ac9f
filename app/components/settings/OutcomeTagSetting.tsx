import { BlockStack, Card, Checkbox } from "@shopify/polaris";
import { useState } from "react";
import { ApiErrorBanner } from "~/components/ApiErrorBanner";
import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { useI18n } from "~/i18n/context";

/**
 * Whether the flow's callback replaces the outcome tag the app added earlier (docs/decisions/193). Off by
 * default: tags are only added, as the spec says. Saved on each change through `/app/order-tag-policy`.
 */
export function OutcomeTagSetting({ replaceOutcomeTag }: { replaceOutcomeTag: boolean }) {
  const { t } = useI18n();
  const [checked, setChecked] = useState(replaceOutcomeTag);
  const save = useWrite<{ success: true; policy: { replaceOutcomeTag: boolean } }>(
    "/app/order-tag-policy",
    (result) => {
      setChecked(result.policy.replaceOutcomeTag);
      showToast(t("tagPolicy.saved"));
    },
  );

  function change(value: boolean) {
    setChecked(value);
    save.submit("save", { replaceOutcomeTag: value });
  }

  return (
    <Card>
      <BlockStack gap="200">
        <Checkbox
          label={t("tagPolicy.replace")}
          helpText={t("tagPolicy.replaceHelp")}
          checked={checked}
          disabled={save.busy}
          onChange={change}
        />
        {save.message && <ApiErrorBanner message={save.message} />}
      </BlockStack>
    </Card>
  );
}
