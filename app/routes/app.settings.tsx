import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
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
import { ApiErrorBanner, useErrorMessage } from "~/components/ApiErrorBanner";
import { FormFeedback } from "~/components/FormFeedback";
import { SecretField } from "~/components/SecretField";
import { OrderRulesSettings } from "~/components/settings/OrderRulesSettings";
import { UnsavedChangesBar, useUnsavedChanges, type SectionState } from "~/components/UnsavedChanges";
import { showToast } from "~/components/toast";
import { OutcomeTagSetting } from "~/components/settings/OutcomeTagSetting";
import { useWrite } from "~/components/use-write";
import { AppPage } from "~/components/AppPage";
import { AnswerRulesCard } from "~/components/answers/AnswerRulesCard";
import { HoldSettingsCard } from "~/components/answers/HoldSettingsCard";
import { useI18n } from "~/i18n/context";
import { failureOf } from "~/lib/errors";
import { SUPPLIER_COUNTRIES, type AutomationFlow, type PublicConfiguration, type UpstreamError } from "~/lib/api-types";
import { AppError, apiHandler, BODY_LIMITS, describeFailure, ok } from "~/lib/http.server";
import { parseInput, readFields } from "~/lib/input.server";
import { pageMeta } from "~/lib/meta";
import { logger } from "~/logger.server";
import { listFlows } from "~/services/automation/client.server";
import { answerRulesInput, answerRulesView, saveAnswerRules } from "~/services/answers/rules.server";
import { HOLD_SCOPES, holdPolicyInput, holdPolicyOf, saveHoldPolicy } from "~/services/holds/settings.server";
import { missingScopesFor } from "~/services/platform/granted-scopes.server";
import { automationKeyTestInput, automationSettingsInput } from "~/services/automation/settings-input.server";
import { saveAutomationSettings } from "~/services/automation/settings.server";
import { replacesOutcomeTags } from "~/services/automation/tag-policy.server";
import { getShopSettings, publicSettings } from "~/services/shops/configuration.server";
import { supplierIntegrationInput } from "~/services/supplier/integration-input.server";
import { requireSupplierToken, saveSupplierIntegration } from "~/services/supplier/integration.server";
import { listSupplierProducts } from "~/services/supplier/products.server";
import { getOrderRules } from "~/services/orders/rules.server";
import { authenticateAdminApi } from "~/services/platform/admin-auth.server";
import { authenticate } from "~/shopify.server";

export const meta = pageMeta("nav.settings");

/**
 * The saved settings, secrets masked (the service of `/api/settings`), and the flows of the stored key's account
 * (the service of `/api/automation/flows`), in the first HTML. The automation platform's failure is the JSON
 * route's failure, worded under the key; the rest of the page still shows.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const [settings, answers, holdPolicy, holdScopesMissing] = await Promise.all([
    getShopSettings(session.shop),
    answerRulesView(session.shop),
    holdPolicyOf(session.shop),
    missingScopesFor(session.shop, HOLD_SCOPES),
  ]);
  return {
    replaceOutcomeTag: await replacesOutcomeTags(session.shop),
    orderRules: await getOrderRules(session.shop),
    answers,
    holdPolicy,
    holdScopesMissing,
    configuration: settings ? (publicSettings(settings) as PublicConfiguration) : null,
    flows: settings?.automationApiKey
      ? await storedKeyFlows(session.shop, settings.automationApiKey)
      : { flows: null, failure: null },
  };
};

async function storedKeyFlows(shop: string, apiKey: string) {
  try {
    return { flows: (await listFlows(apiKey)) as AutomationFlow[], failure: null };
  } catch (error) {
    if (!(error instanceof AppError)) {
      logger.error({ shop, err: error instanceof Error ? error.message : String(error) }, "flow list failed");
    }
    const failure =
      error instanceof AppError
        ? { error: error.message, ...describeFailure(error) }
        : { error: "Internal error; it has been logged", code: "internal" };
    return { flows: null, failure };
  }
}

/**
 * Test and save each form: the services and input schemas of `/api/automation/flows`,
 * `/api/integrations/automation/save`, `/api/supplier/products` and `/api/integrations/supplier/save`, with their
 * failures, codes and bodies (docs/decisions/135, 136, 137). A test never stores anything.
 */
