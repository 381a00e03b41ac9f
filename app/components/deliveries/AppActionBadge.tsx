import { Badge, type BadgeProps, BlockStack, InlineStack, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import { problemKind, type AppAction, type AppActionState } from "~/lib/app-action";

const TONES: Record<AppActionState, BadgeProps["tone"]> = {
  owed: "info",
  held: "attention",
  released: "success",
  cancelled: "critical",
  cancel_refused: "critical",
  stood_down: undefined,
  not_held: "warning",
};

/**
 * What the app did to the order's shipping (docs/decisions/300), with when, and why a step failed in the merchant's
 * words (never the platform's English). Nothing for an order the app never held.
 */
export function AppActionBadge({ action, withProblem = false }: { action: AppAction | null; withProblem?: boolean }) {
  const { t, dateTime } = useI18n();
  if (!action) return null;
  const problem = withProblem ? problemKind(action.problem) : null;
  return (
    <span data-app-action={action.state}>
      <BlockStack gap="050">
        <InlineStack gap="100" blockAlign="center">
          <Badge tone={TONES[action.state]}>{t(`deliveries.appAction.${action.state}`)}</Badge>
          {action.since && (
            <Text as="span" tone="subdued">
              {dateTime(action.since)}
            </Text>
          )}
        </InlineStack>
        {problem && (
          <Text as="span" tone="subdued">
            {t(`deliveries.appAction.problem.${problem}`)}
          </Text>
        )}
      </BlockStack>
    </span>
  );
}
