import { randomUUID } from "node:crypto";
import { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import { lastErrorColumns, type DeliveryError } from "../../lib/delivery-errors";
import type { EventKeys } from "./payloads.server";
import { hotSql } from "../../lib/hot-sql.server";

/**
 * The outbox's hot statements, in SQL. With the SQLite driver adapter every Prisma write runs in its own
 * transaction on a freshly opened connection (about 1.3 ms); the same statement as plain SQL takes about
 * 0.1 ms. At hundreds of orders per second that is the difference between keeping up and not, so the
 * receiver's insert lives here (the worker's claim and result writes are in queue.server.ts). Everything is portable SQL
 * (SQLite and PostgreSQL); `updatedAt`, which Prisma would set, is set explicitly.
 */

export interface NewDelivery {
  shop: string;
  topic: string;
  eventId: string;
  keys: EventKeys;
  payload: string | null;
  nextAttemptAt: Date;
  receivedAt: Date;
  /** Queued unless the receiver already knows it cannot be sent. */
  status?: "queued" | "skipped";
  /** Why a record born skipped is not sent. */
  skipReason?: DeliveryError;
}

/**
 * Inserts a queued delivery; null when (shop, eventId) is already there (a redelivered event) or (topic,
 * resourceId) is (the same order under another event id or shop header: docs/decisions/070-one-trigger-per-order.md).
 */
export async function insertDelivery(delivery: NewDelivery): Promise<string | null> {
  const id = randomUUID();
  const { shop, topic, eventId, keys, payload, nextAttemptAt, receivedAt } = delivery;
  const status = delivery.status ?? "queued";
  const { lastError, lastErrorCode, lastErrorParams } = lastErrorColumns(delivery.skipReason ?? null);
  const inserted = await hotSql().execute`
    INSERT INTO "Delivery" ("id", "shop", "topic", "eventId", "resourceId", "orderId", "orderName", "customerId",
      "checkoutToken", "cartToken", "status", "lastError", "lastErrorCode", "lastErrorParams", "attempts",
      "nextAttemptAt", "payload", "attemptLog", "tagsApplied", "test", "createdAt", "updatedAt")
    VALUES (${id}, ${shop}, ${topic}, ${eventId}, ${keys.resourceId}, ${keys.orderId}, ${keys.orderName},
      ${keys.customerId}, ${keys.checkoutToken}, ${keys.cartToken}, ${status}, ${lastError}, ${lastErrorCode},
      ${lastErrorParams}, 0, ${nextAttemptAt}, ${payload}, '[]', '[]', ${keys.test === true}, ${receivedAt},
      ${receivedAt})
    ON CONFLICT DO NOTHING`;
  return inserted === 1 ? id : null;
}

/**
 * Removes a just-inserted delivery when its shop has no session any more (uninstalled, or redacted): after
 * app/uninstalled or shop/redact nothing about the shop's buyers is kept (docs/decisions/072). True when removed.
 * Runs after the insert: an uninstall that commits between the two still leaves nothing behind.
 */
export async function discardUninstalledDelivery(shop: string, id: string) {
  // A read first: the common case (installed) then takes no write lock and no second commit.
  const installed = await hotSql().query<unknown>`SELECT 1 FROM "Session" WHERE "shop" = ${shop} LIMIT 1`;
  if (installed.length) return false;
  const removed = await hotSql().execute`
    DELETE FROM "Delivery"
    WHERE "id" = ${id} AND NOT EXISTS (SELECT 1 FROM "Session" WHERE "shop" = ${shop})`;
  return removed === 1;
}

/** Skips the shop's waiting abandoned-checkout deliveries with this checkout or cart token. */
export async function cancelCheckouts(
  shop: string,
  token: { checkoutToken: string } | { cartToken: string },
  reason: DeliveryError,
  now: Date,
) {
  const { lastError, lastErrorCode, lastErrorParams } = lastErrorColumns(reason);
  // Two whole statements rather than a column fragment: a Prisma.sql fragment of the SQLite client is not one
  // for the PostgreSQL client.
  if ("checkoutToken" in token) {
    return hotSql().execute`
      UPDATE "Delivery"
      SET "status" = 'skipped', "lastError" = ${lastError}, "lastErrorCode" = ${lastErrorCode},
        "lastErrorParams" = ${lastErrorParams}, "payload" = NULL, "updatedAt" = ${now}
      WHERE "shop" = ${shop} AND "topic" = 'checkouts/create' AND "status" IN ('queued', 'retrying')
        AND "checkoutToken" = ${token.checkoutToken}`;
  }
  return hotSql().execute`
    UPDATE "Delivery"
    SET "status" = 'skipped', "lastError" = ${lastError}, "lastErrorCode" = ${lastErrorCode},
        "lastErrorParams" = ${lastErrorParams}, "payload" = NULL, "updatedAt" = ${now}
    WHERE "shop" = ${shop} AND "topic" = 'checkouts/create' AND "status" IN ('queued', 'retrying')
      AND "cartToken" = ${token.cartToken}`;
}

/**
 * Adds tags to a delivery's record of the tags applied (a set), with `data` in the same write. A compare-and-set
 * on the previous value, so two writers at once (two callbacks for one order) both land. False for no such row.
 */
export async function addAppliedTags(id: string, tags: string[], data: Prisma.DeliveryUpdateManyMutationInput = {}) {
  for (let attempt = 1; ; attempt++) {
    const row = await prisma.delivery.findUnique({ where: { id }, select: { tagsApplied: true } });
    if (!row) return false;
    const merged = [...new Set([...(JSON.parse(row.tagsApplied) as string[]), ...tags])];
    const { count } = await prisma.delivery.updateMany({
      where: { id, tagsApplied: row.tagsApplied },
      data: { ...data, tagsApplied: JSON.stringify(merged) },
    });
    if (count === 1) return true;
    if (attempt >= 10) throw new Error("The delivery's tags kept changing while they were recorded");
  }
}
