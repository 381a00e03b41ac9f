import { BlockStack, Button, Card, FormLayout, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { FormFeedback } from "~/components/FormFeedback";
import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import {
  CARRIER_NAMES,
  CARRIERS,
  DEFAULT_CARRIER_PACE,
  PACE_MAX_DAYS,
  PACE_MIN_DAYS,
  PACE_STAGES,
  type CarrierKey,
  type CarrierPace,
  type PaceStage,
} from "~/lib/carrier-pace";

type Draft = Record<CarrierKey, Record<PaceStage, string>>;

const toDraft = (pace: CarrierPace) =>
  Object.fromEntries(
    CARRIERS.map((carrier) => [
      carrier,
      Object.fromEntries(PACE_STAGES.map((stage) => [stage, String(pace[carrier][stage])])),
    ]),
  ) as Draft;

const validDays = (text: string) => /^\d{1,2}$/.test(text) && +text >= PACE_MIN_DAYS && +text <= PACE_MAX_DAYS;

/**
 * How many days a parcel usually stays in each stage, per carrier (docs/decisions/303): home lists the parcels
 * that stay longer. One carrier at a time (a table of seven carriers and six stages does not fit a phone); the
 * whole table is saved at once.
 */
export function CarrierPaceCard({ pace }: { pace: CarrierPace }) {
  const { t } = useI18n();
  const [draft, setDraft] = useState<Draft>(() => toDraft(pace));
  const [carrier, setCarrier] = useState<CarrierKey>("servientrega");
  const write = useWrite<{ success: true }>(undefined, () => showToast(t("settings.supplier.pace.saved")));
  const carriers = CARRIERS.map((key) => ({
    label: key === "other" ? t("settings.supplier.pace.other") : CARRIER_NAMES[key],
    value: key,
  }));
  const invalid = CARRIERS.some((key) => PACE_STAGES.some((stage) => !validDays(draft[key][stage])));

  const change = (stage: PaceStage, value: string) =>
    setDraft({ ...draft, [carrier]: { ...draft[carrier], [stage]: value.trim() } });

  function save() {
    const table = Object.fromEntries(
      CARRIERS.map((key) => [key, Object.fromEntries(PACE_STAGES.map((stage) => [stage, Number(draft[key][stage])]))]),
    );
    write.submit("supplier-carrier-pace-save", { carrierPace: JSON.stringify(table) });
  }

  return (
    <div id="carrier-pace">
      <Card>
        <BlockStack gap="300">
          <Text as="h3" variant="headingSm">
            {t("settings.supplier.pace.title")}
          </Text>
          <Text as="p" tone="subdued">
            {t("settings.supplier.pace.help")}
          </Text>
          <FormFeedback failure={write.message} onDismissFailure={write.clear} />
          <Select
            label={t("settings.supplier.pace.carrier")}
            options={carriers}
            value={carrier}
            onChange={(value) => setCarrier(value as CarrierKey)}
          />
          <FormLayout>
            <FormLayout.Group condensed>
              {PACE_STAGES.map((stage) => (
                <TextField
                  key={`${carrier}-${stage}`}
                  label={t(`journey.stage.${stage}` as MessageKey)}
                  type="number"
                  min={PACE_MIN_DAYS}
                  max={PACE_MAX_DAYS}
                  suffix={t("settings.supplier.pace.daysSuffix")}
                  value={draft[carrier][stage]}
                  onChange={(value) => change(stage, value)}
                  error={validDays(draft[carrier][stage]) ? undefined : t("settings.supplier.pace.invalid")}
                  autoComplete="off"
                />
              ))}
            </FormLayout.Group>
          </FormLayout>
          <InlineStack gap="200">
            <Button variant="primary" onClick={save} loading={write.busy} disabled={invalid}>
              {t("settings.supplier.pace.save")}
            </Button>
            <Button
              variant="plain"
              onClick={() => setDraft({ ...draft, [carrier]: toDraft(DEFAULT_CARRIER_PACE)[carrier] })}
            >
              {t("settings.supplier.pace.reset")}
            </Button>
          </InlineStack>
        </BlockStack>
      </Card>
    </div>
  );
}
