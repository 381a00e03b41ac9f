import { shopTimeZone } from "../shops/time-zone.server";
import { journeyForOrder } from "./read.server";

/**
 * One store order's parcels for the order page's block (docs/decisions/303): each supplier order with its history,
 * and the shop's time zone, in which the block prints every time (the admin's own zone may differ).
 */
export async function orderJourneyView(shop: string, orderGid: string, now = new Date()) {
  const [timeZone, supplierOrders] = await Promise.all([shopTimeZone(shop, now), journeyForOrder(shop, orderGid)]);
  return { orderId: orderGid, timeZone, supplierOrders };
}
