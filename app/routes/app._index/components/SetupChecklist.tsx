import { Badge, BlockStack, Box, Button, Card, InlineStack, ProgressBar, Text } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useI18n } from "~/i18n/context";
import { setupComplete, setupSteps, type SetupState } from "~/lib/setup-steps";

// Per browser, like the admin's own dismissed guides; only a complete checklist (the optional theme aside) can be hidden.
const DISMISSED_KEY = "setup-guide-dismissed";

export function SetupChecklist({ setup }: { setup: SetupState }) {
  const { t } = useI18n();
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => setDismissed(window.localStorage.getItem(DISMISSED_KEY) === "1"), []);
  const steps = setupSteps(setup);
  const done = steps.filter((step) => step.done).length;
  const complete = setupComplete(steps);
  if (complete && dismissed) return null;
  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            {t("home.checklist.title")}
          </Text>
          <Text as="p" tone="subdued">
            {t("home.checklist.progress", { done, total: steps.length })}
          </Text>
          <ProgressBar progress={(done / steps.length) * 100} size="small" tone="success" />
          {complete && (
            <InlineStack align="space-between" blockAlign="center" gap="200">
              <Text as="p">{t("home.checklist.complete")}</Text>
              <Button
                onClick={() => {
                  window.localStorage.setItem(DISMISSED_KEY, "1");
                  setDismissed(true);
                }}
              >
                {t("home.checklist.dismiss")}
              </Button>
            </InlineStack>
          )}
        </BlockStack>
        <BlockStack gap="200" as="ul">
          {steps.map((step) => (
            <Box as="li" key={step.key}>
              <InlineStack align="space-between" blockAlign="center" gap="200" wrap={false}>
                <InlineStack gap="200" blockAlign="start" wrap={false}>
                  {/* The badge and the button keep their words on one line; the step's text takes the squeeze at 390 px. */}
                  <span style={KEEP_WHOLE}>
                    <Badge
                      tone={step.done ? "success" : step.refused ? "critical" : undefined}
                      progress={step.done ? "complete" : "incomplete"}
                    >
                      {step.done
                        ? t("home.checklist.done")
                        : step.refused
                          ? t("home.checklist.refused")
                          : t("home.checklist.todo")}
                    </Badge>
                  </span>
                  <BlockStack gap="050">
                    <Text as="span" fontWeight={step.available ? "semibold" : "regular"}>
                      {t(step.key)}
                    </Text>
                    {!step.done && (
                      <Text as="span" tone="subdued">
                        {step.available
                          ? t(step.help)
                          : t("home.checklist.after", { step: step.needs.map((need) => t(need)).join(", ") })}
                      </Text>
                    )}
                  </BlockStack>
                </InlineStack>
                {step.available && (
                  // The visible words start the accessible name (WCAG label in name).
                  <span style={KEEP_WHOLE}>
                    <Button url={step.to} accessibilityLabel={`${t("home.checklist.go")}: ${t(step.key)}`}>
                      {t("home.checklist.go")}
                    </Button>
                  </span>
                )}
              </InlineStack>
            </Box>
          ))}
        </BlockStack>
      </BlockStack>
    </Card>
  );
}

const KEEP_WHOLE = { flexShrink: 0, whiteSpace: "nowrap" } as const;
