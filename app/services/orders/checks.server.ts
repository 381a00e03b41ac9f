import prisma from "../../db.server";
import { buyerPhone, shopPhoneCountry, type NormalisedPhone } from "../screening/phone.server";
import { getOrderRules } from "../screening/rules.server";
import { getShopSettings } from "../shops/configuration.server";

/** What the log shows of the pre-send checks on one order: the buyer's phone as read and normalised. */
export interface OrderChecks {
  phone: NormalisedPhone;
  /** The earlier order this one likely repeats (docs/decisions/223), when the check found one. */
  duplicateOf: string | null;
  /** That order's delivery in the shop's log, for a link to it; null when the app has none. */
  duplicateOfDeliveryId: string | null;
}

/**
 * The checks as the worker makes them, from the stored order (the same function, the same countries), or null for a
 * delivery that is no order or whose data was erased. Scoped to the shop.
 */
export async function orderChecks(shop: string, deliveryId: string): Promise<OrderChecks | null> {
  const delivery = await prisma.delivery.findFirst({
    where: { id: deliveryId, shop, topic: "orders/create" },
    select: { payload: true },
  });
  if (!delivery?.payload) return null;
  const [rules, settings, duplicate] = await Promise.all([
    getOrderRules(shop),
    getShopSettings(shop),
    prisma.orderFlag.findUnique({
      where: { deliveryId_kind: { deliveryId, kind: "possible_duplicate" } },
      select: { reason: true, shop: true },
    }),
  ]);
  const duplicateOf = duplicate?.shop === shop ? duplicate.reason : null;
  const earlier = duplicateOf
    ? await prisma.delivery.findFirst({
        where: { shop, topic: "orders/create", orderName: duplicateOf, id: { not: deliveryId } },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        select: { id: true },
      })
    : null;
  return {
    phone: buyerPhone(JSON.parse(delivery.payload), shopPhoneCountry(rules, settings)),
    duplicateOf,
    duplicateOfDeliveryId: earlier?.id ?? null,
  };
}

/** Orders of the last `days` days the checks found without a usable mobile: the home page's count. */
export async function countOrdersWithoutMobile(shop: string, days = 7, now = new Date()) {
  const since = new Date(now.getTime() - days * 86_400_000);
  return prisma.orderFlag.count({ where: { shop, kind: "no_phone", createdAt: { gte: since } } });
}
