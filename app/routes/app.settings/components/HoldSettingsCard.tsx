import {
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  FormLayout,
  InlineStack,
  Select,
  TextField,
} from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useErrorMessage } from "~/components/ApiErrorBanner";
import { FormFeedback } from "~/components/FormFeedback";
import { OptionalScopesBanner, useScopesRequest } from "~/components/OptionalScopesBanner";
import { showToast } from "~/components/toast";
import type { SectionState } from "~/components/UnsavedChanges";
import { useWrite } from "~/components/use-write";
import { useI18n } from "~/i18n/context";
import type { HoldPolicy } from "~/services/holds/settings.server";

interface Form {
  enabled: boolean;
  codOnly: boolean;
  gateways: string;
  onRefused: HoldPolicy["onRefused"];
  noAnswerHours: string;
  onNoAnswer: HoldPolicy["onNoAnswer"];
  notifyCustomer: boolean;
}

const toForm = (policy: HoldPolicy): Form => ({
  enabled: policy.enabled,
  codOnly: policy.codOnly,
  gateways: policy.codGateways.join("\n"),
  onRefused: policy.onRefused,
  noAnswerHours: policy.noAnswerHours ? String(policy.noAnswerHours) : "",
  onNoAnswer: policy.onNoAnswer,
  notifyCustomer: policy.notifyCustomer,
});

const gatewayList = (text: string) =>
  text
    .split("\n")
    .map((name) => name.trim())
    .filter(Boolean);

/**
 * Holding orders until the buyer answers (docs/decisions/211): on or off, which orders, and what a refusal or no
 * answer does. Cancelling is said plainly to be irreversible wherever it can be chosen.
 */
export function HoldSettingsCard({
  policy,
  missingScopes,
  report,
}: {
  policy: HoldPolicy;
  /** The optional scopes holds need that the shop has not granted. */
  missingScopes: string[];
  report: (name: string, state: SectionState) => void;
}) {
  const { t } = useI18n();
  const message = useErrorMessage();
  const [form, setForm] = useState<Form>(() => toForm(policy));
  // The settings page's own action (docs/decisions/137), as its other forms.
  const write = useWrite<{ success: true; policy: HoldPolicy }>(undefined, (result) => {
    setForm(toForm(result.policy));
    showToast(t("holds.saved"));
  });
  const fields = {
    enabled: String(form.enabled),
    codOnly: String(form.codOnly),
    codGateways: JSON.stringify(gatewayList(form.gateways)),
    onRefused: form.onRefused,
    noAnswerHours: form.noAnswerHours.trim(),
    onNoAnswer: form.onNoAnswer,
    notifyCustomer: String(form.notifyCustomer),
  };
  const dirty =
    JSON.stringify(toForm(policy)) !== JSON.stringify({ ...form, gateways: gatewayList(form.gateways).join("\n") });
  const requestScopes = useScopesRequest();
  // Turning holds on asks for the scopes in the platform's own dialog; the policy is saved whatever the answer, and
  // the banner keeps saying what is missing.
  const save = () => {
    if (form.enabled && missingScopes.length) void requestScopes(missingScopes);
    write.submit("holds-save", fields);
  };
  useEffect(() => report("holds", { dirty, busy: write.busy, save, discard: () => setForm(toForm(policy)) }));
  const set = (patch: Partial<Form>) => setForm((before) => ({ ...before, ...patch }));
  const cancels = form.onRefused === "cancel" || (form.onNoAnswer === "cancel" && Boolean(form.noAnswerHours.trim()));
  const field = write.failure?.field;
  const fieldError = (name: string) => (write.failure && field === name ? message(write.failure) : undefined);

  return (
    <Card>
      <BlockStack gap="400">
        <FormFeedback
          failure={write.failure && !field ? message(write.failure) : undefined}
          onDismissFailure={write.clear}
        />
        {form.enabled && <OptionalScopesBanner missing={missingScopes} feature={t("holds.feature")} />}
        <FormLayout>
          <Checkbox
            label={t("holds.enabled")}
            helpText={t("holds.enabled.help")}
            checked={form.enabled}
            onChange={(enabled) => set({ enabled })}
          />
          <Checkbox
            label={t("holds.codOnly")}
            checked={form.codOnly}
            onChange={(codOnly) => set({ codOnly })}
            disabled={!form.enabled}
          />
          {form.codOnly && (
            <TextField
              label={t("holds.gateways")}
              helpText={t("holds.gateways.help")}
              value={form.gateways}
              onChange={(gateways) => set({ gateways })}
              multiline={3}
              autoComplete="off"
              disabled={!form.enabled}
              error={fieldError("codGateways")}
            />
          )}
          <Select
            label={t("holds.onRefused")}
            options={[
              { label: t("holds.onRefused.keep"), value: "keep" },
              { label: t("holds.onRefused.cancel"), value: "cancel" },
            ]}
            value={form.onRefused}
            onChange={(value) => set({ onRefused: value as Form["onRefused"] })}
            disabled={!form.enabled}
          />
          <FormLayout.Group>
            <TextField
              label={t("holds.noAnswerHours")}
              helpText={t("holds.noAnswerHours.help")}
              type="number"
              min={1}
              max={720}
              value={form.noAnswerHours}
              onChange={(noAnswerHours) => set({ noAnswerHours })}
              autoComplete="off"
              disabled={!form.enabled}
              error={fieldError("noAnswerHours")}
            />
            <Select
              label={t("holds.onNoAnswer")}
              options={[
                { label: t("holds.onNoAnswer.keep"), value: "keep" },
                { label: t("holds.onNoAnswer.release"), value: "release" },
                { label: t("holds.onNoAnswer.cancel"), value: "cancel" },
              ]}
              value={form.onNoAnswer}
              onChange={(value) => set({ onNoAnswer: value as Form["onNoAnswer"] })}
              disabled={!form.enabled || !form.noAnswerHours.trim()}
            />
          </FormLayout.Group>
          <Checkbox
            label={t("holds.notifyCustomer")}
            checked={form.notifyCustomer}
            onChange={(notifyCustomer) => set({ notifyCustomer })}
            disabled={!form.enabled || !cancels}
          />
        </FormLayout>
        {form.enabled && cancels && (
          <Banner tone="warning" title={t("holds.cancelWarning.title")}>
            <p>{t("holds.cancelWarning")}</p>
          </Banner>
        )}
        <InlineStack align="end">
          <Button variant="primary" onClick={save} loading={write.busy} disabled={!dirty}>
            {t("holds.save")}
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
