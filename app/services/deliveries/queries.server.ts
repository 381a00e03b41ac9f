import type { Delivery, Prisma } from "@prisma/client";
import prisma from "../../db.server";
import { readBuyerSummary } from "../../lib/buyer-summary";
import { storedDeliveryError } from "../../lib/delivery-errors";
import { deliveryStore, type CallbackRow } from "./store";
import { AppError } from "../../lib/http.server";
import { refuseEndedLoopTestOrder } from "../loop-test/test-orders.server";
import { guardRepeat, type RepeatRequest } from "./repeat-guard.server";
import { buildCheckoutPayload, buildDraftOrderPayload, buildOrderPayload } from "../../lib/payloads.server";
import { DELIVERY_STATUSES, RETRYABLE_STATUSES, reconcileFlowOutcome, type DeliveryStatus } from "./status.server";
import { forgetOwedErrorTag } from "./owed-tags.server";
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
    // Every attempt made, those before a retry included: the retry policy restarts its own count (`attempts`) on a
    // replay, while the log keeps them all, so every page, the API and the export say the same number.
    attempts: Math.max(delivery.attempts, attemptCount(delivery.attemptLog)),
    nextAttemptAt: ["queued", "retrying"].includes(delivery.status) ? delivery.nextAttemptAt.toISOString() : null,
    lastError: delivery.lastError,
    // The pages word it by code (app/lib/delivery-errors.ts); null on a row from before codes.
    ...lastErrorFields(delivery),
    createdAt: delivery.createdAt.toISOString(),
    updatedAt: delivery.updatedAt.toISOString(),
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    callbackStatus: delivery.callbackStatus,
    tagsApplied: JSON.parse(delivery.tagsApplied) as string[],
    test: delivery.test,
    // Who bought and what, while the order's data is kept (null once erased or past retention).
    buyer: readBuyerSummary(delivery.buyer),
  };
}

function attemptCount(attemptLog: string) {
  try {
    const log: unknown = JSON.parse(attemptLog);
    return Array.isArray(log) ? log.length : 0;
  } catch {
    return 0;
  }
}

function lastErrorFields(delivery: Delivery) {
  const error = storedDeliveryError(delivery.lastErrorCode, delivery.lastErrorParams);
  return { lastErrorCode: error?.code ?? null, lastErrorParams: error?.params ?? null };
}

/** One page of the deliveries `where` selects (it must name the shop), newest first, with their total. */
export async function pageOfDeliveries(where: Prisma.DeliveryWhereInput, page: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    prisma.delivery.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * pageSize,
      take: pageSize,
    }),
    prisma.delivery.count({ where }),
  ]);
  return { deliveries: rows.map(summarizeDelivery), total, page, pageSize };
}

