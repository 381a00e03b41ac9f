import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  FormLayout,
  InlineStack,
  Layout,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useEffect, useState } from "react";
import { ApiErrorBanner } from "~/components/ApiErrorBanner";
import { FormFeedback } from "~/components/FormFeedback";
import { LoadingCard } from "~/components/LoadingCard";
import { SecretField } from "~/components/SecretField";
import { UnsavedChangesBar, useUnsavedChanges, type SectionState } from "~/components/UnsavedChanges";
import { showToast } from "~/components/toast";
import { useAction } from "~/components/use-action";
import { useApi } from "~/components/use-api";
import { AppPage } from "~/components/AppPage";
import { useI18n } from "~/i18n/context";
import { apiGet, apiPost } from "~/lib/api-client";
import { failureOf } from "~/lib/errors";
import { SUPPLIER_COUNTRIES, type AutomationFlow, type PublicConfiguration, type UpstreamError } from "~/lib/api-types";
import { pageMeta } from "~/lib/meta";

export const meta = pageMeta("nav.settings");

export default function Settings() {
  const { t } = useI18n();
  const settings = useApi(
    () => apiGet<{ configuration: PublicConfiguration | null }>("/api/settings").then((body) => body.configuration),
    "settings",
  );
  const [configuration, setConfiguration] = useState<PublicConfiguration | null>();
  const current = configuration !== undefined ? configuration : settings.data;
  const unsaved = useUnsavedChanges();

  return (
    <AppPage title={t("nav.settings")}>
      <UnsavedChangesBar state={unsaved} />
      {/* At phone widths the sections' titles and descriptions sit on the page itself: padded off the edge. */}
      <Box paddingInline={{ xs: "400", sm: "0" }}>
        <Layout>
          {settings.loading ? (
            <Layout.Section>
              <LoadingCard lines={6} />
            </Layout.Section>
          ) : settings.error ? (
            <Layout.Section>
              <ApiErrorBanner error={settings.error} onRetry={settings.reload} />
            </Layout.Section>
          ) : (
            <>
              <Layout.AnnotatedSection
                id="automation"
                title={t("settings.automation.title")}
                description={t("settings.automation.description")}
              >
                <AutomationSettings
                  configuration={current ?? null}
                  onSaved={(saved) => setConfiguration(saved)}
                  report={unsaved.report}
                />
              </Layout.AnnotatedSection>
              <Layout.AnnotatedSection
                id="supplier"
                title={t("settings.supplier.title")}
                description={t("settings.supplier.description")}
              >
                <SupplierSettings
                  configuration={current ?? null}
                  report={unsaved.report}
                  onSaved={(saved) =>
                    // The supplier needs the automation key first, so there is always a configuration to merge into.
                    setConfiguration((before) => {
                      const base = before ?? current;
                      return base ? { ...base, ...saved } : before;
                    })
                  }
                />
              </Layout.AnnotatedSection>
            </>
          )}
        </Layout>
      </Box>
    </AppPage>
  );
}

type FieldErrors = Partial<Record<string, string>>;

/**
 * A failed save or test shown on the field it concerns (docs/decisions/101-error-codes.md): the server's field
 * name, or the field a code is about, mapped to the form's own field. Null: it belongs in the banner.
 */
function failedField(error: unknown, fields: Record<string, string>): string | null {
  const { code, field } = failureOf(error);
  return (field && fields[field]) || (code && fields[`code:${code}`]) || null;
}

const AUTOMATION_FIELDS: Record<string, string> = {
  apiKey: "apiKey",
  newOrderFlowId: "newOrderFlowId",
  abandonedCartFlowId: "abandonedCartFlowId",
  "code:automation_key_refused": "apiKey",
  "code:conflict": "apiKey",
};
const SUPPLIER_FIELDS: Record<string, string> = {
  store_name: "storeName",
  country: "country",
  supplier_token: "token",
  "code:bad_token": "token",
  "code:bot_field_refused": "token",
};

