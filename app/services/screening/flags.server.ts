import type { Delivery } from "@prisma/client";
import prisma from "../../db.server";

/**
 * What the checks found on an order (no usable phone, a likely duplicate), kept for the merchant's figures. Its own
 * module so the checks' pass calls out to it and never back into screen-order.server.ts.
 */

/** One row per order and kind: a replay of the same order does not count it twice. */
export async function flagOrder(delivery: Pick<Delivery, "id" | "shop">, kind: string, reason: string | null) {
  await prisma.orderFlag.upsert({
    where: { deliveryId_kind: { deliveryId: delivery.id, kind } },
    create: { shop: delivery.shop, deliveryId: delivery.id, kind, reason },
    update: { reason },
  });
}
