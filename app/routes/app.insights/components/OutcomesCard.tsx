import { BlockStack, InlineGrid, Link, Text } from "@shopify/polaris";
import { ANSWER_RULES_URL } from "~/components/deliveries/BuyerAnswer";
import { TitledCard } from "~/components/TitledCard";
import { useI18n } from "~/i18n/context";
import type { OutcomeMeasure } from "~/lib/outcomes";
import type { OutcomeInsights } from "~/services/outcomes/insights.server";
import { OutcomeLink } from "./OutcomeLink";

const FUNNEL: OutcomeMeasure[] = ["orders", "confirmed", "shipped", "delivered"];
/** Without answer rules no buyer's "sí" is recorded: the funnel skips that step and says why, never "0 confirmed". */
const FUNNEL_WITHOUT_ANSWERS: OutcomeMeasure[] = ["orders", "shipped", "delivered"];
const AFTER_SHIPPING: OutcomeMeasure[] = ["delivered", "returned", "onTheWay", "incident"];

/** The period's funnel (order, buyer's confirmation, shipped, delivered), what became of the shipped, and the money. */
export function OutcomesCard({ outcomes, answersRecorded }: { outcomes: OutcomeInsights; answersRecorded: boolean }) {
  const { t, number, money, formatLocale } = useI18n();
  const percent = new Intl.NumberFormat(formatLocale, { style: "percent", maximumFractionDigits: 1 });
  const { totals, from, to, currency, freight } = outcomes;
  const cents = (value: number) => money(value / 100, currency);
  const figure = (measure: OutcomeMeasure) => (
    <BlockStack gap="100" key={measure}>
      <Text as="span" tone="subdued">
        {t(`outcomes.measure.${measure}`)}
      </Text>
      <Text as="p" variant="headingLg">
        <OutcomeLink
          filter={{ dimension: "all", key: "", measure, from, to }}
          value={number(totals[measure])}
          label={t(`outcomes.measure.${measure}`)}
        />
      </Text>
    </BlockStack>
  );
  const money3 = [
    [t("outcomes.valueDelivered"), cents(totals.valueDelivered)],
    [t("outcomes.valueReturned"), cents(totals.valueReturned)],
    [t("outcomes.freightCost"), cents(freight.totalCostCents)],
  ];
  return (
    <TitledCard title={t("outcomes.title")} help={t("outcomes.help")}>
      {totals.orders === 0 ? (
        <Text as="p" tone="subdued">
          {t("outcomes.empty")}
        </Text>
      ) : (
        <BlockStack gap="400">
          <Text as="h3" variant="headingSm">
            {t("outcomes.funnel")}
          </Text>
          <InlineGrid columns={{ xs: 2, md: 4 }} gap="300">
            {(answersRecorded ? FUNNEL : FUNNEL_WITHOUT_ANSWERS).map(figure)}
          </InlineGrid>
          {answersRecorded ? null : (
            <Text as="p" tone="subdued" data-testid="outcomes-no-answer-rules">
              {t("outcomes.noAnswerRules")} <Link url={ANSWER_RULES_URL}>{t("deliveries.answer.noRulesLink")}</Link>
            </Text>
          )}
          <InlineGrid columns={{ xs: 2, md: 4 }} gap="300">
            {AFTER_SHIPPING.map((measure) => (
              <BlockStack gap="100" key={measure}>
                {figure(measure)}
                <Text as="span" tone="subdued" variant="bodySm">
                  {totals.shipped
                    ? t("outcomes.ofShipped", { rate: percent.format(totals[measure] / totals.shipped) })
                    : "—"}
                </Text>
              </BlockStack>
            ))}
          </InlineGrid>
          <InlineGrid columns={{ xs: 1, md: 3 }} gap="300">
            {money3.map(([label, value]) => (
              <BlockStack gap="100" key={label}>
                <Text as="span" tone="subdued">
                  {label}
                </Text>
                <Text as="p" variant="headingLg">
                  {value}
                </Text>
              </BlockStack>
            ))}
          </InlineGrid>
          {totals.returned > 0 && freight.carriers.some((row) => row.returned && row.amountCents === null) ? (
            <Text as="p" tone="subdued">
              {t("outcomes.freightMissing")}
            </Text>
          ) : null}
        </BlockStack>
      )}
    </TitledCard>
  );
}
