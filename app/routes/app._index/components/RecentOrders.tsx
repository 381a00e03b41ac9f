import { Badge, BlockStack, Box, IndexTable, InlineStack, Link, Text } from "@shopify/polaris";
import { useRevalidator } from "@remix-run/react";
import { ApiErrorBanner } from "~/components/ApiErrorBanner";
import { StackedBelow } from "~/components/StackedBelow";
import { TableCard } from "~/components/TableCard";
import { useI18n } from "~/i18n/context";
import type { Order } from "~/lib/api-types";
import type { FailureBody } from "~/lib/errors";

export interface RecentOrdersState {
  orders: Order[];
  installedAt: string | null;
  failure: FailureBody | null;
}

export function RecentOrders({ orders }: { orders: RecentOrdersState }) {
  const { t, money, dateTime } = useI18n();
  const revalidator = useRevalidator();
  const { orders: list, installedAt, failure } = orders;
  if (failure) {
    return <ApiErrorBanner error={failure} onRetry={() => revalidator.revalidate()} />;
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
