import { BlockStack, Button, Card, FormLayout, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useErrorMessage } from "~/components/ApiErrorBanner";
import { FormFeedback } from "~/components/FormFeedback";
import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { useI18n } from "~/i18n/context";
import {
  BLOCKED_PHONE_ACTIONS,
  type BlockedPhoneAction,
  type BlockedPhoneEntry,
  type BlocklistSuggestion,
} from "~/lib/phone-blocklist";

const TOASTS: Record<string, "blocklist.added" | "blocklist.removed" | "blocklist.saved"> = {
  "blocklist-add": "blocklist.added",
  "blocklist-remove": "blocklist.removed",
  "blocklist-action": "blocklist.saved",
};

/** The phones the merchant blocked, the rule for their orders, and phones worth blocking (docs/decisions/337). */
export function BlocklistCard({
  phones,
  action,
  suggestions,
}: {
  phones: BlockedPhoneEntry[];
  action: BlockedPhoneAction;
  suggestions: BlocklistSuggestion[];
}) {
  const { t, tp, date } = useI18n();
  const message = useErrorMessage();
  const [phone, setPhone] = useState("");
  const [reason, setReason] = useState("");
  const write = useWrite<{ success: true }>("/app/order-rules", (done) => {
    if (done.intent === "blocklist-add") {
      setPhone("");
      setReason("");
    }
    showToast(t(TOASTS[done.intent] ?? "blocklist.saved"));
  });
  const phoneError = write.failure?.field === "phone" ? message(write.failure) : undefined;
  const suggestionReason = (suggestion: BlocklistSuggestion) =>
    [
      suggestion.returns ? tp("blocklist.suggestion.returns", suggestion.returns) : "",
      suggestion.refusals ? tp("blocklist.suggestion.refusals", suggestion.refusals) : "",
    ]
      .filter(Boolean)
      .join(", ");

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingSm">
          {t("blocklist.title")}
        </Text>
        <Text as="p" tone="subdued">
          {t("blocklist.description")}
        </Text>
        <FormFeedback
          failure={write.failure && !phoneError ? message(write.failure) : undefined}
          onDismissFailure={write.clear}
        />
        <Select
          label={t("blocklist.action")}
          options={BLOCKED_PHONE_ACTIONS.map((value) => ({ label: t(`blocklist.action.${value}`), value }))}
          value={action}
          onChange={(value) => write.submit("blocklist-action", { action: value })}
          helpText={action === "hold" ? t("blocklist.action.hold.help") : undefined}
        />
        <FormLayout>
          <FormLayout.Group>
            <TextField
              label={t("blocklist.phone")}
              type="tel"
              value={phone}
              onChange={setPhone}
              autoComplete="off"
              error={phoneError}
            />
            <TextField label={t("blocklist.reason")} value={reason} onChange={setReason} autoComplete="off" />
          </FormLayout.Group>
        </FormLayout>
        <InlineStack align="end">
          <Button
            onClick={() => write.submit("blocklist-add", { phone, reason })}
            loading={write.pending("blocklist-add")}
            disabled={!phone.trim()}
          >
            {t("blocklist.add")}
          </Button>
        </InlineStack>
        {phones.length ? (
          <BlockStack gap="200" as="ul">
            {phones.map((entry) => (
              <li key={entry.phone} style={{ listStyle: "none" }}>
                <InlineStack align="space-between" blockAlign="center" gap="200" wrap>
                  <BlockStack gap="050">
                    <Text as="span" fontWeight="semibold">
                      {entry.phone}
                    </Text>
                    <Text as="span" tone="subdued">
                      {[entry.reason, t("blocklist.since", { date: date(entry.createdAt) })]
                        .filter(Boolean)
                        .join(" · ")}
                    </Text>
                  </BlockStack>
                  <Button
                    variant="plain"
                    tone="critical"
                    onClick={() => write.submit("blocklist-remove", { phone: entry.phone })}
                    accessibilityLabel={t("blocklist.remove", { phone: entry.phone })}
                  >
                    {t("blocklist.unblock")}
                  </Button>
                </InlineStack>
              </li>
            ))}
          </BlockStack>
        ) : (
          <Text as="p" tone="subdued">
            {t("blocklist.empty")}
          </Text>
        )}
        {suggestions.length ? (
          <BlockStack gap="200">
            <Text as="h3" variant="headingSm">
              {t("blocklist.suggestions")}
            </Text>
            <BlockStack gap="200" as="ul">
              {suggestions.map((suggestion) => (
                <li key={suggestion.phone} style={{ listStyle: "none" }}>
                  <InlineStack align="space-between" blockAlign="center" gap="200" wrap>
                    <Text as="span">
                      {suggestion.phone} · {suggestionReason(suggestion)}
                    </Text>
                    <Button
                      onClick={() =>
                        write.submit("blocklist-add", { phone: suggestion.phone, reason: suggestionReason(suggestion) })
                      }
                      accessibilityLabel={t("blocklist.suggestion.block", { phone: suggestion.phone })}
                    >
                      {t("blocklist.block")}
                    </Button>
                  </InlineStack>
                </li>
              ))}
            </BlockStack>
          </BlockStack>
        ) : null}
      </BlockStack>
    </Card>
  );
}
