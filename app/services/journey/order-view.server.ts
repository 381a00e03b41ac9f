import type { StoreAction } from "../../lib/store-actions";
import { shopTimeZone } from "../shops/time-zone.server";
import { journeyForOrder, type SupplierOrderJourney } from "./read.server";
import { followInStoreView, type FollowInStoreView } from "./settings.server";
import { storeActionsOfOrders } from "./store-actions.server";

/**
 * One store order's parcels for the order page's block (docs/decisions/303): each supplier order with its history,
 * and the shop's time zone, in which the block prints every time (the admin's own zone may differ).
 */
export async function orderJourneyView(shop: string, orderGid: string, now = new Date()) {
  const [timeZone, supplierOrders] = await Promise.all([shopTimeZone(shop, now), journeyForOrder(shop, orderGid)]);
  return { orderId: orderGid, timeZone, supplierOrders };
}

export interface ParcelCardView {
  parcels: (SupplierOrderJourney & { storeActions: StoreAction[] })[];
  /** Whether the store follows the parcel (decision 308): without it no store step is ever owed, and the card says so. */
  follow: FollowInStoreView;
}

/**
 * The delivery page's parcel card (docs/decisions/329): each supplier order of the store order with its history and
 * what the app did to the store order because of it, and whether the store is being updated at all.
 */
export async function parcelCardView(shop: string, orderGid: string): Promise<ParcelCardView> {
  const [journeys, actions, follow] = await Promise.all([
    journeyForOrder(shop, orderGid),
    storeActionsOfOrders(shop, [orderGid]),
    followInStoreView(shop),
  ]);
  const ofOrder = actions.get(orderGid) ?? [];
  return {
    parcels: journeys.map((journey) => ({
      ...journey,
      storeActions: ofOrder.filter((action) => action.supplierOrderId === journey.supplierOrderId),
    })),
    follow,
  };
}
