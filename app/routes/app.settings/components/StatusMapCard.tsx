import { BlockStack, Button, Card, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { FormFeedback } from "~/components/FormFeedback";
import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { useI18n } from "~/i18n/context";
import { JOURNEY_STAGES } from "~/lib/journey-stages";

type Row = { raw: string; stage: string };

/**
 * The shop's own marketplace statuses (docs/decisions/320): a status the built-in table does not know, or reads
 * otherwise than this shop's carrier means it, read as one of the stages. Read before the table.
 */
export function StatusMapCard({ statusMap }: { statusMap: Record<string, string> }) {
  const { t } = useI18n();
  const [rows, setRows] = useState<Row[]>(Object.entries(statusMap).map(([raw, stage]) => ({ raw, stage })));
  const write = useWrite<{ success: true }>(undefined, () => showToast(t("settings.supplier.statusMap.saved")));
  const stages = JOURNEY_STAGES.map((stage) => ({ label: t(`journey.stage.${stage}`), value: stage }));
  const change = (index: number, patch: Partial<Row>) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));

  function save() {
    const map = Object.fromEntries(rows.filter((row) => row.raw.trim()).map((row) => [row.raw.trim(), row.stage]));
    write.submit("supplier-status-map-save", { statusMap: JSON.stringify(map) });
  }

  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h3" variant="headingSm">
          {t("settings.supplier.statusMap.title")}
        </Text>
        <Text as="p" tone="subdued">
          {t("settings.supplier.statusMap.help")}
        </Text>
        <FormFeedback failure={write.message} onDismissFailure={write.clear} />
        {rows.map((row, index) => (
          <InlineStack key={index} gap="200" blockAlign="end" wrap>
            <div style={{ flex: "1 1 12rem" }}>
              <TextField
                label={t("settings.supplier.statusMap.raw")}
                value={row.raw}
                onChange={(raw) => change(index, { raw })}
                autoComplete="off"
                maxLength={80}
              />
            </div>
            <div style={{ flex: "1 1 10rem" }}>
              <Select
                label={t("settings.supplier.statusMap.stage")}
                options={stages}
                value={row.stage}
                onChange={(stage) => change(index, { stage })}
              />
            </div>
            <Button
              variant="plain"
              tone="critical"
              accessibilityLabel={t("settings.supplier.statusMap.removeLabel", { raw: row.raw || "—" })}
              onClick={() => setRows(rows.filter((_, at) => at !== index))}
            >
              {t("settings.supplier.statusMap.remove")}
            </Button>
          </InlineStack>
        ))}
        <InlineStack gap="200">
          <Button onClick={() => setRows([...rows, { raw: "", stage: "in_transit" }])}>
            {t("settings.supplier.statusMap.add")}
          </Button>
          <Button variant="primary" onClick={save} loading={write.busy}>
            {t("settings.supplier.statusMap.save")}
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
