import { BlockStack, Card, FormLayout, Select, Text } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { ApiErrorBanner, useErrorMessage } from "~/components/ApiErrorBanner";
import { FormFeedback } from "~/components/FormFeedback";
import { SecretField } from "~/components/SecretField";
import { showToast } from "~/components/toast";
import type { SectionState } from "~/components/UnsavedChanges";
import { useI18n } from "~/i18n/context";
import type { AutomationFlow, PublicConfiguration } from "~/lib/api-types";
import type { StoredKeyFlows } from "../intents.server";
import { AUTOMATION_FIELDS, failedField, useFormAction, type FieldErrors } from "../use-form-action";
import { FormButtons } from "./FormButtons";

export function AutomationSettings({
  configuration,
  flows,
  report,
}: {
  configuration: PublicConfiguration | null;
  flows: StoredKeyFlows;
  report: (name: string, state: SectionState) => void;
}) {
  const { t, tp } = useI18n();
  const message = useErrorMessage();
  const hasKey = Boolean(configuration?.automationApiKey);
  const [apiKey, setApiKey] = useState("");
  const [newOrderFlowId, setNewOrderFlowId] = useState(configuration?.newOrderFlowId ?? "");
  const [abandonedCartFlowId, setAbandonedCartFlowId] = useState(configuration?.abandonedCartFlowId ?? "");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [testResult, setTestResult] = useState<string>();
  const [testedFlows, setTestedFlows] = useState<AutomationFlow[]>();
  const action = useFormAction<{ flows: AutomationFlow[]; typed: boolean }>("automation", (result) => {
    if (result.intent === "automation-test") {
      const list = result.flows ?? [];
      // A typed key's flows are offered before it is saved; the stored key's come back through the loader.
      setTestedFlows(result.typed ? list : undefined);
      setTestResult(tp("settings.automation.testOk", list.length));
    } else {
      setApiKey("");
      setTestedFlows(undefined);
      showToast(t("settings.automation.saved"));
    }
  });

  function testConnection() {
    setErrors({});
    setTestResult(undefined);
    if (!hasKey && !apiKey.trim()) {
      setErrors({ apiKey: t("settings.automation.apiKeyRequired") });
      return;
    }
    // A typed key is tested as it is, and saved only by Save: a test never changes what is stored.
    action.submit("test", { apiKey: apiKey.trim() || undefined });
  }

  function save() {
    const problems: FieldErrors = {};
    if (!hasKey && !apiKey.trim()) problems.apiKey = t("settings.automation.apiKeyRequired");
    if (hasKey && !newOrderFlowId) problems.newOrderFlowId = t("settings.automation.flowRequired");
    if (hasKey && !abandonedCartFlowId) problems.abandonedCartFlowId = t("settings.automation.flowRequired");
    if (newOrderFlowId && newOrderFlowId === abandonedCartFlowId) problems.abandonedCartFlowId = t("error.same_flow");
    setErrors(problems);
    setTestResult(undefined);
    if (Object.keys(problems).length > 0) {
      action.dismiss();
      return;
    }
    action.submit("save", {
      apiKey: apiKey.trim() || undefined,
      newOrderFlowId: newOrderFlowId || undefined,
      abandonedCartFlowId: abandonedCartFlowId || undefined,
    });
  }

  // A key just tested offers its flows before it is saved; otherwise the stored key's.
  const available = testedFlows ?? (hasKey ? flows.flows : undefined) ?? [];
  const dirty =
    Boolean(apiKey.trim()) ||
    newOrderFlowId !== (configuration?.newOrderFlowId ?? "") ||
    abandonedCartFlowId !== (configuration?.abandonedCartFlowId ?? "");
  useEffect(() =>
    report("automation", {
      dirty,
      busy: action.busy,
      save,
      discard: () => {
        setApiKey("");
        setNewOrderFlowId(configuration?.newOrderFlowId ?? "");
        setAbandonedCartFlowId(configuration?.abandonedCartFlowId ?? "");
        setErrors({});
        setTestedFlows(undefined);
      },
    }),
  );

  const flowOptions = [
    { label: t("settings.automation.chooseFlow"), value: "" },
    ...available.map((flow) => ({ label: flow.name, value: flow.id })),
  ];
  const flowsReady = available.length > 0;
  const serverField = failedField(action.failure, AUTOMATION_FIELDS);
  const fieldError = (name: string) =>
    errors[name] ?? (serverField === name && action.failure ? message(action.failure) : undefined);

  return (
    <Card>
      <BlockStack gap="400">
        <FormFeedback
          failure={!serverField && action.failure ? message(action.failure) : undefined}
          success={testResult}
          onDismissFailure={action.dismiss}
          onDismissSuccess={() => setTestResult(undefined)}
        />
        <FormLayout>
          <SecretField
            label={t("settings.automation.apiKey")}
            value={apiKey}
            onChange={setApiKey}
            masked={configuration?.automationApiKey}
            savedHelp={(masked) => t("settings.automation.apiKeySaved", { masked })}
            error={fieldError("apiKey")}
          />
          {hasKey && flows.failure && !testedFlows ? <ApiErrorBanner error={flows.failure} /> : null}
          {hasKey && flows.flows?.length === 0 && !testedFlows && (
            <Text as="p" tone="subdued">
              {t("settings.automation.noFlows")}
            </Text>
          )}
          {!hasKey && (
            <Text as="p" tone="subdued">
              {t("settings.automation.flowsHelp")}
            </Text>
          )}
          <FormLayout.Group>
            <Select
              label={t("settings.automation.newOrderFlow")}
              options={flowOptions}
              value={newOrderFlowId}
              onChange={setNewOrderFlowId}
              disabled={!flowsReady}
              error={fieldError("newOrderFlowId")}
            />
            <Select
              label={t("settings.automation.abandonedCartFlow")}
              options={flowOptions}
              value={abandonedCartFlowId}
              onChange={setAbandonedCartFlowId}
              disabled={!flowsReady}
              error={fieldError("abandonedCartFlowId")}
            />
          </FormLayout.Group>
        </FormLayout>
        <FormButtons section="automation" pending={action.pending} onTest={testConnection} onSave={save} />
      </BlockStack>
    </Card>
  );
}
