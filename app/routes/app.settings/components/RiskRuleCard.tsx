import { BlockStack, Button, Card, Checkbox, FormLayout, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { FormFeedback } from "~/components/FormFeedback";
import { useErrorMessage } from "~/components/ApiErrorBanner";
import type { SectionState } from "~/components/UnsavedChanges";
import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { useI18n } from "~/i18n/context";
import type { AutomationFlow } from "~/lib/api-types";
import { ordersAtOrAbove, scoredOrders, type RiskScoreCounts } from "~/lib/risk-rule-preview";
import { RISK_ACTIONS, riskTag, type RiskAction, type RiskRule } from "~/lib/risk-rules";

/** The shop's rule for orders with a high return-risk score (docs/decisions/335), in the order rules' section. */
export function RiskRuleCard({
  rule,
  scores,
  flows,
  report,
}: {
  rule: RiskRule;
  /** The last 30 days' scores by value: what the draft threshold would have caught, before it is saved. */
  scores: RiskScoreCounts;
  /** The automation account's flows, as the automation settings list them; null when they could not be read. */
  flows: AutomationFlow[] | null;
  report: (name: string, state: SectionState) => void;
}) {
  const { t } = useI18n();
  const message = useErrorMessage();
  const saved = {
    enabled: rule.enabled,
    threshold: String(rule.threshold),
    action: rule.action,
    flowId: rule.flowId ?? "",
    tagPrefix: rule.tagPrefix,
  };
  const [form, setForm] = useState(saved);
  const set = (patch: Partial<typeof form>) => setForm((before) => ({ ...before, ...patch }));
  const write = useWrite<{ success: true }>("/app/risk-rule", () => showToast(t("risk.rule.saved")));
  const dirty = (Object.keys(saved) as (keyof typeof saved)[]).some((name) => form[name] !== saved[name]);
  const fieldError = (field: string) => (write.failure?.error?.startsWith(field) ? message(write.failure) : undefined);

  function save() {
    write.submit("risk-rule-save", {
      ...(form.enabled ? { enabled: "on" } : {}),
      threshold: form.threshold.trim(),
      action: form.action,
      flowId: form.action === "other_flow" ? form.flowId : "",
      tagPrefix: form.tagPrefix.trim(),
    });
  }

  useEffect(() => report("risk-rule", { dirty, busy: write.busy, save, discard: () => setForm(saved) }));

  const flowOptions = [
    { label: t("risk.rule.flow.none"), value: "" },
    ...(flows ?? []).map((flow) => ({ label: flow.name || flow.id, value: flow.id })),
  ];
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h3" variant="headingSm">
          {t("risk.rule.title")}
        </Text>
        <Text as="p" tone="subdued">
          {t("risk.rule.description")}
        </Text>
        <FormFeedback failure={write.failure ? message(write.failure) : undefined} onDismissFailure={write.clear} />
        <FormLayout>
          <Checkbox label={t("risk.rule.enabled")} checked={form.enabled} onChange={(enabled) => set({ enabled })} />
          <TextField
            label={t("risk.rule.threshold")}
            helpText={t("risk.rule.threshold.help")}
            type="number"
            min={1}
            max={100}
            value={form.threshold}
            onChange={(threshold) => set({ threshold })}
            autoComplete="off"
            disabled={!form.enabled}
            error={fieldError("threshold")}
          />
          <RiskRulePreview scores={scores} threshold={Number(form.threshold)} />
          <Select
            label={t("risk.rule.action")}
            options={RISK_ACTIONS.map((action) => ({ label: t(`risk.rule.action.${action}`), value: action }))}
            value={form.action}
            onChange={(value) => set({ action: value as RiskAction })}
            disabled={!form.enabled}
            helpText={form.action === "hold" ? t("risk.rule.holdNote") : undefined}
          />
          {form.action === "other_flow" ? (
            <Select
              label={t("risk.rule.flow")}
              helpText={t("risk.rule.flow.help")}
              options={flowOptions}
              value={form.flowId}
              onChange={(flowId) => set({ flowId })}
              disabled={!form.enabled}
              error={fieldError("flowId")}
            />
          ) : null}
          <TextField
            label={t("risk.rule.tagPrefix")}
            helpText={t("risk.rule.tagPrefix.help", { example: riskTag({ tagPrefix: form.tagPrefix || "…" }, "high") })}
            value={form.tagPrefix}
            onChange={(tagPrefix) => set({ tagPrefix })}
            autoComplete="off"
            disabled={!form.enabled}
            error={fieldError("tagPrefix")}
          />
        </FormLayout>
        <InlineStack align="end">
          <Button variant="primary" onClick={save} loading={write.busy} disabled={!dirty}>
            {t("risk.rule.save")}
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}

/** "Desde 70, tu regla habría actuado en 3 de los 120 pedidos calificados desde el 30 oct." as the threshold is typed. */
function RiskRulePreview({ scores, threshold }: { scores: RiskScoreCounts; threshold: number }) {
  const { t, tp, date } = useI18n();
  const scored = scoredOrders(scores);
  if (!Number.isInteger(threshold) || threshold < 1 || threshold > 100) return null;
  return (
    <Text as="p" tone="subdued">
      {scored
        ? tp("risk.rule.preview", ordersAtOrAbove(scores, threshold), {
            threshold,
            scored: scored,
            since: date(scores.since),
          })
        : t("risk.rule.preview.none")}
    </Text>
  );
}
