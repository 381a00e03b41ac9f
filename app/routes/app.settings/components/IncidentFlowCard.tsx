import { Banner, BlockStack, Button, Card, Checkbox, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { useI18n } from "~/i18n/context";
import type { AutomationFlow } from "~/lib/api-types";

export interface IncidentFlow {
  flowId: string | null;
  stuckTrigger: boolean;
  tagPrefix: string;
  /** What turning on what is off would send now (docs/decisions/343): open incidents, stuck parcels. */
  owedOnTurningOn?: { incidents: number; stuck: number };
}

/**
 * The third flow beside new orders and abandoned carts (docs/decisions/330): which flow writes to the buyer when
 * a parcel has a delivery incident, whether a stuck parcel runs it too (off by default), and the prefix of the tag
 * the buyer's answer adds.
 */
export function IncidentFlowCard({ saved, flows }: { saved: IncidentFlow; flows: AutomationFlow[] | null }) {
  const { t, tp } = useI18n();
  const owed = saved.owedOnTurningOn ?? { incidents: 0, stuck: 0 };
  const write = useWrite<{ success: true; incidentFlow: IncidentFlow }>(undefined, () =>
    showToast(t("incidents.settings.saved")),
  );
  const [flowId, setFlowId] = useState(saved.flowId ?? "");
  const [stuck, setStuck] = useState(saved.stuckTrigger);
  const [prefix, setPrefix] = useState(saved.tagPrefix);
  const options = [
    { label: t("incidents.settings.flowNone"), value: "" },
    ...(flows ?? []).map((flow) => ({ label: flow.name, value: flow.id })),
  ];
  const field = write.failure?.field;

  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h3" variant="headingSm">
          {t("incidents.settings.title")}
        </Text>
        <Text as="p" tone="subdued">
          {t("incidents.settings.description")}
        </Text>
        {write.message && !field && (
          <Banner tone="critical" onDismiss={write.clear}>
            <p>{write.message}</p>
          </Banner>
        )}
        <Select
          label={t("incidents.settings.flow")}
          options={options}
          value={flowId}
          onChange={setFlowId}
          helpText={
            !saved.flowId && owed.incidents > 0 ? tp("incidents.settings.openIncidents", owed.incidents) : undefined
          }
          disabled={!flows?.length}
          error={field === "flowId" ? write.message : undefined}
        />
        <Checkbox
          label={t("incidents.settings.stuck")}
          helpText={
            !saved.stuckTrigger && owed.stuck > 0
              ? `${t("incidents.settings.stuckHelp")} ${tp("incidents.settings.stuckNow", owed.stuck)}`
              : t("incidents.settings.stuckHelp")
          }
          checked={stuck}
          onChange={setStuck}
        />
        <TextField
          label={t("incidents.settings.tagPrefix")}
          helpText={t("incidents.settings.tagPrefixHelp", { example: `${prefix}new-date` })}
          value={prefix}
          onChange={setPrefix}
          autoComplete="off"
          error={field === "tagPrefix" ? write.message : undefined}
        />
        <InlineStack align="end">
          <Button
            variant="primary"
            loading={write.busy}
            onClick={() =>
              write.submit("incident-flow-save", { flowId, stuckTrigger: String(stuck), tagPrefix: prefix })
            }
          >
            {t("incidents.settings.save")}
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
