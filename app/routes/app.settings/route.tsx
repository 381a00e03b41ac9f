import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Box, Layout } from "@shopify/polaris";
import { AppPage } from "~/components/AppPage";
import { UnsavedChangesBar, useUnsavedChanges } from "~/components/UnsavedChanges";
import { useI18n } from "~/i18n/context";
import type { PublicConfiguration } from "~/lib/api-types";
import { apiHandler, BODY_LIMITS } from "~/lib/http.server";
import { readFields } from "~/lib/input.server";
import { pageMeta } from "~/lib/meta";
import { answerRulesView } from "~/services/answers/rules.server";
import { orderTagPolicyOf } from "~/services/automation/tag-policy.server";
import { HOLD_SCOPES, holdPolicyOf } from "~/services/holds/settings.server";
import { getOrderRules } from "~/services/screening/rules.server";
import { authenticateAdminApi } from "~/services/platform/admin-auth.server";
import { missingScopesFor } from "~/services/platform/granted-scopes.server";
import { followInStoreView, receiverView, savedStatusMap } from "~/services/journey/settings.server";
import { getShopSettings, publicSettings } from "~/services/shops/configuration.server";
import { authenticate } from "~/shopify.server";
import { AnswerRulesCard } from "./components/AnswerRulesCard";
import { HoldSettingsCard } from "./components/HoldSettingsCard";
import { OrderRulesSettings } from "./components/OrderRulesSettings";
import { RiskRuleCard } from "./components/RiskRuleCard";
import { riskRuleOf } from "~/services/risk/rules.server";
import { riskScoreCounts } from "~/services/risk/rule-preview.server";
import { OutcomeTagSetting } from "./components/OutcomeTagSetting";
import { AutomationSettings } from "./components/AutomationSettings";
import { FollowInStoreCard } from "./components/FollowInStoreCard";
import { StatusMapCard } from "./components/StatusMapCard";
import { CarrierPaceCard } from "./components/CarrierPaceCard";
import { carrierPaceOf } from "~/services/journey/pace.server";
import { pollingReach } from "~/services/journey/poll-view.server";
import { PollingCard } from "./components/PollingCard";
import { StatusReceiverCard } from "./components/StatusReceiverCard";
import { SupplierSettings } from "./components/SupplierSettings";
import { IncidentFlowCard } from "./components/IncidentFlowCard";
import { incidentFlowView } from "~/services/incidents/open-incidents.server";
import { BlocklistCard } from "./components/BlocklistCard";
import { blocklistView } from "~/services/orders/rules-intents.server";
import { settingsIntent, storedKeyFlows, type StoredKeyFlows } from "./intents.server";

export const meta = pageMeta("nav.settings");

/**
 * The saved settings, secrets masked (the service of `/api/settings`), and the flows of the stored key's account
 * (the service of `/api/automation/flows`), in the first HTML. The automation platform's failure is the JSON
 * route's failure, worded under the key; the rest of the page still shows.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const [
    settings,
    answers,
    holdPolicy,
    holdScopesMissing,
    tagPolicy,
    orderRules,
    receiver,
    statusMap,
    carrierPace,
    follow,
    incidentFlow,
    polling,
    riskRule,
    riskScores,
    blocklist,
  ] = await Promise.all([
    getShopSettings(session.shop),
    answerRulesView(session.shop),
    holdPolicyOf(session.shop),
    missingScopesFor(session.shop, HOLD_SCOPES),
    orderTagPolicyOf(session.shop),
    getOrderRules(session.shop),
    receiverView(session.shop),
    savedStatusMap(session.shop),
    carrierPaceOf(session.shop),
    followInStoreView(session.shop),
    incidentFlowView(session.shop),
    pollingReach(session.shop),
    riskRuleOf(session.shop),
    riskScoreCounts(session.shop),
    blocklistView(session.shop),
  ]);
  return {
    tagPolicy,
    orderRules,
    riskRule,
    riskScores,
    blocklist,
    receiver,
    statusMap,
    carrierPace,
    follow,
    incidentFlow,
    polling,
    answers,
    holdPolicy,
    holdScopesMissing,
    configuration: settings ? (publicSettings(settings) as PublicConfiguration) : null,
    flows: settings?.automationApiKey
      ? await storedKeyFlows(session.shop, settings.automationApiKey)
      : ({ flows: null, failure: null } as StoredKeyFlows),
  };
};

/**
 * Test and save each form (`settingsIntent`): the JSON routes' services, failures, codes and bodies
 * (docs/decisions/135, 136, 137).
 */
export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    return settingsIntent(shop, await readFields(request));
  },
  { maxBodyBytes: BODY_LIMITS.form },
);

export default function Settings() {
  const { t } = useI18n();
  const {
    configuration,
    flows,
    tagPolicy,
    orderRules,
    riskRule,
    riskScores,
    blocklist,
    answers,
    holdPolicy,
    holdScopesMissing,
    receiver,
    statusMap,
    carrierPace,
    follow,
    incidentFlow,
    polling,
  } = useLoaderData<typeof loader>();
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
            <BlockStack gap="400">
              <AutomationSettings configuration={configuration} flows={flows} report={unsaved.report} />
              <IncidentFlowCard saved={incidentFlow} flows={flows.flows} />
            </BlockStack>
          </Layout.AnnotatedSection>
          <Layout.AnnotatedSection
            id="supplier"
            title={t("settings.supplier.title")}
            description={t("settings.supplier.description")}
          >
            <BlockStack gap="400">
              <SupplierSettings configuration={configuration} report={unsaved.report} />
              <StatusReceiverCard receiver={receiver} />
              <PollingCard reach={polling} />
              <StatusMapCard statusMap={statusMap} />
              <CarrierPaceCard pace={carrierPace} />
              <FollowInStoreCard follow={follow} />
            </BlockStack>
          </Layout.AnnotatedSection>
          <Layout.AnnotatedSection
            id="order-tags"
            title={t("tagPolicy.title")}
            description={t("tagPolicy.description")}
          >
            <OutcomeTagSetting policy={tagPolicy} />
          </Layout.AnnotatedSection>
          <Layout.AnnotatedSection
            id="order-rules"
            title={t("settings.orderRules.title")}
            description={t("settings.orderRules.description")}
          >
            <BlockStack gap="400">
              <OrderRulesSettings rules={orderRules} report={unsaved.report} />
              <RiskRuleCard rule={riskRule} scores={riskScores} flows={flows.flows} report={unsaved.report} />
              <BlocklistCard {...blocklist} />
            </BlockStack>
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
