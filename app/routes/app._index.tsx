import {
  Banner,
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  IndexTable,
  InlineGrid,
  InlineStack,
  Layout,
  Link,
  ProgressBar,
  Text,
} from "@shopify/polaris";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ApiErrorBanner } from "~/components/ApiErrorBanner";
import { LoopTestCard } from "~/components/LoopTestCard";
import { OrderChecksNotice } from "~/components/OrderChecksNotice";
import { StackedBelow } from "~/components/StackedBelow";
import { TableCard } from "~/components/TableCard";
import { AppPage } from "~/components/AppPage";
import { useI18n } from "~/i18n/context";
import { setupComplete, setupSteps, type SetupState } from "~/lib/setup-steps";
import type { DeliveryCounts, Order, PublicConfiguration } from "~/lib/api-types";
import { AppError, describeFailure } from "~/lib/http.server";
import { pageMeta } from "~/lib/meta";
import { logger } from "~/logger.server";
import { listAssociations } from "~/services/catalogue/associations.server";
import { followLoopTest } from "~/services/loop-test/loop-test.server";
import { automationState } from "~/services/deliveries/operations.server";
import { countOrdersWithoutMobile } from "~/services/orders/checks.server";
import { deliveryStats } from "~/services/deliveries/queries.server";
import { heldSummary } from "~/services/holds/order-hold.server";
import { requirePlatformSession } from "~/services/platform/offline-session.server";
import { listRecentOrders } from "~/services/platform/recent-orders.server";
import { installedAt } from "~/services/shops/installation.server";
import { getShopSettings, publicSettings } from "~/services/shops/configuration.server";
import { listThemeInstalls } from "~/services/theme/install.server";
import { authenticate } from "~/shopify.server";

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
  const [settings, associations, installs, stats, orders, loopTest, pause, withoutMobile, held] = await Promise.all([
    getShopSettings(shop),
    listAssociations(shop, 1, 1),
    listThemeInstalls(shop),
    deliveryStats(shop, 24),
    recentOrders(shop),
    followLoopTest(shop, null),
    automationState(shop),
    countOrdersWithoutMobile(shop),
    heldSummary(shop),
  ]);
  const setup: SetupState = {
    configuration: settings ? (publicSettings(settings) as PublicConfiguration) : null,
    linkedProducts: associations.total,
    themes: installs.length,
  };
  return { setup, counts: stats.counts as DeliveryCounts, orders, loopTest, pause, withoutMobile, held };
};

async function recentOrders(shop: string) {
  try {
    const [orders, installed] = await Promise.all([
      listRecentOrders(await requirePlatformSession(shop)),
      installedAt(shop),
    ]);
    return { orders: orders as Order[], installedAt: installed?.toISOString() ?? null, failure: null };
  } catch (error) {
    if (!(error instanceof AppError)) {
      logger.error({ shop, err: error instanceof Error ? error.message : String(error) }, "recent orders failed");
    }
    const failure =
      error instanceof AppError
        ? { error: error.message, ...describeFailure(error) }
        : { error: "Internal error; it has been logged", code: "internal" };
    return { orders: [] as Order[], installedAt: null, failure };
  }
}

export const meta = pageMeta("app.title");

export default function Home() {
  const { t, tp, dateTime } = useI18n();
  const { loopTest, pause, withoutMobile } = useLoaderData<typeof loader>();
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
          <SetupChecklist />
        </Layout.Section>
        <Layout.Section>
          <LoopTestCard latest={loopTest} />
        </Layout.Section>
        {withoutMobile > 0 && (
          <Layout.Section>
            <OrderChecksNotice withoutMobile={withoutMobile} />
          </Layout.Section>
        )}
        <Layout.Section>
          <DeliveryHealth />
        </Layout.Section>
        <HeldOrders />
        <Layout.Section>
          <RecentOrders />
        </Layout.Section>
      </Layout>
    </AppPage>
  );
}

// Per browser, like the admin's own dismissed guides; only a complete checklist (the optional theme aside) can be hidden.
const DISMISSED_KEY = "setup-guide-dismissed";