export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const fields = await readFields(request);
    switch (fields.intent) {
      case "automation-test": {
        // A typed key is tried as it is (fresh: a test that read the cache would test nothing); the stored one else.
        if (fields.apiKey?.trim()) {
          const { apiKey } = parseInput(automationKeyTestInput, fields);
          return ok({ flows: await listFlows(apiKey, { fresh: true }), typed: true });
        }
        const apiKey = (await getShopSettings(shop))?.automationApiKey;
        if (!apiKey) throw new AppError(400, "Save the automation API key first", "not_configured");
        return ok({ flows: await listFlows(apiKey, { fresh: true }), typed: false });
      }
      case "automation-save":
        return ok({ configuration: await saveAutomationSettings(shop, parseInput(automationSettingsInput, fields)) });
      case "supplier-test": {
        // All products, as the catalogue's "All products" counts them (not the favourites it opens on).
        const page = await listSupplierProducts(await requireSupplierToken(shop), {
          pageSize: 1,
          startData: 0,
          privatedProduct: false,
          favorite: false,
        });
        return ok({ total: page.total, upstreamError: page.upstreamError });
      }
      case "supplier-save": {
        const input = parseInput(supplierIntegrationInput, fields);
        return ok({
          configuration: await saveSupplierIntegration(shop, {
            storeName: input.store_name,
            country: input.country,
            token: input.supplier_token,
          }),
        });
      }
      // The services of /api/answer-rules and /api/hold-settings (docs/decisions/210, 211).
      case "answers-save":
        return ok({ rules: await saveAnswerRules(shop, parseInput(answerRulesInput, fields).rules) });
      case "holds-save":
        return ok({ policy: await saveHoldPolicy(shop, parseInput(holdPolicyInput, fields)) });
      default:
        throw new AppError(400, "intent: is not an action of this page", "invalid_input");
    }
  },
  { maxBodyBytes: BODY_LIMITS.form },
);

type Flows = Awaited<ReturnType<typeof storedKeyFlows>> | { flows: null; failure: null };

export default function Settings() {
  const { t } = useI18n();
  const { configuration, flows, replaceOutcomeTag, orderRules, answers, holdPolicy, holdScopesMissing } =
    useLoaderData<typeof loader>();
  const unsaved = useUnsavedChanges();

  return (
    <AppPage title={t("nav.settings")}>
      <UnsavedChangesBar state={unsaved} />
      {/* At phone widths the sections' titles and descriptions sit on the page itself: padded off the edge. */}
      <Box paddingInline={{ xs: "400", sm: "0" }}>
        <Layout>
          <Layout.AnnotatedSection
            id="automation"
            title={t("settings.automation.title")}
            description={t("settings.automation.description")}
          >
            <AutomationSettings configuration={configuration} flows={flows} report={unsaved.report} />
          </Layout.AnnotatedSection>
          <Layout.AnnotatedSection
            id="supplier"
            title={t("settings.supplier.title")}
            description={t("settings.supplier.description")}
          >
            <SupplierSettings configuration={configuration} report={unsaved.report} />
          </Layout.AnnotatedSection>
          <Layout.AnnotatedSection id="order-tags" title={t("tagPolicy.title")} description={t("tagPolicy.description")}>
            <OutcomeTagSetting replaceOutcomeTag={replaceOutcomeTag} />
          </Layout.AnnotatedSection>
          <Layout.AnnotatedSection
            id="order-rules"
            title={t("settings.orderRules.title")}
            description={t("settings.orderRules.description")}
          >
            <OrderRulesSettings rules={orderRules} report={unsaved.report} />
          </Layout.AnnotatedSection>
          <Layout.AnnotatedSection
            id="answers"
            title={t("settings.answers.title")}
            description={t("settings.answers.description")}
          >
            <AnswerRulesCard {...answers} report={unsaved.report} />
          </Layout.AnnotatedSection>
          <Layout.AnnotatedSection
            id="holds"
            title={t("settings.holds.title")}
            description={t("settings.holds.description")}
          >
            <HoldSettingsCard policy={holdPolicy} missingScopes={holdScopesMissing} report={unsaved.report} />
          </Layout.AnnotatedSection>
        </Layout>
      </Box>
    </AppPage>
  );
}

/**
 * A form's writes through the page's action: the failure of the last one until the merchant dismisses it or
 * starts another.
 */
function useFormAction<Result extends Record<string, unknown>>(
  section: "automation" | "supplier",
  onDone: (result: { success: true; intent: string } & Partial<Result>) => void,
) {
  const operation = useWrite<{ success: true } & Partial<Result>>(undefined, onDone);
  const pending = (["test", "save"] as const).find((name) => operation.pending(`${section}-${name}`));
  return {
    busy: operation.busy,
    pending,
    failure: operation.failure,
    dismiss: operation.clear,
    submit: (name: "test" | "save", fields: Record<string, string | undefined>) =>
      operation.submit(`${section}-${name}`, fields),
  };
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
  flows,
  report,
}: {
  configuration: PublicConfiguration | null;
  flows: Flows;
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

function SupplierSettings({
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
