import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { Banner, Layout } from "@shopify/polaris";
import { AppPage } from "~/components/AppPage";
import { LoopTestCard } from "~/components/LoopTestCard";
import { OrderChecksNotice } from "~/components/OrderChecksNotice";
import { useI18n } from "~/i18n/context";
import type { DeliveryCounts, Order, PublicConfiguration } from "~/lib/api-types";
import type { FailureBody } from "~/lib/errors";
import { AppError, failureData, reportUnexpected } from "~/lib/http.server";
import { pageMeta } from "~/lib/meta";
import type { SetupState } from "~/lib/setup-steps";
import { listAssociations } from "~/services/catalogue/associations.server";
import { automationState } from "~/services/deliveries/operations.server";
import { deliveryStats } from "~/services/deliveries/queries.server";
import { heldOrdersSummary } from "~/services/deliveries/held-orders.server";
import { followLoopTest } from "~/services/loop-test/loop-test.server";
import { stalledParcels } from "~/services/journey/pace.server";
import { countOrdersWithoutMobile } from "~/services/orders/checks.server";
import { requirePlatformSession } from "~/services/platform/offline-session.server";
import { listRecentOrders } from "~/services/platform/recent-orders.server";
import { getShopSettings, publicSettings } from "~/services/shops/configuration.server";
import { installedAt } from "~/services/shops/installation.server";
import { listThemeInstalls } from "~/services/theme/install.server";
import { authenticate } from "~/shopify.server";
import type { loader as appLoader } from "../app";
import { DeliveryHealth } from "./components/DeliveryHealth";
import { HeldOrders } from "./components/HeldOrders";
import { RecentOrders, type RecentOrdersState } from "./components/RecentOrders";
import { SetupChecklist } from "./components/SetupChecklist";
import { StalledParcels } from "./components/StalledParcels";

/**
 * The setup state and the last day's delivery counts from the app's database (the services of `/api/settings`,
 * `/api/products/associations`, `/api/theme/installs`, `/api/deliveries/stats`) and the recent orders from the
 * platform (the service of `/api/orders/poll`), and the shop's latest loop test (the service of `/api/loop-test`), all
 * in the first HTML. The platform's failure is the JSON route's
 * failure, worded on the orders card; the rest of the page still shows. (Streaming the orders with Suspense broke
 * hydration: the checklist's and the layout's effects update state before the boundary has hydrated.)
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const shop = session.shop;
  const [settings, associations, installs, stats, orders, loopTest, pause, withoutMobile, held, stalled] =
    await Promise.all([
      getShopSettings(shop),
      listAssociations(shop, 1, 1),
      listThemeInstalls(shop),
      deliveryStats(shop, 24),
      recentOrders(shop),
      followLoopTest(shop, null),
      automationState(shop),
      countOrdersWithoutMobile(shop),
      heldOrdersSummary(shop),
      stalledParcels(shop),
    ]);
  const setup: SetupState = {
    configuration: settings ? (publicSettings(settings) as PublicConfiguration) : null,
    linkedProducts: associations.total,
    themes: installs.length,
  };
  return {
    setup,
    counts: stats.counts as DeliveryCounts,
    orders,
    loopTest,
    pause,
    withoutMobile,
    held,
    // The longest-still few by name; the rest as a count and in the log.
    stalled: { count: stalled.length, parcels: stalled.slice(0, 5) },
  };
};

async function recentOrders(shop: string): Promise<RecentOrdersState> {
  try {
    const [orders, installed] = await Promise.all([
      listRecentOrders(await requirePlatformSession(shop)),
      installedAt(shop),
    ]);
    return { orders: orders as Order[], installedAt: installed?.toISOString() ?? null, failure: null };
  } catch (error) {
    // Only the orders failed: the rest of the page still shows, the failure worded on the orders card.
    const failure: FailureBody =
      error instanceof AppError
        ? failureData(error)
        : { success: false, error: String(reportUnexpected(error, { shop }).error), code: "internal" };
    return { orders: [], installedAt: null, failure };
  }
}

export const meta = pageMeta("app.title");

export default function Home() {
  const { t, tp, dateTime } = useI18n();
  const { loopTest, pause, withoutMobile, setup, counts, held, orders, stalled } = useLoaderData<typeof loader>();
  // The layout's delivery alert: the key the banner above says is refused is the checklist's first step.
  const keyRefused = useRouteLoaderData<typeof appLoader>("routes/app")?.alert?.kind === "key_refused";
  return (
    <AppPage title={t("app.title")}>
      <Layout>
        {pause.paused && (
          // Home says so too: nothing goes to the flow until the merchant resumes, wherever they look first.
          <Layout.Section>
            <Banner
              tone="warning"
              title={t("operations.pausedTitle")}
              action={{ content: t("operations.resume"), url: "/app/deliveries" }}
            >
              <p>{tp("operations.pausedBody", pause.waiting, { since: dateTime(pause.pausedAt) })}</p>
            </Banner>
          </Layout.Section>
        )}
        <Layout.Section>
          <SetupChecklist setup={{ ...setup, keyRefused }} />
        </Layout.Section>
        <Layout.Section>
          <LoopTestCard latest={loopTest} paused={pause.paused} />
        </Layout.Section>
        {withoutMobile > 0 && (
          <Layout.Section>
            <OrderChecksNotice withoutMobile={withoutMobile} />
          </Layout.Section>
        )}
        <Layout.Section>
          <DeliveryHealth counts={counts} />
        </Layout.Section>
        <HeldOrders held={held} />
        <StalledParcels stalled={stalled} />
        <Layout.Section>
          <RecentOrders orders={orders} />
        </Layout.Section>
      </Layout>
    </AppPage>
  );
}
