import type { Prisma } from "@prisma/client";
import { APP_ACTION_FILTERS, type AppActionFilter } from "../../lib/app-action";
import { STORE_ACTION_FILTERS } from "../../lib/store-actions";
import { ordersInHoldStates } from "../holds/hold-state.server";
import { ordersWithStoreAction } from "../journey/store-actions.server";
import { pageOfDeliveries } from "./queries.server";
import { searchWhere, type DeliverySearch } from "./search.server";
import type { DeliveryStatus } from "./status.server";

/**
 * The log's search (status, typed words) narrowed to the orders the app left in one state (the "what the app did"
 * filter, docs/decisions/300, 329): the orders are found from the hold tasks and the journey's store steps first,
 * then their deliveries.
 */
export async function appActionWhere(
  shop: string,
  search: DeliverySearch & { appAction: AppActionFilter },
): Promise<Prisma.DeliveryWhereInput> {
  const filter = search.appAction;
  const [held, followed] = await Promise.all([
    APP_ACTION_FILTERS[filter].length ? ordersInHoldStates(shop, APP_ACTION_FILTERS[filter]) : new Map(),
    Object.hasOwn(STORE_ACTION_FILTERS, filter)
      ? ordersWithStoreAction(shop, filter as keyof typeof STORE_ACTION_FILTERS)
      : [],
  ]);
  const orders = [...new Set([...held.keys(), ...followed])];
  return {
    AND: [searchWhere(shop, search), { topic: "orders/create", orderId: { in: orders } }],
  };
}

/** One page of the log under the filter, newest first, with its total. */
export async function listByAppAction(
  shop: string,
  query: { appAction: AppActionFilter; status?: DeliveryStatus; q?: string; page: number; pageSize: number },
) {
  return pageOfDeliveries(await appActionWhere(shop, query), query.page, query.pageSize);
}
