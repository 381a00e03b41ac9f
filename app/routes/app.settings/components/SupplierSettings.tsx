import { Banner, BlockStack, Card, FormLayout, Select, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useErrorMessage } from "~/components/ApiErrorBanner";
import { FormFeedback } from "~/components/FormFeedback";
import { SecretField } from "~/components/SecretField";
import { showToast } from "~/components/toast";
import type { SectionState } from "~/components/UnsavedChanges";
import { useI18n } from "~/i18n/context";
import { SUPPLIER_COUNTRIES, type PublicConfiguration, type UpstreamError } from "~/lib/api-types";
import { failedField, SUPPLIER_FIELDS, useFormAction, type FieldErrors } from "../use-form-action";
import { FormButtons } from "./FormButtons";

export function SupplierSettings({
  configuration,
  report,
}: {
  configuration: PublicConfiguration | null;
  report: (name: string, state: SectionState) => void;
}) {
  const { t, tp } = useI18n();
  const message = useErrorMessage();
  const [storeName, setStoreName] = useState(configuration?.supplierStoreName ?? "");
  const [country, setCountry] = useState(configuration?.supplierCountry ?? "");
  const [token, setToken] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [testResult, setTestResult] = useState<string>();
  const [testFailure, setTestFailure] = useState<string>();
  const action = useFormAction<{ total: number; upstreamError: UpstreamError | null }>("supplier", (result) => {
    if (result.intent === "supplier-test") {
      // The catalogue answers empty with `upstreamError` when the marketplace refuses or fails.
      if (result.upstreamError) setTestFailure(t(`settings.supplier.test.${result.upstreamError.code}`));
      else setTestResult(tp("settings.supplier.testOk", result.total ?? 0));
    } else {
      setToken("");
      showToast(t("settings.supplier.saved"));
    }
  });
  const automationReady = Boolean(configuration?.automationApiKey);
  const hasToken = Boolean(configuration?.supplierToken);
  const serverField = failedField(action.failure, SUPPLIER_FIELDS);
  const dirty =
    Boolean(token.trim()) ||
    storeName !== (configuration?.supplierStoreName ?? "") ||
    country !== (configuration?.supplierCountry ?? "");
  useEffect(() =>
    report("supplier", {
      dirty,
      busy: action.busy,
      save,
      discard: () => {
        setToken("");
        setStoreName(configuration?.supplierStoreName ?? "");
        setCountry(configuration?.supplierCountry ?? "");
        setErrors({});
      },
    }),
  );
  const fieldError = (name: string) =>
    errors[name] ?? (serverField === name && action.failure ? message(action.failure) : undefined);

  function save() {
    const problems: FieldErrors = {};
    if (!storeName.trim()) problems.storeName = t("settings.supplier.storeNameRequired");
    if (!country) problems.country = t("settings.supplier.countryRequired");
    if (!hasToken && !token.trim()) problems.token = t("settings.supplier.tokenRequired");
    setErrors(problems);
    setTestResult(undefined);
    setTestFailure(undefined);
    if (Object.keys(problems).length > 0) {
      action.dismiss();
      return;
    }
    action.submit("save", { store_name: storeName.trim(), country, supplier_token: token.trim() || undefined });
  }

  function testConnection() {
    setTestResult(undefined);
    setTestFailure(undefined);
    action.submit("test", {});
  }

  const bannerFailure = testFailure ?? (!serverField && action.failure ? message(action.failure) : undefined);
  return (
    <Card>
      <BlockStack gap="400">
        {!automationReady && (
          <Banner tone="info">
            <p>{t("settings.supplier.needsAutomation")}</p>
          </Banner>
        )}
        <FormFeedback
          failure={bannerFailure}
          success={testResult}
          onDismissFailure={() => {
            setTestFailure(undefined);
            action.dismiss();
          }}
          onDismissSuccess={() => setTestResult(undefined)}
        />
        <FormLayout>
          <TextField
            label={t("settings.supplier.storeName")}
            autoComplete="organization"
            value={storeName}
            onChange={setStoreName}
            error={fieldError("storeName")}
            disabled={!automationReady}
          />
          <Select
            label={t("settings.supplier.country")}
            options={[
              { label: t("settings.supplier.chooseCountry"), value: "" },
              ...SUPPLIER_COUNTRIES.map((code) => ({ label: t(`country.${code}`), value: code })),
            ]}
            value={country}
            onChange={setCountry}
            error={fieldError("country")}
            disabled={!automationReady}
          />
          <SecretField
            label={t("settings.supplier.token")}
            value={token}
            onChange={setToken}
            masked={configuration?.supplierToken}
            savedHelp={(masked) => t("settings.supplier.tokenSaved", { masked })}
            error={fieldError("token")}
            disabled={!automationReady}
          />
        </FormLayout>
        <FormButtons
          section="supplier"
          pending={action.pending}
          onTest={hasToken ? testConnection : undefined}
          onSave={save}
          saveDisabled={!automationReady}
        />
      </BlockStack>
    </Card>
  );
}
