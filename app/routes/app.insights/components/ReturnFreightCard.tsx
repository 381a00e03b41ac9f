import { BlockStack, Button, InlineGrid, InlineStack, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { TitledCard } from "~/components/TitledCard";
import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { useI18n } from "~/i18n/context";
import { pluralKey } from "~/i18n/plural";
import type { CarrierFreight } from "~/services/outcomes/freight.server";

/** What a return costs per carrier, written by the merchant (the marketplace does not send it), and the period's cost. */
export function ReturnFreightCard({ carriers, currency }: { carriers: CarrierFreight[]; currency: string | null }) {
  const { t } = useI18n();
  const write = useWrite<{ success: true }>(undefined, () => showToast(t("outcomes.freight.saved")));
  return (
    <TitledCard title={t("outcomes.freight.title")} help={t("outcomes.freight.help")}>
      {carriers.length === 0 ? (
        <Text as="p" tone="subdued">
          {t("outcomes.freight.none")}
        </Text>
      ) : (
        <BlockStack gap="400">
          {carriers.map((carrier) => (
            <CarrierFreightRow
              key={carrier.carrierKey}
              carrier={carrier}
              currency={currency}
              saving={write.pending("freight", carrier.carrier, "carrier")}
              error={write.failure?.field === "amount" && write.intent === "freight" ? write.message : undefined}
              onSave={(amount) => write.submit("freight", { carrier: carrier.carrier, amount })}
            />
          ))}
        </BlockStack>
      )}
    </TitledCard>
  );
}

function CarrierFreightRow({
  carrier,
  currency,
  saving,
  error,
  onSave,
}: {
  carrier: CarrierFreight;
  currency: string | null;
  saving: boolean;
  error: string | undefined;
  onSave: (amount: string) => void;
}) {
  const { t, locale, money } = useI18n();
  const [amount, setAmount] = useState(carrier.amountCents === null ? "" : String(carrier.amountCents / 100));
  return (
    <InlineGrid columns={{ xs: 1, sm: ["oneThird", "twoThirds"] }} gap="200" alignItems="end">
      <BlockStack gap="100">
        <Text as="h3" variant="headingSm" breakWord>
          {carrier.carrier}
        </Text>
        <Text as="p" tone="subdued">
          {t(pluralKey(locale, "outcomes.freight.cost", carrier.returned), {
            count: carrier.returned,
            amount: money(carrier.costCents / 100, currency),
          })}
        </Text>
      </BlockStack>
      <InlineStack gap="200" blockAlign="end" wrap={false}>
        <TextField
          label={`${t("outcomes.freight.amount")}, ${carrier.carrier}`}
          type="number"
          min={0}
          inputMode="decimal"
          prefix={currency ?? undefined}
          autoComplete="off"
          value={amount}
          onChange={setAmount}
          error={error}
        />
        <Button onClick={() => onSave(amount)} loading={saving}>
          {t("outcomes.freight.save")}
        </Button>
      </InlineStack>
    </InlineGrid>
  );
}
