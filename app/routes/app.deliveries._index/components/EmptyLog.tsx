import { BlockStack, Button, InlineStack, Text } from "@shopify/polaris";
import { EmptyCard } from "~/components/EmptyCard";
import { useI18n } from "~/i18n/context";
import type { DeliveryStatus } from "~/lib/api-types";
import type { AppActionFilter } from "~/lib/app-action";
import type { JourneyFilter } from "~/lib/journey-log";
import type { OutcomeFilter } from "~/lib/outcomes";
import type { RiskLevelFilter } from "~/lib/risk-log";

/** An empty page of the log: a search that found nothing, an empty filter, or a log with nothing in it yet. */
export function EmptyLog({
  q,
  status,
  appAction,
  journey,
  risk,
  outcome,
  onClearSearch,
  onClearFilter,
}: {
  q: string | undefined;
  status: DeliveryStatus | undefined;
  appAction: AppActionFilter | null;
  journey: JourneyFilter | null;
  risk: RiskLevelFilter | null;
  outcome: OutcomeFilter | null;
  onClearSearch: () => void;
  onClearFilter: () => void;
}) {
  const { t } = useI18n();
  return q ? (
    // A search that finds nothing says so: the log itself is not empty.
    <EmptyCard heading={t("deliveries.searchEmpty", { q })}>
      <BlockStack gap="200">
        <Text as="p" tone="subdued">
          {t("deliveries.searchEmptyHelp")}
        </Text>
        <InlineStack>
          <Button onClick={onClearSearch}>{t("deliveries.clearSearch")}</Button>
        </InlineStack>
      </BlockStack>
    </EmptyCard>
  ) : status || appAction || journey || risk || outcome ? (
    // An empty filter is not an empty log: say so, and offer the way back to everything.
    <EmptyCard
      heading={t("deliveries.emptyFiltered", {
        status: [
          status ? t(`deliveries.status.${status}`) : null,
          appAction ? t(`deliveries.filter.appAction.${appAction}`) : null,
          journey ? t(`journey.filter.${journey}`) : null,
          risk ? `${t("deliveries.filter.risk")}: ${t(`risk.level.${risk}`)}` : null,
          outcome ? t(`outcomes.measure.${outcome.measure}`) : null,
        ]
          .filter(Boolean)
          .join(" · "),
      })}
    >
      <InlineStack>
        <Button onClick={onClearFilter}>{t("deliveries.clearFilter")}</Button>
      </InlineStack>
    </EmptyCard>
  ) : (
    <EmptyCard heading={t("deliveries.empty")}>
      <Text as="p" tone="subdued">
        {t("deliveries.emptyHelp")}
      </Text>
    </EmptyCard>
  );
}
