import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useNavigation, useRevalidator, useSearchParams } from "@remix-run/react";
import { BlockStack, Card, InlineGrid, Layout, Select } from "@shopify/polaris";
import { ApiErrorBanner, useErrorMessage } from "~/components/ApiErrorBanner";
import { PageNavigation } from "~/components/PageNavigation";
import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { AppPage } from "~/components/AppPage";
import { useRepeatFlowConfirm } from "~/components/deliveries/RepeatFlowConfirm";
import { useI18n } from "~/i18n/context";
import { pluralKey } from "~/i18n/plural";
import { DELIVERY_STATUSES, type DeliveryStatus, type DeliverySummary } from "~/lib/api-types";
import { APP_ACTION_FILTERS, isAppActionFilter, type AppActionFilter } from "~/lib/app-action";
import { pageMeta } from "~/lib/meta";
import { apiHandler, BODY_LIMITS, ok, unknownIntent } from "~/lib/http.server";
import { readFields } from "~/lib/input.server";
import {
  automationState,
  countRetryableFailed,
  pauseAutomation,
  resumeAutomation,
  retryAllFailed,
  retryNow,
  searchDeliveries,
} from "~/services/deliveries/operations.server";
import { withBuyerOutcomes } from "~/services/deliveries/buyer-outcome.server";
import { withIncidentAnswers } from "~/services/incidents/answer.server";
import { listByAppAction } from "~/services/deliveries/app-action-filter.server";
import { listByJourney, withParcels } from "~/services/deliveries/journey-filter.server";
import { isJourneyFilter, JOURNEY_FILTERS, type JourneyFilter } from "~/lib/journey-log";
import { readOutcomeFilter } from "~/lib/outcomes";
import { isRiskLevel, RISK_LEVELS, type RiskLevelFilter } from "~/lib/risk-log";
import { listDeliveries } from "~/services/deliveries/queries.server";
import { authenticateAdminApi } from "~/services/platform/admin-auth.server";
import { authenticate } from "~/shopify.server";
import { DeliveryOperations } from "./components/DeliveryOperations";
import { useSweepNow } from "./use-sweep-now";
import { DeliveryTable } from "./components/DeliveryTable";
import { EmptyLog } from "./components/EmptyLog";
import { NoAnswerRulesBanner } from "./components/NoAnswerRulesBanner";
import { OutcomeFilterBanner } from "./components/OutcomeFilterBanner";

const PAGE_SIZE = 25;
// A figure of the outcomes insights in the log's URL (app/lib/outcomes.ts).
const OUTCOME_PARAMS = ["outcome", "outcomeKey", "outcomeLabel", "measure", "from", "to"];

export const meta = pageMeta("nav.deliveries");

/**
 * The log as the URL asks for it (status filter, what the app did, search, page) and the operations' state, from the services the
 * JSON routes call (`/api/deliveries`, `/api/deliveries/retry-failed`, `/api/automation/pause`). An unknown
 * status or page is read as none, as the list's links never make one.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  const params = new URL(request.url).searchParams;
  const status = DELIVERY_STATUSES.find((value) => value === params.get("status"));
  const page = Math.min(1_000_000, Math.max(1, Math.floor(Number(params.get("page"))) || 1));
  const q = params.get("q")?.trim().slice(0, 100) || undefined;
  const appAction = params.get("appAction");
  const journey = params.get("journey");
  const outcome = readOutcomeFilter(params);
  const risk = params.get("risk");
  const [list, failed, pause] = await Promise.all([
    isJourneyFilter(journey) || outcome || isRiskLevel(risk)
      ? listByJourney(shop, {
          journey: isJourneyFilter(journey) ? journey : undefined,
          outcome,
          risk: isRiskLevel(risk) ? risk : undefined,
          appAction: isAppActionFilter(appAction) ? appAction : undefined,
          status,
          q,
          page,
          pageSize: PAGE_SIZE,
        })
      : isAppActionFilter(appAction)
        ? listByAppAction(shop, { appAction, status, q, page, pageSize: PAGE_SIZE })
        : q
          ? searchDeliveries(shop, { q, status, page, pageSize: PAGE_SIZE })
          : listDeliveries(shop, { status, page, pageSize: PAGE_SIZE }),
    countRetryableFailed(shop),
    automationState(shop),
  ]);
  const deliveries = await withIncidentAnswers(
    shop,
    await withParcels(shop, await withBuyerOutcomes(shop, list.deliveries as DeliverySummary[])),
  );
  return {
    deliveries,
    total: list.total,
    status,
    appAction: isAppActionFilter(appAction) ? appAction : null,
    journey: isJourneyFilter(journey) ? journey : null,
    risk: isRiskLevel(risk) ? risk : null,
    outcome: outcome ?? null,
    q,
    page,
    failed,
    pause,
  };
};

/**
 * Retry one, retry all failed, pause or resume: the JSON routes' services, failures and bodies (docs/decisions/135,
 * 137).
 */
