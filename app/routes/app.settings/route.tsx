import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Box, Layout } from "@shopify/polaris";
import { AnswerRulesCard } from "~/components/answers/AnswerRulesCard";
import { HoldSettingsCard } from "~/components/answers/HoldSettingsCard";
import { AppPage } from "~/components/AppPage";
import { OrderRulesSettings } from "~/components/settings/OrderRulesSettings";
import { OutcomeTagSetting } from "~/components/settings/OutcomeTagSetting";
import { UnsavedChangesBar, useUnsavedChanges } from "~/components/UnsavedChanges";
import { useI18n } from "~/i18n/context";
import type { AutomationFlow, PublicConfiguration } from "~/lib/api-types";
import type { FailureBody } from "~/lib/errors";
import { AppError, apiHandler, BODY_LIMITS, loaderFailure, ok, reportUnexpected } from "~/lib/http.server";
import { parseInput, readFields } from "~/lib/input.server";
import { pageMeta } from "~/lib/meta";
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
import { AutomationSettings } from "./components/AutomationSettings";
import { SupplierSettings } from "./components/SupplierSettings";

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
      : ({ flows: null, failure: null } as StoredKeyFlows),
  };
};

/** The stored key's flows, or the JSON route's failure body for them (loaderFailure's mapping). */
export type StoredKeyFlows = { flows: AutomationFlow[] | null; failure: FailureBody | null };

async function storedKeyFlows(shop: string, apiKey: string): Promise<StoredKeyFlows> {
  try {
    return { flows: (await listFlows(apiKey)) as AutomationFlow[], failure: null };
  } catch (error) {
    // Only the flows failed: the page still shows, the failure worded under the key.
    if (!(error instanceof AppError)) {
      const unexpected = reportUnexpected(error, { shop });
      return { flows: null, failure: { success: false, error: String(unexpected.error), code: "internal" } };
    }
    return { flows: null, failure: { success: false, ...loaderFailure(error, {}).data.failure } };
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
          <Layout.AnnotatedSection
            id="order-tags"
            title={t("tagPolicy.title")}
            description={t("tagPolicy.description")}
          >
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
