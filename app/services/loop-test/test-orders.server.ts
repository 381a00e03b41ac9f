import type { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import { AppError } from "../../lib/http.server";

/**
 * A loop test's order is a delivery flagged `test` whose order id a loop test of the shop placed
 * (docs/decisions/150, 151). Its flow already ran for the test, and the test removes the order when it ends, so a
 * retry would run the merchant's live flow for an order that is gone (docs/decisions/192).
 */

/** The shop's loop test order ids; a shop runs a handful of tests, so the list stays short. */
async function loopTestOrderIds(shop: string): Promise<string[]> {
  const rows = await prisma.loopTest.findMany({ where: { shop, orderId: { not: null } }, select: { orderId: true } });
  return rows.map((row) => row.orderId!);
}

/** Leaves loop test orders out of a delivery query of `shop` (spelled so a row without an order id stays in). */
export async function withoutLoopTestOrders(shop: string): Promise<Prisma.DeliveryWhereInput> {
  const ids = await loopTestOrderIds(shop);
  if (!ids.length) return {};
  return { OR: [{ test: false }, { orderId: null }, { orderId: { notIn: ids } }] };
}

/** Refuses to send a loop test's order again once its test ended (409 `loop_test_ended`). */
export async function refuseEndedLoopTestOrder(delivery: { shop: string; test: boolean; orderId: string | null }) {
  if (!delivery.test || !delivery.orderId) return;
  const ended = await prisma.loopTest.findFirst({
    where: { shop: delivery.shop, orderId: delivery.orderId, finishedAt: { not: null } },
    select: { id: true },
  });
  if (ended) {
    throw new AppError(
      409,
      "This is a loop test's order: the test has ended and removed it, so it is not sent to the flow again",
      "loop_test_ended",
    );
  }
}
