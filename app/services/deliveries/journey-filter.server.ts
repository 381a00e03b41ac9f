import type { Prisma } from "@prisma/client";
import type { DeliverySummary } from "../../lib/api-types";
import type { JourneyFilter, ParcelSummary } from "../../lib/journey-log";
import type { OutcomeFilter } from "../../lib/outcomes";
import type { RiskLevelFilter, RiskSummary } from "../../lib/risk-log";
import type { StoreAction } from "../../lib/store-actions";
import { ordersInJourney, parcelsOfOrders } from "../journey/log.server";
import { storeActionsOfOrders } from "../journey/store-actions.server";
import { ordersWithOutcome } from "../outcomes/log-filter.server";
import { ordersWithRiskLevel, risksOfOrders } from "../risk/log.server";
import { appActionWhere } from "./app-action-filter.server";
import { pageOfDeliveries } from "./queries.server";
import { searchWhere, type DeliverySearch } from "./search.server";
import type { DeliveryStatus } from "./status.server";

export type LogSearch = DeliverySearch & { journey?: JourneyFilter; outcome?: OutcomeFilter; risk?: RiskLevelFilter };

/**
 * The log's filters as one Prisma filter (the page's journey filter and the export): status and typed words, what
 * the app did, and where the parcel is (docs/decisions/303), the last found from the supplier orders first, then
 * their store orders' deliveries.
 */
export async function logWhere(shop: string, search: LogSearch, now = new Date()): Promise<Prisma.DeliveryWhereInput> {
  const base = search.appAction
    ? await appActionWhere(shop, { ...search, appAction: search.appAction })
    : searchWhere(shop, search);
  const filters: Prisma.DeliveryWhereInput[] = [base];
  // The orders behind a figure of the outcomes insights (docs/decisions/332).
  if (search.outcome) {
    filters.push({ topic: "orders/create", orderId: { in: await ordersWithOutcome(shop, search.outcome) } });
  }
  // The orders the return-risk score put at a level (docs/decisions/334).
  if (search.risk) {
    filters.push({ topic: "orders/create", orderId: { in: await ordersWithRiskLevel(shop, search.risk) } });
  }
  if (search.journey) {
    filters.push({ topic: "orders/create", orderId: { in: await ordersInJourney(shop, search.journey, now) } });
  }
  return filters.length === 1 ? base : { AND: filters };
}

/** One page of the log under the journey or outcome filter, newest first, with its total. */
export async function listByJourney(
  shop: string,
  query: LogSearch & { status?: DeliveryStatus; page: number; pageSize: number },
) {
  return pageOfDeliveries(await logWhere(shop, query), query.page, query.pageSize);
}

/**
 * The deliveries with their orders' parcels, what the app did to the store order because of them, and the order's
 * return-risk score (none for a cart or a draft, or before the supplier reports one or the order was scored).
 */
export async function withParcels<T extends DeliverySummary>(
  shop: string,
  deliveries: T[],
): Promise<(T & { parcels: ParcelSummary[]; storeActions: StoreAction[]; risk: RiskSummary | null })[]> {
  const orderOf = (delivery: T) => (delivery.topic === "orders/create" && delivery.orderId) || null;
  const orderIds = deliveries.flatMap((delivery) => orderOf(delivery) ?? []);
  const [parcels, actions, risks] = await Promise.all([
    parcelsOfOrders(shop, orderIds),
    storeActionsOfOrders(shop, orderIds),
    risksOfOrders(shop, orderIds),
  ]);
  return deliveries.map((delivery) => {
    const order = orderOf(delivery);
    return {
      ...delivery,
      parcels: (order && parcels.get(order)) || [],
      storeActions: (order && actions.get(order)) || [],
      risk: (order && risks.get(order)) || null,
    };
  });
}
