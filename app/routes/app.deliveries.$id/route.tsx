import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Banner, BlockStack, Layout } from "@shopify/polaris";
import { ApiErrorBanner, useErrorMessage } from "~/components/ApiErrorBanner";
import { BuyerPhoneCard } from "./components/BuyerPhoneCard";
import { DeliveryStatusBadge } from "~/components/DeliveryStatusBadge";
import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { AppPage } from "~/components/AppPage";
import { useRepeatFlowConfirm } from "~/components/deliveries/RepeatFlowConfirm";
import { useI18n } from "~/i18n/context";
import type { DeliveryDetail } from "~/lib/api-types";
import type { BuyerOutcome } from "~/lib/buyer-outcome";
import { deliveryName, RETRYABLE_STATUSES, retryLabel, skipKind } from "~/lib/deliveries";
import { isHeld } from "~/lib/order-rules";
import { pageMeta, type Title } from "~/lib/meta";
import { apiHandler, BODY_LIMITS, loaderFailure, ok, unknownIntent } from "~/lib/http.server";
import { readFields } from "~/lib/input.server";
import { flowDirectory } from "~/services/automation/flow-directory.server";
import { retryNow } from "~/services/deliveries/operations.server";
import { sendAnywayTiming, sendHeldOrderAnyway } from "~/services/deliveries/send-anyway.server";
import { withBuyerOutcomes } from "~/services/deliveries/buyer-outcome.server";
import { getDelivery } from "~/services/deliveries/queries.server";
import { parcelCardView } from "~/services/journey/order-view.server";
import { orderChecks } from "~/services/orders/checks.server";
import { authenticateAdminApi } from "~/services/platform/admin-auth.server";
import { authenticate } from "~/shopify.server";
import { AttemptLog } from "./components/AttemptLog";
import { BuyerCard } from "./components/BuyerCard";
import { CallbackCard } from "./components/CallbackCard";
import { ParcelCard } from "./components/ParcelCard";
import { useSendAnyway } from "./components/SendAnywayConfirm";
import { SummaryCard } from "./components/SummaryCard";

/**
 * The delivery (the service of `/api/deliveries/:id`) and its flow's name from the automation platform's list
 * (the flow directory the insights page names flows by). A delivery the shop does not have is the JSON route's 404 failure,
 * worded by the page; a flow list that cannot be read leaves the flow shown by its id.
 */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  let found: DeliveryDetail;
  try {
    found = (await getDelivery(shop, params.id ?? "")) as DeliveryDetail;
  } catch (error) {
    return loaderFailure(error, { delivery: null, checks: null, flowName: null, sendAnyway: null, parcel: null });
  }
  const flowId = found.flowId;
  // The reads that need only the delivery: at once, not one after the other.
  const orderGid = found.topic === "orders/create" ? found.orderId : null;
  const [[delivery], checks, name, sendAnyway, parcel] = await Promise.all([
    withBuyerOutcomes(shop, [found]),
    orderChecks(shop, found.id),
    flowId ? flowDirectory(shop).then(({ names }) => names[flowId] ?? null) : null,
    // A held order's confirmation says when "send anyway" would send it (docs/decisions/282).
    isHeld(found) ? sendAnywayTiming(shop) : null,
    // A store order's parcel and what the app did because of it (docs/decisions/329); carts and drafts have none.
    orderGid ? parcelCardView(shop, orderGid) : null,
  ]);
  return { delivery, checks, flowName: name, sendAnyway, parcel, failure: null };
};

/**
 * Retry (or send now): the JSON route's `retryNow`; send anyway: a held order queued once, by the shop's sending
 * hours. Failures and bodies as the JSON routes (docs/decisions/135, 137, 282).
 */
export const action = apiHandler(
  async ({ request, params }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const fields = await readFields(request);
    const id = params.id ?? "";
    if (fields.intent === "sendAnyway") return ok(await sendHeldOrderAnyway(shop, id));
    if (fields.intent !== "retry") throw unknownIntent();
    return ok({ delivery: await retryNow(shop, id, { confirmRepeat: fields.confirmRepeat === "true" }) });
  },
  { maxBodyBytes: BODY_LIMITS.form },
);

