import type { Delivery } from "@prisma/client";
import prisma from "../../db.server";
import { AppError } from "../../lib/http.server";
import { isHeld } from "../../lib/order-rules";
import { logger } from "../../logger.server";
import { listFlows } from "../automation/client.server";
import { refuseEndedLoopTestOrder } from "../loop-test/test-orders.server";
import { getShopSettings } from "../shops/configuration.server";
import { insertDelivery } from "./outbox.server";
import { automationPausedAt } from "./pause.server";
import { extractEventKeys } from "./event-keys.server";
import { retryDelivery, summarizeDelivery } from "./queries.server";
import { guardRepeat, type RepeatRequest } from "./repeat-guard.server";
import { sendAnywayTiming, sendHeldOrderAnyway } from "./send-anyway.server";
import { wakeWorkers } from "./wake.server";

/** How the admin and its extensions name an order: either gid form, or the bare numeric id. */
const ORDER_REF = /^(?:gid:\/\/(?:shopify|platform)\/Order\/)?(\d{1,20})$/;

/** The numeric id and the platform's gid of an order reference, or null when it names no order. */
export function parseOrderRef(value: string): { legacyId: string; gid: string } | null {
  const match = ORDER_REF.exec(value.trim());
  if (!match) return null;
  return { legacyId: match[1], gid: `gid://shopify/Order/${match[1]}` };
}

function orderWhere(shop: string, ref: { legacyId: string; gid: string }) {
  return { shop, topic: "orders/create", OR: [{ orderId: ref.gid }, { resourceId: ref.legacyId }] };
}

/** The order's deliveries, newest first; served by the (shop, orderId) index. */
async function orderDeliveries(shop: string, ref: { legacyId: string; gid: string }) {
  return prisma.delivery.findMany({
    where: orderWhere(shop, ref),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 20,
  });
}

/** Whether the app has a record of the shop's order: a delivery of it. */
export async function knowsOrder(shop: string, ref: { legacyId: string; gid: string }) {
  return (await prisma.delivery.count({ where: orderWhere(shop, ref) })) > 0;
}

/** The flow names of the shop's automation account; an unreachable platform leaves them unnamed. */
async function flowNames(shop: string): Promise<Record<string, string>> {
  const apiKey = (await getShopSettings(shop))?.automationApiKey;
  if (!apiKey) return {};
  try {
    return Object.fromEntries((await listFlows(apiKey)).map((flow) => [flow.id, flow.name]));
  } catch (error) {
    logger.warn({ shop, code: error instanceof AppError ? error.code : "unexpected" }, "flow names unavailable");
    return {};
  }
}

function storyEntry(delivery: Delivery, names: Record<string, string>) {
  return {
    ...summarizeDelivery(delivery),
    flowName: delivery.flowId ? (names[delivery.flowId] ?? null) : null,
    callbackAt: delivery.callbackAt?.toISOString() ?? null,
    attemptLog: JSON.parse(delivery.attemptLog) as unknown[],
  };
}

export type OrderStoryEntry = ReturnType<typeof storyEntry>;

/**
 * Everything the app did with one order, for the order page's block and action; for an order the shop's rules
 * hold, also when it would go if sent anyway (`sendAnyway`, docs/decisions/282), so the action says it first.
 */
export async function getOrderStory(shop: string, orderRef: string, now = new Date()) {
  const ref = parseOrderRef(orderRef);
  if (!ref)
    throw AppError.forField("orderId", "must be an order id like gid://shopify/Order/123", { code: "invalid_input" });
  const [rows, pausedAt] = await Promise.all([orderDeliveries(shop, ref), automationPausedAt(shop)]);
  const names = rows.some((row) => row.flowId) ? await flowNames(shop) : {};
  const sendAnyway = rows[0] && isHeld(rows[0]) ? await sendAnywayTiming(shop, now) : null;
  // Paused, a waiting order waits for the merchant: the block says so rather than a time that will pass.
  return {
    orderId: ref.gid,
    paused: pausedAt !== null,
    sendAnyway,
    deliveries: rows.map((row) => storyEntry(row, names)),
  };
}

const PENDING = ["queued", "delivering", "retrying"];

/**
 * Sends an order to the automation flow again, on the merchant's explicit request (docs/decisions/110).
 * A delivery still on its way is left alone (409), so a double click never runs the flow twice; a dead or
 * skipped one is replayed in place; a delivered or flow-failed one (its flow ran: the merchant must confirm, and
 * the order's cooldown applies, docs/decisions/191) gets a new delivery from the stored webhook body. The new
 * row's event id counts the order's deliveries, so two concurrent requests collapse on the unique key.
 */
export async function resendOrder(shop: string, orderRef: string, request: RepeatRequest = {}, now = new Date()) {
  const ref = parseOrderRef(orderRef);
  if (!ref)
    throw AppError.forField("orderId", "must be an order id like gid://shopify/Order/123", { code: "invalid_input" });
  const rows = await orderDeliveries(shop, ref);
  const latest = rows[0];
  if (!latest) throw new AppError(404, "The app has no record of this order", "not_found");
  await refuseEndedLoopTestOrder(latest);
  if (PENDING.includes(latest.status)) {
    throw new AppError(409, "This order is already on its way to the automation platform", "already_pending");
  }
  // Held by the shop's rules, it was never sent: the delivery page's "send anyway", keeping the sending hours.
  if (isHeld(latest)) return { ...(await sendHeldOrderAnyway(shop, latest.id, now)), resent: false };
  if (latest.status === "dead" || latest.status === "skipped") {
    return { delivery: await retryDelivery(shop, latest.id, now, request), resent: true };
  }
  // Delivered or flow-failed: the buyer's flow ran, so only on the merchant's confirmation, once per cooldown.
  await guardRepeat({ shop, deliveryId: latest.id, orderId: latest.orderId, status: latest.status }, request, now);
  const source = rows.find((row) => row.payload);
  if (!source?.payload) {
    throw new AppError(409, "The order data was erased; it cannot be sent again", "payload_erased");
  }
  const outcome = await insertDelivery({
    shop,
    topic: source.topic,
    eventId: `resend:${ref.legacyId}:${rows.length}`,
    // Without resourceId: the order's first delivery holds the one-delivery-per-order key (docs/decisions/070), and
    // this is the merchant's explicit second run. The order id still finds it (story, privacy requests).
    keys: { ...extractEventKeys(source.topic, JSON.parse(source.payload)), resourceId: null },
    payload: source.payload,
    buyer: source.buyer,
    nextAttemptAt: now,
    receivedAt: now,
  });
  if (!outcome.inserted) {
    throw new AppError(409, "This order is already on its way to the automation platform", "already_pending");
  }
  wakeWorkers();
  const created = await prisma.delivery.findFirstOrThrow({ where: { id: outcome.id, shop } });
  return { delivery: summarizeDelivery(created), resent: true };
}