export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const fields = await readFields(request);
    if (fields.intent === "retry") {
      return ok({
        delivery: await retryNow(shop, fields.id ?? "", { confirmRepeat: fields.confirmRepeat === "true" }),
      });
    }
    if (fields.intent === "retry-failed") {
      const result = await retryAllFailed(shop);
      return ok({ queued: result.queued, remaining: result.remaining });
    }
    if (fields.intent === "pause") {
      return ok({ pause: fields.paused === "true" ? await pauseAutomation(shop) : await resumeAutomation(shop) });
    }
    throw unknownIntent();
  },
  { maxBodyBytes: BODY_LIMITS.form },
);

export default function Deliveries() {
  const { t, locale, number } = useI18n();
  const data = useLoaderData<typeof loader>();
  const { status, page } = data;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const sweep = useSweepNow();
  const loading = navigation.state === "loading" || revalidator.state === "loading";
  // The filter lives in the URL so the home page can link straight to the failed ones.
  const [params, setParams] = useSearchParams();
  const message = useErrorMessage();
  const operation = useWrite<{ success: true; queued?: number; pause?: { paused: boolean } }>(undefined, (result) => {
    if (result.intent === "retry") showToast(t("deliveries.retried"));
    if (result.intent === "pause" && result.pause) {
      showToast(t(result.pause.paused ? "operations.pausedToast" : "operations.resumedToast"));
    }
    if (result.intent === "retry-failed") {
      const queued = result.queued ?? 0;
      showToast(t(pluralKey(locale, "operations.retryQueued", queued), { count: number(queued) }));
    }
  });

  function show(
    status: DeliveryStatus | undefined,
    page: number,
    appAction = data.appAction,
    journey: JourneyFilter | null = data.journey,
    risk: RiskLevelFilter | null = data.risk,
  ) {
    const search = new URLSearchParams(params);
    if (risk) search.set("risk", risk);
    else search.delete("risk");
    if (appAction) search.set("appAction", appAction);
    else search.delete("appAction");
    if (journey) search.set("journey", journey);
    else search.delete("journey");
    if (status) search.set("status", status);
    else search.delete("status");
    if (page > 1) search.set("page", String(page));
    else search.delete("page");
    setParams(search);
  }

  const repeat = useRepeatFlowConfirm((id, confirmRepeat) =>
    operation.submit("retry", { id, ...(confirmRepeat ? { confirmRepeat } : {}) }),
  );

  // Every filter off, the outcomes' too (a figure's orders), or only the outcomes' (the banner's way back).
  function clearFilters(names: string[]) {
    const search = new URLSearchParams(params);
    for (const name of [...names, "page"]) search.delete(name);
    setParams(search);
  }

  function clearSearch() {
    const search = new URLSearchParams(params);
    search.delete("q");
    search.delete("page");
    setParams(search);
  }

  return (
    <AppPage
      title={t("nav.deliveries")}
      // An index table of nine columns and its row actions: the admin's own order list is full width too.
      fullWidth
      // Deliveries move on their own (worker, callbacks): the merchant can look again without leaving the page.
      secondaryActions={[{ content: t("common.refresh"), onAction: revalidator.revalidate, loading }, sweep.action]}
    >
      <Layout>
        {sweep.message && (
          <Layout.Section>
            <ApiErrorBanner message={sweep.message} onDismiss={sweep.clear} />
          </Layout.Section>
        )}
        <Layout.Section>
          <DeliveryOperations failed={data.failed} pause={data.pause} operation={operation} />
        </Layout.Section>
        <Layout.Section>
          <BlockStack gap="400">
            <OutcomeFilterBanner filter={data.outcome} onClear={() => clearFilters(OUTCOME_PARAMS)} />
            <NoAnswerRulesBanner shown={data.deliveries.some((delivery) => delivery.answer?.answer === "no_rules")} />
            <Card>
              <InlineGrid columns={{ xs: 1, md: 2, lg: 4 }} gap="300">
                <Select
                  label={t("deliveries.filter")}
                  options={[
                    { label: t("deliveries.filter.all"), value: "" },
                    ...DELIVERY_STATUSES.map((value) => ({ label: t(`deliveries.status.${value}`), value })),
                  ]}
                  value={status ?? ""}
                  onChange={(value) =>
                    show(
                      DELIVERY_STATUSES.find((known) => known === value),
                      1,
                    )
                  }
                />
                <Select
                  label={t("deliveries.filter.appAction")}
                  options={[
                    { label: t("deliveries.filter.all"), value: "" },
                    ...(Object.keys(APP_ACTION_FILTERS) as AppActionFilter[]).map((value) => ({
                      label: t(`deliveries.filter.appAction.${value}`),
                      value,
                    })),
                  ]}
                  value={data.appAction ?? ""}
                  onChange={(value) => show(status, 1, isAppActionFilter(value) ? value : null)}
                />
                <Select
                  label={t("deliveries.filter.journey")}
                  options={[
                    { label: t("deliveries.filter.all"), value: "" },
                    ...JOURNEY_FILTERS.map((value) => ({ label: t(`journey.filter.${value}`), value })),
                  ]}
                  value={data.journey ?? ""}
                  onChange={(value) => show(status, 1, data.appAction, isJourneyFilter(value) ? value : null)}
                />
                <Select
                  label={t("deliveries.filter.risk")}
                  options={[
                    { label: t("deliveries.filter.all"), value: "" },
                    ...RISK_LEVELS.map((value) => ({ label: t(`risk.level.${value}`), value })),
                  ]}
                  value={data.risk ?? ""}
                  onChange={(value) => show(status, 1, data.appAction, data.journey, isRiskLevel(value) ? value : null)}
                />
              </InlineGrid>
            </Card>
            {operation.failure && operation.intent === "retry" && (
              <ApiErrorBanner message={message(operation.failure)} />
            )}
            {data.deliveries.length === 0 ? (
              <EmptyLog
                q={data.q}
                status={status}
                appAction={data.appAction}
                journey={data.journey}
                risk={data.risk}
                outcome={data.outcome}
                onClearSearch={clearSearch}
                onClearFilter={() => clearFilters(["status", "appAction", "journey", "risk", ...OUTCOME_PARAMS])}
              />
            ) : (
              <>
                <DeliveryTable
                  deliveries={data.deliveries}
                  loading={loading}
                  retry={{
                    onRetry: repeat.request,
                    pending: (id) => operation.pending("retry", id),
                    busy: operation.busy,
                  }}
                />
                <PageNavigation
                  page={page}
                  total={data.total}
                  pageSize={PAGE_SIZE}
                  onPage={(next) => show(status, next)}
                />
              </>
            )}
          </BlockStack>
        </Layout.Section>
      </Layout>
      {repeat.modal}
    </AppPage>
  );
}