export async function listDeliveries(shop: string, query: { status?: DeliveryStatus; page: number; pageSize: number }) {
  return pageOfDeliveries({ shop, ...(query.status ? { status: query.status } : {}) }, query.page, query.pageSize);
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
 * Sends a dead, skipped or flow-failed delivery again with a fresh set of attempts. Idempotent: a delivery already
 * waiting or on its way is left alone; a delivered one is refused, so the flow never runs twice by accident. A
 * flow-failed one ran its flow (part-way): it needs the merchant's confirmation, and every replay waits out the
 * order's cooldown (docs/decisions/191).
 */
export async function retryDelivery(shop: string, id: string, now = new Date(), request: RepeatRequest = {}) {
  const delivery = await findOwned(shop, id);
  await refuseEndedLoopTestOrder(delivery);
  if (delivery.status === "delivered") {
    throw new AppError(409, "This delivery already reached the automation platform", "already_delivered");
  }
  if (delivery.status === "retrying") {
    // Waiting for its next attempt: the merchant asks for it now, the attempts so far still count.
    await prisma.delivery.updateMany({ where: { id, shop, status: "retrying" }, data: { nextAttemptAt: now } });
    wakeWorkers();
    return summarizeDelivery(await findOwned(shop, id));
  }
  if (!RETRYABLE_STATUSES.includes(delivery.status as DeliveryStatus)) return summarizeDelivery(delivery);
  await guardRepeat({ shop, deliveryId: id, orderId: delivery.orderId, status: delivery.status }, request, now);
  if (!delivery.payload) {
    throw new AppError(409, "The order data of this delivery was erased; it cannot be sent again", "payload_erased");
  }
  await prisma.delivery.updateMany({
    where: { id, shop, status: delivery.status },
    data: {
      status: "queued",
      attempts: 0,
      replays: { increment: 1 },
      nextAttemptAt: now,
      lastError: null,
      lastErrorCode: null,
      lastErrorParams: null,
      leaseOwner: null,
      leaseExpiresAt: null,
      // The failed flow's report belongs to the run being replaced: the new run's callback decides afresh.
      callbackStatus: null,
      callbackAt: null,
    },
  });
  await forgetOwedErrorTag(shop, [id]);
  wakeWorkers();
  return summarizeDelivery(await findOwned(shop, id));
}

/** The delivery a callback is about: its id, the tags this app recorded on the order (as stored), and the test flag. */
export interface CallbackDelivery {
  id: string;
  tagsApplied: string[];
  /** The stored text of tagsApplied: the compare-and-set of recordCallback starts from it. */
  recordedTags: string;
  /** A test order (the loop test's, docs/decisions/151): only then may a loop test be waiting for this callback. */
  test: boolean;
}

function callbackDelivery(row: CallbackRow): CallbackDelivery {
  return {
    id: row.id,
    tagsApplied: JSON.parse(row.tagsApplied) as string[],
    recordedTags: row.tagsApplied,
    test: Boolean(row.test),
  };
}

/**
 * The order named `orderName` as its orders/create webhook stored it (the newest, if it came twice), with its
 * delivery, in one read served by the (shop, orderName) index; null when this shop has no such delivery.
 */
export async function findCallbackOrder(
  shop: string,
  orderName: string,
): Promise<{ order: { id: string; name: string }; delivery: CallbackDelivery } | null> {
  const row = await deliveryStore().findCallbackOrder(shop, orderName);
  return row ? { order: { id: row.orderId!, name: orderName }, delivery: callbackDelivery(row) } : null;
}

/**
 * The delivery a callback about an order found on the platform belongs to (the order was not found by its stored
 * name): its newest orders/create delivery by id or name.
 */
export async function findCallbackDelivery(
  shop: string,
  order: { resourceId: string; orderName: string },
): Promise<CallbackDelivery | null> {
  const row = await deliveryStore().findCallbackDelivery(shop, order);
  return row ? callbackDelivery(row) : null;
}

/**
 * The callback's outcome on its delivery: the status, the time, the tags now on the order (the added ones, less
 * the stale outcome tags the callback removed), then the delivery's status brought in line with the outcome.
 * `recordedTags`, the stored tags the caller already read, saves the first read of the compare-and-set.
 */
export async function recordCallback(
  deliveryId: string,
  outcome: { status: string | null; tags: string[]; removed?: string[] },
  now = new Date(),
  recordedTags?: string,
) {
  const removed = new Set(outcome.removed ?? []);
  let known = recordedTags;
  const store = deliveryStore();
  for (let attempt = 1; ; attempt++) {
    let recorded = known;
    known = undefined;
    if (recorded === undefined) {
      const stored = await store.readAppliedTags(deliveryId);
      if (stored === null) return;
      recorded = stored;
    }
    const previous = JSON.parse(recorded) as string[];
    const tags = [...new Set([...previous.filter((tag) => !removed.has(tag)), ...outcome.tags])];
    // A compare-and-set on the tags read: two callbacks for one order at once both land.
    const status = outcome.status ?? "tagged";
    if (await store.recordCallback(deliveryId, { status, tags: JSON.stringify(tags), recorded }, now)) break;
    if (attempt >= 10) throw new Error("The delivery's tags kept changing while they were recorded");
  }
  await reconcileFlowOutcome(deliveryId, now);
}
