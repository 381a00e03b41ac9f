import { BlockStack, Card, Checkbox, Text } from "@shopify/polaris";
import { useState } from "react";
import { ApiErrorBanner } from "~/components/ApiErrorBanner";
import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { useI18n } from "~/i18n/context";
import { ANSWER_TAGS } from "~/lib/answer-rules";
import { DUPLICATE_TAG, NO_PHONE_TAG } from "~/lib/order-rules";

interface TagPolicy {
  replaceOutcomeTag: boolean;
  answerTag: boolean;
}

/**
 * The tags the app adds to orders, each with what it means in the merchant's language (the tag itself is the same
 * in every language, as filters and automations look for it), and two preferences saved on each change through
 * `/app/order-tag-policy`: the buyer's answer as a tag (on by default, docs/decisions/301) and whether a new flow
 * result replaces the app's earlier one (off by default: tags are only added, as the spec says, decision 193).
 */
export function OutcomeTagSetting({ policy }: { policy: TagPolicy }) {
  const { t } = useI18n();
  const [saved, setSaved] = useState(policy);
  const save = useWrite<{ success: true; policy: TagPolicy }>("/app/order-tag-policy", (result) => {
    setSaved(result.policy);
    showToast(t("tagPolicy.saved"));
  });

  function change(name: keyof TagPolicy, value: boolean) {
    setSaved((current) => ({ ...current, [name]: value }));
    save.submit("save", { [name]: value });
  }

  const tags: [string, string][] = [
    ["automation-processed", t("tagPolicy.meaning.processed")],
    ["automation-completed", t("tagPolicy.meaning.completed")],
    ["automation-pending", t("tagPolicy.meaning.pending")],
    ["automation-error", t("tagPolicy.meaning.error")],
    [ANSWER_TAGS.confirmed, t("tagPolicy.meaning.buyerConfirmed")],
    [ANSWER_TAGS.refused, t("tagPolicy.meaning.buyerRefused")],
    [ANSWER_TAGS.no_answer, t("tagPolicy.meaning.buyerNoAnswer")],
    [NO_PHONE_TAG, t("tagPolicy.meaning.noPhone")],
    [DUPLICATE_TAG, t("tagPolicy.meaning.duplicate")],
  ];
  return (
    <Card>
      <BlockStack gap="300">
        <BlockStack gap="100">
          <Text as="h3" variant="headingSm">
            {t("tagPolicy.list")}
          </Text>
          <ul style={{ margin: 0, paddingInlineStart: "1.25rem" }}>
            {tags.map(([tag, meaning]) => (
              <li key={tag} data-tag={tag}>
                <Text as="span">
                  <code style={{ overflowWrap: "anywhere" }}>{tag}</code>: {meaning}
                </Text>
              </li>
            ))}
          </ul>
        </BlockStack>
        <Checkbox
          label={t("tagPolicy.answerTag")}
          helpText={t("tagPolicy.answerTagHelp")}
          checked={saved.answerTag}
          disabled={save.busy}
          onChange={(value) => change("answerTag", value)}
        />
        <Checkbox
          label={t("tagPolicy.replace")}
          helpText={t("tagPolicy.replaceHelp")}
          checked={saved.replaceOutcomeTag}
          disabled={save.busy}
          onChange={(value) => change("replaceOutcomeTag", value)}
        />
        {save.message && <ApiErrorBanner message={save.message} />}
      </BlockStack>
    </Card>
  );
}
