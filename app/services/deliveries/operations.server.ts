import type { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import { AppError } from "../../lib/http.server";
import { withoutLoopTestOrders } from "../loop-test/test-orders.server";
import { automationPausedAt } from "./pause.server";
import type { RepeatRequest } from "./repeat-guard.server";
import { listDeliveries, retryDelivery, summarizeDelivery } from "./queries.server";
import { searchPage, type DeliverySearch } from "./search.server";
import { forgetOwedErrorTag } from "./owed-tags.server";
import { wakeWorkers } from "./wake.server";

/**
 * "Retry" on one delivery: a retrying one is sent now instead of at its scheduled time (its attempt count and
 * schedule continue); a dead, skipped or flow-failed one is replayed (retryDelivery, with the merchant's
 * confirmation when its flow ran). Anything else is answered as it is.
 */
export async function retryNow(shop: string, id: string, request: RepeatRequest = {}, now = new Date()) {
  const updated = await prisma.delivery.updateMany({
    where: { id, shop, status: "retrying" },
    data: { nextAttemptAt: now },
  });
  if (updated.count === 0) return retryDelivery(shop, id, now, request);
  wakeWorkers();
  const delivery = await prisma.delivery.findFirst({ where: { id, shop } });
  if (!delivery) throw new AppError(404, "Delivery not found", "not_found");
  return summarizeDelivery(delivery);
}

// ---- Bulk retry (docs/decisions/112) ----

/** How many replayed deliveries become due per second: well under the automation platform's rate limit. */
export const BULK_RETRY_PER_SECOND = 2;
/** At most this many per request; the page offers the rest again. */
export const BULK_RETRY_MAX = 1000;

/**
 * The failed deliveries "retry all failed" sends, and counts for its button: those whose order data is still kept,
 * less the loop test's orders (never sent to the live flow again, docs/decisions/192).
 */
async function failedWhere(shop: string): Promise<Prisma.DeliveryWhereInput> {
  return { shop, status: "dead", payload: { not: null }, ...(await withoutLoopTestOrders(shop)) };
}

/** How many failed deliveries "retry all failed" would send again. */
export async function countRetryableFailed(shop: string) {
  return prisma.delivery.count({ where: await failedWhere(shop) });
}

/**
 * Queues the shop's failed deliveries again, oldest first, paced: the n-th becomes due n / BULK_RETRY_PER_SECOND
 * seconds from now, so the worker hands them to the automation platform a couple per second whatever their
 * number. Each row is taken only while it is still dead, so a concurrent retry never queues one twice.
 */
export async function retryAllFailed(shop: string, now = new Date()) {
  const rows = await prisma.delivery.findMany({
    where: await failedWhere(shop),
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: BULK_RETRY_MAX,
    select: { id: true },
  });
  let queued = 0;
  for (let slot = 0; slot * BULK_RETRY_PER_SECOND < rows.length; slot++) {
    const ids = rows.slice(slot * BULK_RETRY_PER_SECOND, (slot + 1) * BULK_RETRY_PER_SECOND).map((row) => row.id);
    const { count } = await prisma.delivery.updateMany({
      where: { id: { in: ids }, shop, status: "dead" },
      data: {
        status: "queued",
        attempts: 0,
        replays: { increment: 1 },
        nextAttemptAt: new Date(now.getTime() + slot * 1000),
        lastError: null,
        lastErrorCode: null,
        lastErrorParams: null,
        leaseOwner: null,
        leaseExpiresAt: null,
        callbackStatus: null,
        callbackAt: null,
      },
    });
    await forgetOwedErrorTag(shop, ids);
    queued += count;
  }
  if (queued) wakeWorkers();
  const seconds = Math.max(0, Math.ceil(queued / BULK_RETRY_PER_SECOND) - 1);
  return { queued, remaining: await countRetryableFailed(shop), lastDueAt: new Date(now.getTime() + seconds * 1000) };
}

// ---- Pause and resume ----

export async function automationState(shop: string) {
  const pausedAt = await automationPausedAt(shop);
  const waiting = pausedAt
    ? await prisma.delivery.count({ where: { shop, status: { in: ["queued", "retrying"] } } })
    : 0;
  return { paused: pausedAt !== null, pausedAt: pausedAt?.toISOString() ?? null, waiting };
}

export async function pauseAutomation(shop: string, now = new Date()) {
  await prisma.automationPause.upsert({ where: { shop }, create: { shop, pausedAt: now }, update: {} });
  return automationState(shop);
}

/** Resumes: what was recorded meanwhile is already due (its time came while paused) and goes out now. */
export async function resumeAutomation(shop: string) {
  await prisma.automationPause.deleteMany({ where: { shop } });
  wakeWorkers();
  return automationState(shop);
}

// ---- Search and export ----

/** The log's search: an order's name, or the buyer's name, email or phone (docs/decisions/202, 256). */
export async function searchDeliveries(shop: string, search: DeliverySearch & { page: number; pageSize: number }) {
  const q = search.q?.trim();
  if (!q) return listDeliveries(shop, { status: search.status, page: search.page, pageSize: search.pageSize });
  return searchPage(shop, q, search.status, search.page, search.pageSize);
}