function SetupChecklist() {
  const { t } = useI18n();
  const { setup } = useLoaderData<typeof loader>();
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => setDismissed(window.localStorage.getItem(DISMISSED_KEY) === "1"), []);
  const steps = setupSteps(setup as SetupState);
  const done = steps.filter((step) => step.done).length;
  const complete = setupComplete(steps);
  if (complete && dismissed) return null;
  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            {t("home.checklist.title")}
          </Text>
          <Text as="p" tone="subdued">
            {t("home.checklist.progress", { done, total: steps.length })}
          </Text>
          <ProgressBar progress={(done / steps.length) * 100} size="small" tone="success" />
          {complete && (
            <InlineStack align="space-between" blockAlign="center" gap="200">
              <Text as="p">{t("home.checklist.complete")}</Text>
              <Button
                onClick={() => {
                  window.localStorage.setItem(DISMISSED_KEY, "1");
                  setDismissed(true);
                }}
              >
                {t("home.checklist.dismiss")}
              </Button>
            </InlineStack>
          )}
        </BlockStack>
        <BlockStack gap="200" as="ul">
          {steps.map((step) => (
            <Box as="li" key={step.key}>
              <InlineStack align="space-between" blockAlign="center" gap="200" wrap={false}>
                <InlineStack gap="200" blockAlign="start" wrap={false}>
                  {/* The badge and the button keep their words on one line; the step's text takes the squeeze at 390 px. */}
                  <span style={KEEP_WHOLE}>
                    <Badge tone={step.done ? "success" : undefined} progress={step.done ? "complete" : "incomplete"}>
                      {step.done ? t("home.checklist.done") : t("home.checklist.todo")}
                    </Badge>
                  </span>
                  <BlockStack gap="050">
                    <Text as="span" fontWeight={step.available ? "semibold" : "regular"}>
                      {t(step.key)}
                    </Text>
                    {!step.done && (
                      <Text as="span" tone="subdued">
                        {step.available
                          ? t(step.help)
                          : t("home.checklist.after", { step: step.needs.map((need) => t(need)).join(", ") })}
                      </Text>
                    )}
                  </BlockStack>
                </InlineStack>
                {step.available && (
                  // The visible words start the accessible name (WCAG label in name).
                  <span style={KEEP_WHOLE}>
                    <Button url={step.to} accessibilityLabel={`${t("home.checklist.go")}: ${t(step.key)}`}>
                      {t("home.checklist.go")}
                    </Button>
                  </span>
                )}
              </InlineStack>
            </Box>
          ))}
        </BlockStack>
      </BlockStack>
    </Card>
  );
}

/** How many orders the app holds waiting for the buyer, and the oldest's wait; shown while holds are on. */
function HeldOrders() {
  const { t, tp } = useI18n();
  const { held } = useLoaderData<typeof loader>();
  if (!held) return null;
  return (
    <Layout.Section>
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            {t("home.held.title")}
          </Text>
          <Text as="p">{tp("home.held.count", held.held)}</Text>
          {held.oldestHours !== null && (
            <Text as="p" tone="subdued">
              {tp("home.held.oldest", held.oldestHours)}
            </Text>
          )}
        </BlockStack>
      </Card>
    </Layout.Section>
  );
}

const KEEP_WHOLE = { flexShrink: 0, whiteSpace: "nowrap" } as const;

function DeliveryHealth() {
  const { t, number } = useI18n();
  const { counts } = useLoaderData<typeof loader>();
  const tiles = [
    { label: t("home.health.delivered"), value: counts.delivered, tone: "success" as const, status: "delivered" },
    {
      label: t("home.health.retrying"),
      value: counts.retrying,
      tone: "caution" as const,
      status: "retrying",
    },
    { label: t("home.health.flowFailed"), value: counts.flow_failed, tone: "critical" as const, status: "flow_failed" },
    { label: t("home.health.dead"), value: counts.dead, tone: "critical" as const, status: "dead" },
  ];
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t("home.health.title")}
          </Text>
          <Link url="/app/deliveries">{t("home.health.viewLog")}</Link>
        </InlineStack>
        <InlineGrid columns={{ xs: 2, md: 4 }} gap="400">
          {tiles.map((tile) => (
            <Box key={tile.status} padding="300" background="bg-surface-secondary" borderRadius="200">
              <BlockStack gap="100">
                <Text as="p" tone="subdued">
                  {tile.label}
                </Text>
                <InlineStack align="space-between" blockAlign="end">
                  <Text as="p" variant="headingLg" tone={tile.value > 0 ? tile.tone : undefined}>
                    {number(tile.value)}
                  </Text>
                  {tile.value > 0 && (
                    <Link
                      url={`/app/deliveries?status=${tile.status}`}
                      accessibilityLabel={`${t("home.health.viewLog")}: ${tile.label}`}
                    >
                      {t("deliveries.view")}
                    </Link>
                  )}
                </InlineStack>
              </BlockStack>
            </Box>
          ))}
        </InlineGrid>
      </BlockStack>
    </Card>
  );
}

