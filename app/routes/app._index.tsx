import {
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
  useBreakpoints,
} from "@shopify/polaris";
import { useEffect, useState } from "react";
import { ApiContent } from "~/components/ApiContent";
import { ApiErrorBanner } from "~/components/ApiErrorBanner";
import { LoadingCard } from "~/components/LoadingCard";
import { LoopTestCard } from "~/components/LoopTestCard";
import { TableCard } from "~/components/TableCard";
import { useApi } from "~/components/use-api";
import { AppPage } from "~/components/AppPage";
import { useI18n } from "~/i18n/context";
import { setupSteps, type SetupState } from "~/lib/setup-steps";
import { apiGet } from "~/lib/api-client";
import type { DeliveryCounts, Order, PublicConfiguration, ThemeInstall } from "~/lib/api-types";
import { pageMeta } from "~/lib/meta";

async function loadSetup(): Promise<SetupState> {
  const [settings, associations, installs] = await Promise.all([
    apiGet<{ configuration: PublicConfiguration | null }>("/api/settings"),
    apiGet<{ total: number }>("/api/products/associations", { pageSize: 1 }),
    apiGet<{ installs: ThemeInstall[] }>("/api/theme/installs"),
  ]);
  return {
    configuration: settings.configuration,
    linkedProducts: associations.total,
    themes: installs.installs.length,
  };
}

export const meta = pageMeta("app.title");

export default function Home() {
  const { t } = useI18n();
  return (
    <AppPage title={t("app.title")}>
      <Layout>
        <Layout.Section>
          <SetupChecklist />
        </Layout.Section>
        <Layout.Section>
          <LoopTestCard />
        </Layout.Section>
        <Layout.Section>
          <DeliveryHealth />
        </Layout.Section>
        <Layout.Section>
          <RecentOrders />
        </Layout.Section>
      </Layout>
    </AppPage>
  );
}

// Per browser, like the admin's own dismissed guides; only a complete checklist can be hidden.
const DISMISSED_KEY = "setup-guide-dismissed";

function SetupChecklist() {
  const { t } = useI18n();
  const setup = useApi(loadSetup, "setup");
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => setDismissed(window.localStorage.getItem(DISMISSED_KEY) === "1"), []);
  if (setup.loading) return <LoadingCard lines={5} />;
  if (!setup.data) return <ApiErrorBanner error={setup.error} onRetry={setup.reload} />;
  const steps = setupSteps(setup.data);
  const done = steps.filter((step) => step.done).length;
  const complete = done === steps.length;
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
                  <Badge tone={step.done ? "success" : undefined} progress={step.done ? "complete" : "incomplete"}>
                    {step.done ? t("home.checklist.done") : t("home.checklist.todo")}
                  </Badge>
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
                  <Button url={step.to} accessibilityLabel={`${t("home.checklist.go")}: ${t(step.key)}`}>
                    {t("home.checklist.go")}
                  </Button>
                )}
              </InlineStack>
            </Box>
          ))}
        </BlockStack>
      </BlockStack>
    </Card>
  );
}

function DeliveryHealth() {
  const { t, number } = useI18n();
  const stats = useApi(() => apiGet<{ counts: DeliveryCounts }>("/api/deliveries/stats", { hours: 24 }), "stats");
  if (stats.loading) return <LoadingCard lines={2} />;
  if (!stats.data) return <ApiErrorBanner error={stats.error} onRetry={stats.reload} />;
  const { counts } = stats.data;
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
  const { smDown } = useBreakpoints();
  const orders = useApi(() => apiGet<{ orders: Order[]; installedAt: string | null }>("/api/orders/poll"), "orders");
  return (
    <ApiContent state={orders} loadingLines={6}>
      {({ orders: list, installedAt }) => (
        <TableCard heading={t("home.orders.title")} emptyText={list.length === 0 ? t("home.orders.empty") : undefined}>
          {smDown ? (
            // A phone: each order stacked, its link and total on one line: nothing to scroll sideways for.
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
          ) : (
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
          )}
        </TableCard>
      )}
    </ApiContent>
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