// Titled by its order once loaded (docs/decisions/132); by its list when there is no such delivery.
export const meta = pageMeta<{ delivery: ShownDelivery | null }>((data): Title =>
  data?.delivery?.orderName
    ? { key: titleKey(data.delivery), vars: { name: data.delivery.orderName } }
    : data?.delivery?.convertedTo?.orderName
      ? { key: "deliveries.cartBecame", vars: { order: data.delivery.convertedTo.orderName } }
      : "nav.deliveries",
);

/** The delivery as its page shows it: with what became of its buyer. */
export type ShownDelivery = DeliveryDetail & BuyerOutcome;

/** "Pedido #1001", "Pedido en borrador #D12"; a checkout is titled by its cart's name alone. */
function titleKey(delivery: Pick<DeliveryDetail, "topic">) {
  return delivery.topic === "draft_orders/create" ? ("delivery.title.draft" as const) : ("delivery.title" as const);
}

const SKIP_TONES = {
  settings: "warning",
  checkout_converted: "success",
  test_order_removed: "info",
  no_contact: "info",
  other: "info",
} as const;

export default function Delivery() {
  const { t } = useI18n();
  const data = useLoaderData<typeof loader>();
  const delivery = data.delivery as ShownDelivery | null;
  const message = useErrorMessage();
  const retrying = useWrite(undefined, () => showToast(t("deliveries.retried")));
  const sendAnyway = useSendAnyway(
    delivery?.orderName ?? null,
    {
      code: delivery?.lastErrorCode ?? null,
      phoneProblem: data.checks?.phone.problem ?? null,
      duplicateOf: data.checks?.duplicateOf ?? null,
    },
    data.sendAnyway,
  );

  const repeat = useRepeatFlowConfirm((_id, confirmRepeat) =>
    retrying.submit("retry", confirmRepeat ? { confirmRepeat } : {}),
  );
  function retry() {
    if (delivery) repeat.request(delivery);
  }

  const skip = delivery?.status === "skipped" ? skipKind(delivery.lastErrorCode) : null;
  const title = !delivery
    ? t("nav.deliveries")
    : delivery.orderName
      ? t(titleKey(delivery), { name: delivery.orderName })
      : deliveryName(t, delivery);
  return (
    <AppPage
      title={title}
      titleMetadata={delivery ? <DeliveryStatusBadge delivery={delivery} /> : undefined}
      parent={{ content: t("delivery.back"), url: "/app/deliveries" }}
      primaryAction={
        delivery && RETRYABLE_STATUSES.includes(delivery.status)
          ? { content: t(retryLabel(delivery.status)), onAction: retry, loading: retrying.busy }
          : delivery && isHeld(delivery)
            ? { content: t("delivery.sendAnyway"), onAction: sendAnyway.request, loading: sendAnyway.busy }
            : skip === "settings"
              ? { content: t("deliveries.reviewSettings"), url: "/app/settings" }
              : undefined
      }
    >
      <Layout>
        {skip && (
          <Layout.Section>
            <Banner tone={SKIP_TONES[skip]}>
              <p>{t(`delivery.skipped.${skip}`)}</p>
            </Banner>
          </Layout.Section>
        )}
        {(retrying.failure ?? sendAnyway.failure) && (
          <Layout.Section>
            <ApiErrorBanner message={message(retrying.failure ?? sendAnyway.failure)} />
          </Layout.Section>
        )}
        {data.failure && (
          <Layout.Section>
            <ApiErrorBanner error={data.failure} />
          </Layout.Section>
        )}
        {delivery && (
          <>
            <Layout.Section>
              <BlockStack gap="400">
                <SummaryCard delivery={delivery} flowName={data.flowName} />
                {data.parcel && <ParcelCard view={data.parcel} />}
                <AttemptLog attemptLog={delivery.attemptLog} />
              </BlockStack>
            </Layout.Section>
            <Layout.Section variant="oneThird">
              <BlockStack gap="400">
                <CallbackCard delivery={delivery} />
                {data.checks && (
                  <BuyerPhoneCard
                    phone={data.checks.phone}
                    duplicateOf={data.checks.duplicateOf}
                    duplicateOfDeliveryId={data.checks.duplicateOfDeliveryId}
                  />
                )}
                <BuyerCard buyer={delivery.buyer} />
              </BlockStack>
            </Layout.Section>
          </>
        )}
      </Layout>
      {repeat.modal}
      {sendAnyway.modal}
    </AppPage>
  );
}