function RecentOrders() {
  const { t, money, dateTime } = useI18n();
  const { orders } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const { orders: list, installedAt, failure } = orders;
  if (failure) {
    return <ApiErrorBanner error={{ success: false, ...failure }} onRetry={() => revalidator.revalidate()} />;
  }
  return (
    <TableCard heading={t("home.orders.title")} emptyText={list.length === 0 ? t("home.orders.empty") : undefined}>
      {/* A phone: each order stacked, its link and total on one line: nothing to scroll sideways for. CSS chooses,
          so the first paint is right (docs/decisions/147). */}
      <StackedBelow
        breakpoint="sm"
        wide={
          <IndexTable
            resourceName={{ singular: t("home.orders.order"), plural: t("home.orders.title") }}
            itemCount={list.length}
            selectable={false}
            headings={[
              { title: t("home.orders.order") },
              { title: t("home.orders.date") },
              { title: t("home.orders.customer") },
              { title: t("home.orders.total"), alignment: "end" },
              { title: t("home.orders.tags") },
            ]}
          >
            {list.map((order, index) => (
              <IndexTable.Row id={order.id} key={order.id} position={index}>
                <IndexTable.Cell>
                  <OrderLink order={order} />
                </IndexTable.Cell>
                <IndexTable.Cell>{dateTime(order.createdAt)}</IndexTable.Cell>
                <IndexTable.Cell>{customerName(order)}</IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {money(order.totalPrice, order.currency)}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <OrderTags order={order} installedAt={installedAt} />
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        }
        stacked={
          <Box paddingInline="400" paddingBlockEnd="400">
            <BlockStack gap="300" as="ul">
              {list.map((order) => (
                <Box as="li" key={order.id} borderBlockStartWidth="025" borderColor="border" paddingBlockStart="300">
                  <BlockStack gap="100">
                    <InlineStack align="space-between" blockAlign="center" gap="200">
                      <OrderLink order={order} />
                      <Text as="span" numeric>
                        {money(order.totalPrice, order.currency)}
                      </Text>
                    </InlineStack>
                    <Text as="span" tone="subdued">
                      {customerName(order)} · {dateTime(order.createdAt)}
                    </Text>
                    <OrderTags order={order} installedAt={installedAt} />
                  </BlockStack>
                </Box>
              ))}
            </BlockStack>
          </Box>
        }
      />
    </TableCard>
  );
}

function OrderLink({ order }: { order: Order }) {
  return (
    <Link url={`shopify://admin/orders/${order.id.split("/").pop()}`} target="_top">
      {order.name}
    </Link>
  );
}

function customerName(order: Order) {
  return [order.customer?.firstName, order.customer?.lastName].filter(Boolean).join(" ") || "—";
}

/**
 * The order's tags; an order placed before the app was installed says so, since the app never had it to tag
 * (docs/decisions/131), instead of looking like one the automation has not tagged yet.
 */
function OrderTags({ order, installedAt }: { order: Order; installedAt: string | null }) {
  const { t } = useI18n();
  const beforeInstall = installedAt !== null && Date.parse(order.createdAt) < Date.parse(installedAt);
  if (!order.tags.length) {
    return (
      <Text as="span" tone="subdued">
        {t(beforeInstall ? "home.orders.beforeInstall" : "home.orders.noTags")}
      </Text>
    );
  }
  return (
    <InlineStack gap="100" blockAlign="center">
      {order.tags.map((tag) => (
        <Badge key={tag} tone={tagTone(tag)}>
          {tag}
        </Badge>
      ))}
      {beforeInstall && (
        <Text as="span" tone="subdued">
          {t("home.orders.beforeInstall")}
        </Text>
      )}
    </InlineStack>
  );
}

function tagTone(tag: string) {
  if (tag === "automation-error") return "critical" as const;
  if (tag === "automation-pending") return "attention" as const;
  if (tag.startsWith("automation-")) return "success" as const;
  return undefined;
}
