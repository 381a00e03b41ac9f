import type { Prisma } from "@prisma/client";
import { APP_ACTION_FILTERS, type AppActionFilter } from "../../lib/app-action";
import { ordersInHoldStates } from "../holds/hold-state.server";
import { pageOfDeliveries } from "./queries.server";
import { searchWhere, type DeliverySearch } from "./search.server";
import type { DeliveryStatus } from "./status.server";

/**
 * The log's search (status, typed words) narrowed to the orders whose shipping the app left in one state (the
 * "what the app did" filter, docs/decisions/300): the orders are found from the hold tasks first, then their
 * deliveries.
 */
export async function appActionWhere(
  shop: string,
  search: DeliverySearch & { appAction: AppActionFilter },
): Promise<Prisma.DeliveryWhereInput> {
  const orders = await ordersInHoldStates(shop, APP_ACTION_FILTERS[search.appAction]);
  return {
    AND: [searchWhere(shop, search), { topic: "orders/create", orderId: { in: [...orders.keys()] } }],
  };
}

/** One page of the log under the filter, newest first, with its total. */
export async function listByAppAction(
  shop: string,
  query: { appAction: AppActionFilter; status?: DeliveryStatus; q?: string; page: number; pageSize: number },
) {
  return pageOfDeliveries(await appActionWhere(shop, query), query.page, query.pageSize);
}