function AutomationSettings({
  configuration,
  onSaved,
  report,
}: {
  configuration: PublicConfiguration | null;
  onSaved: (configuration: PublicConfiguration) => void;
  report: (name: string, state: SectionState) => void;
}) {
  const { t, tp } = useI18n();
  const hasKey = Boolean(configuration?.automationApiKey);
  const [apiKey, setApiKey] = useState("");
  const [newOrderFlowId, setNewOrderFlowId] = useState(configuration?.newOrderFlowId ?? "");
  const [abandonedCartFlowId, setAbandonedCartFlowId] = useState(configuration?.abandonedCartFlowId ?? "");
  const [errors, setErrors] = useState<FieldErrors>({});
  const action = useAction<"test" | "save">();
  const [testResult, setTestResult] = useState<string>();
  const [testedFlows, setTestedFlows] = useState<AutomationFlow[]>();

  // The flows come from the live list of the account whose key is stored.
  const flows = useApi(
    () => apiGet<{ flows: AutomationFlow[] }>("/api/automation/flows").then((body) => body.flows),
    `flows:${configuration?.automationApiKey ?? ""}`,
    { enabled: hasKey },
  );

  async function testConnection() {
    setErrors({});
    action.setFailure(undefined);
    setTestResult(undefined);
    if (!hasKey && !apiKey.trim()) {
      setErrors({ apiKey: t("settings.automation.apiKeyRequired") });
      return;
    }
    await action.run(async () => {
      // A typed key is tested as it is, and saved only by Save: a test never changes what is stored.
      const { flows: list } = apiKey.trim()
        ? await apiPost<{ flows: AutomationFlow[] }>("/api/automation/flows", { apiKey: apiKey.trim() })
        : await apiGet<{ flows: AutomationFlow[] }>("/api/automation/flows");
      setTestedFlows(apiKey.trim() ? list : undefined);
      setTestResult(tp("settings.automation.testOk", list.length));
      if (!apiKey.trim()) flows.reload();
    }, "test");
  }

  async function save() {
    const problems: FieldErrors = {};
    if (!hasKey && !apiKey.trim()) problems.apiKey = t("settings.automation.apiKeyRequired");
    if (hasKey && !newOrderFlowId) problems.newOrderFlowId = t("settings.automation.flowRequired");
    if (hasKey && !abandonedCartFlowId) problems.abandonedCartFlowId = t("settings.automation.flowRequired");
    if (newOrderFlowId && newOrderFlowId === abandonedCartFlowId) problems.abandonedCartFlowId = t("error.same_flow");
    setErrors(problems);
    action.setFailure(undefined);
    if (Object.keys(problems).length > 0) return;
    await action.run(async () => {
      const saved = await apiPost<{ configuration: PublicConfiguration }>("/api/integrations/automation/save", {
        apiKey: apiKey.trim() || undefined,
        newOrderFlowId: newOrderFlowId || undefined,
        abandonedCartFlowId: abandonedCartFlowId || undefined,
      });
      setApiKey("");
      setTestedFlows(undefined);
      onSaved(saved.configuration);
      showToast(t("settings.automation.saved"));
    }, "save");
  }

  // A key just tested offers its flows before it is saved; otherwise the stored key's.
  const available = testedFlows ?? (hasKey ? flows.data : undefined) ?? [];
  const dirty =
    Boolean(apiKey.trim()) ||
    newOrderFlowId !== (configuration?.newOrderFlowId ?? "") ||
    abandonedCartFlowId !== (configuration?.abandonedCartFlowId ?? "");
  useEffect(() =>
    report("automation", {
      dirty,
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
  const serverField = failedField(action.error, AUTOMATION_FIELDS);
  const fieldError = (name: string) => errors[name] ?? (serverField === name ? action.failure : undefined);

  return (
    <Card>
      <BlockStack gap="400">
        <FormFeedback
          failure={serverField ? undefined : action.failure}
          success={testResult}
          onDismissFailure={() => action.setFailure(undefined)}
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
          {hasKey && flows.error ? <ApiErrorBanner error={flows.error} onRetry={flows.reload} /> : null}
          {hasKey && flows.data?.length === 0 && (
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

type SupplierConfiguration = Pick<
  PublicConfiguration,
  "shop" | "supplierStoreName" | "supplierCountry" | "supplierToken"
>;

function SupplierSettings({
  configuration,
  onSaved,
  report,
}: {
  configuration: PublicConfiguration | null;
  onSaved: (configuration: SupplierConfiguration) => void;
  report: (name: string, state: SectionState) => void;
}) {
  const { t, tp } = useI18n();
  const [storeName, setStoreName] = useState(configuration?.supplierStoreName ?? "");
  const [country, setCountry] = useState(configuration?.supplierCountry ?? "");
  const [token, setToken] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const action = useAction<"test" | "save">();
  const [testResult, setTestResult] = useState<string>();
  const automationReady = Boolean(configuration?.automationApiKey);
  const hasToken = Boolean(configuration?.supplierToken);
  const serverField = failedField(action.error, SUPPLIER_FIELDS);
  const dirty =
    Boolean(token.trim()) ||
    storeName !== (configuration?.supplierStoreName ?? "") ||
    country !== (configuration?.supplierCountry ?? "");
  useEffect(() =>
    report("supplier", {
      dirty,
      save,
      discard: () => {
        setToken("");
        setStoreName(configuration?.supplierStoreName ?? "");
        setCountry(configuration?.supplierCountry ?? "");
        setErrors({});
      },
    }),
  );
  const fieldError = (name: string) => errors[name] ?? (serverField === name ? action.failure : undefined);

  async function save() {
    const problems: FieldErrors = {};
    if (!storeName.trim()) problems.storeName = t("settings.supplier.storeNameRequired");
    if (!country) problems.country = t("settings.supplier.countryRequired");
    if (!hasToken && !token.trim()) problems.token = t("settings.supplier.tokenRequired");
    setErrors(problems);
    action.setFailure(undefined);
    setTestResult(undefined);
    if (Object.keys(problems).length > 0) return;
    await action.run(async () => {
      const saved = await apiPost<{ configuration: SupplierConfiguration }>("/api/integrations/supplier/save", {
        store_name: storeName.trim(),
        country,
        supplier_token: token.trim() || undefined,
      });
      setToken("");
      onSaved(saved.configuration);
      showToast(t("settings.supplier.saved"));
    }, "save");
  }

  async function testConnection() {
    setTestResult(undefined);
    await action.run(async () => {
      // The catalogue answers empty with `upstreamError` when the marketplace refuses or fails.
      const page = await apiGet<{ total: number; upstreamError: UpstreamError | null }>("/api/supplier/products", {
        pageSize: 1,
        // All products, as the catalogue's "All products" counts them (not the favourites it opens on).
        favorite: false,
      });
      if (page.upstreamError) {
        action.setFailure(t(`settings.supplier.test.${page.upstreamError.code}`));
      } else {
        setTestResult(tp("settings.supplier.testOk", page.total));
      }
    }, "test");
  }

  return (
    <Card>
      <BlockStack gap="400">
        {!automationReady && (
          <Banner tone="info">
            <p>{t("settings.supplier.needsAutomation")}</p>
          </Banner>
        )}
        <FormFeedback
          failure={serverField ? undefined : action.failure}
          success={testResult}
          onDismissFailure={() => action.setFailure(undefined)}
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

/** Test (when there is something to test) and save; one running disables the other. */
function FormButtons({
  section,
  pending,
  onTest,
  onSave,
  saveDisabled = false,
}: {
  section: "automation" | "supplier";
  pending: "test" | "save" | undefined;
  onTest?: () => void;
  onSave: () => void;
  saveDisabled?: boolean;
}) {
  const { t } = useI18n();
  return (
    <InlineStack align="end" gap="200">
      {onTest && (
        <Button
          onClick={onTest}
          loading={pending === "test"}
          disabled={pending === "save"}
          accessibilityLabel={`${t(`settings.${section}.test`)}: ${t(`settings.${section}.title`)}`}
        >
          {t(`settings.${section}.test`)}
        </Button>
      )}
      <Button
        variant="primary"
        onClick={onSave}
        loading={pending === "save"}
        disabled={saveDisabled || pending === "test"}
      >
        {t(`settings.${section}.save`)}
      </Button>
    </InlineStack>
  );
}
