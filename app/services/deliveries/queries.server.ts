import type { Delivery } from "@prisma/client";
import prisma from "../../db.server";
import { AppError } from "../../lib/http.server";
import { addAppliedTags } from "./outbox.server";
import { buildCheckoutPayload, buildDraftOrderPayload, buildOrderPayload } from "./payloads.server";
import { DELIVERY_STATUSES, type DeliveryStatus } from "./status.server";
import { wakeWorkers } from "./wake.server";

export function summarizeDelivery(delivery: Delivery) {
  return {
    id: delivery.id,
    topic: delivery.topic,
    eventId: delivery.eventId,
    orderId: delivery.orderId,
    orderName: delivery.orderName,
    flowId: delivery.flowId,
    status: delivery.status as DeliveryStatus,
    attempts: delivery.attempts,
    nextAttemptAt: ["queued", "retrying"].includes(delivery.status) ? delivery.nextAttemptAt.toISOString() : null,
    lastError: delivery.lastError,
    createdAt: delivery.createdAt.toISOString(),
    updatedAt: delivery.updatedAt.toISOString(),
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    callbackStatus: delivery.callbackStatus,
    tagsApplied: JSON.parse(delivery.tagsApplied) as string[],
  };
}

export async function listDeliveries(shop: string, query: { status?: DeliveryStatus; page: number; pageSize: number }) {
  const where = { shop, ...(query.status ? { status: query.status } : {}) };
  const [rows, total] = await Promise.all([
    prisma.delivery.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * query.pageSize,
      take: query.pageSize,
    }),
    prisma.delivery.count({ where }),
  ]);
  return { deliveries: rows.map(summarizeDelivery), total, page: query.page, pageSize: query.pageSize };
}

export async function deliveryStats(shop: string, hours: number, now = new Date()) {
  const since = new Date(now.getTime() - hours * 3_600_000);
  const groups = await prisma.delivery.groupBy({
    by: ["status"],
    where: { shop, createdAt: { gte: since } },
    _count: { _all: true },
  });
  const counts = Object.fromEntries(DELIVERY_STATUSES.map((status) => [status, 0])) as Record<DeliveryStatus, number>;
  for (const group of groups) counts[group.status as DeliveryStatus] = group._count._all;
  return { since: since.toISOString(), counts };
}

async function findOwned(shop: string, id: string) {
  const delivery = await prisma.delivery.findFirst({ where: { id, shop } });
  if (!delivery) throw new AppError(404, "Delivery not found", "not_found");
  return delivery;
}

export async function getDelivery(shop: string, id: string) {
  const delivery = await findOwned(shop, id);
  return {
    ...summarizeDelivery(delivery),
    attemptLog: JSON.parse(delivery.attemptLog) as unknown[],
    callback: delivery.callbackAt
      ? {
          receivedAt: delivery.callbackAt.toISOString(),
          status: delivery.callbackStatus,
          tags: JSON.parse(delivery.tagsApplied),
        }
      : null,
    payloadSummary: payloadSummary(delivery),
  };
}

/** What the admin may see of the stored order: enough to recognise it, never the full record or the key. */
function payloadSummary(delivery: Delivery) {
  if (!delivery.payload) return null;
  const body: unknown = JSON.parse(delivery.payload);
  const context = { shop: delivery.shop };
  if (delivery.topic === "orders/create") {
    const order = buildOrderPayload(body, { ...context, callbackUrl: "", callbackApiKey: "" });
    return {
      orderName: order.orderName,
      totalPrice: order.totalPrice,
      currency: order.currency,
      lineItemCount: order.lineItems.length,
      customerFirstName: order.customer?.firstName ?? null,
    };
  }
  const draft = delivery.topic === "draft_orders/create" ? buildDraftOrderPayload(body, context) : null;
  const checkout = draft ? null : buildCheckoutPayload(body, context);
  const source = draft ?? checkout!;
  return {
    orderName: draft?.draftOrderName ?? null,
    totalPrice: source.totalPrice,
    currency: source.currencyCode,
    lineItemCount: source.lineItems.length,
    customerFirstName: source.customer?.firstName ?? null,
  };
}

/**
 * Sends a dead (or skipped) delivery again with a fresh set of attempts. Idempotent: a delivery already
 * waiting or on its way is left alone; a delivered one is refused, so the flow never runs twice by accident.
 */
export async function retryDelivery(shop: string, id: string, now = new Date()) {
  const delivery = await findOwned(shop, id);
  if (delivery.status === "delivered") {
    throw new AppError(409, "This delivery already reached the automation platform", "already_delivered");
  }
  if (!["dead", "skipped"].includes(delivery.status)) return summarizeDelivery(delivery);
  if (!delivery.payload) {
    throw new AppError(409, "The order data of this delivery was erased; it cannot be sent again", "payload_erased");
  }
  await prisma.delivery.updateMany({
    where: { id, shop, status: delivery.status },
    data: {
      status: "queued",
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      leaseOwner: null,
      leaseExpiresAt: null,
    },
  });
  // A replay may deliver it after all; a new death owes the tag afresh.
  await prisma.errorTagTask.deleteMany({ where: { deliveryId: id, shop } });
  wakeWorkers();
  return summarizeDelivery(await findOwned(shop, id));
}

/**
 * The order named `orderName` as its orders/create webhook stored it (the newest, if it came twice), or null
 * when this shop has no such delivery. Served by the (shop, orderName) index.
 */
export async function findStoredOrder(shop: string, orderName: string): Promise<{ id: string; name: string } | null> {
  const delivery = await prisma.delivery.findFirst({
    where: { shop, topic: "orders/create", orderName, orderId: { not: null } },
    orderBy: { createdAt: "desc" },
    select: { orderId: true },
  });
  return delivery?.orderId ? { id: delivery.orderId, name: orderName } : null;
}

/** The callback's outcome, on the delivery of the order it names (the newest, if the order came twice). */
export async function recordCallback(
  shop: string,
  order: { resourceId: string; orderName: string },
  outcome: { status: string | null; tags: string[] },
  now = new Date(),
) {
  const delivery = await prisma.delivery.findFirst({
    where: { shop, topic: "orders/create", OR: [{ resourceId: order.resourceId }, { orderName: order.orderName }] },
    orderBy: { createdAt: "desc" },
    select: { id: true },
  });
  if (!delivery) return null;
  await addAppliedTags(delivery.id, outcome.tags, { callbackStatus: outcome.status ?? "tagged", callbackAt: now });
  return delivery.id;
}
