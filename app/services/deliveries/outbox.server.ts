import { randomUUID } from "node:crypto";
import { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import { databaseEngine } from "../../db-adapter.server";
import { env } from "../../env.server";
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

export type DeliveryInsert =
  { inserted: true; id: string } | { inserted: false; reason: "duplicate" | "not_installed" };

/**
 * Inserts a queued delivery, only while the shop has a session (installed); `duplicate` when (shop, eventId) is
 * already there (a redelivered event) or (topic, resourceId) is (the same order under another event id or shop
 * header: docs/decisions/070-one-trigger-per-order.md). Not kept for an uninstalled shop: after
 * app/uninstalled or shop/redact nothing about the shop's buyers is kept (docs/decisions/072). One statement with
 * the check inside (docs/decisions/172): on SQLite writers are serialised, so an uninstall commits wholly before or
 * after it (after: the uninstall's delete takes the row); on PostgreSQL the check locks the session rows it reads
 * (`FOR SHARE`), so an uninstall deleting them waits for this insert to commit and then deletes its row too, and an
 * insert behind an uninstall in flight waits for it and sees no session. When nothing was inserted, a read tells
 * the two reasons apart (the uncommon path).
 */
export async function insertDelivery(delivery: NewDelivery): Promise<DeliveryInsert> {
  const id = randomUUID();
  const { shop, topic, eventId, keys, payload, nextAttemptAt, receivedAt } = delivery;
  const status = delivery.status ?? "queued";
  const { lastError, lastErrorCode, lastErrorParams } = lastErrorColumns(delivery.skipReason ?? null);
  const test = keys.test === true;
  // The key holds the buyer's name: none is kept without the payload it comes from.
  const searchKey = payload === null ? null : (keys.searchKey ?? null);
  // Two whole statements: PostgreSQL types a SELECT's parameters as text unless cast, SQLite must not cast them.
  const inserted =
    databaseEngine(env().DATABASE_URL) === "postgresql"
      ? await hotSql().execute`
        INSERT INTO "Delivery" ("id", "shop", "topic", "eventId", "resourceId", "orderId", "orderName", "customerId",
          "checkoutToken", "cartToken", "status", "lastError", "lastErrorCode", "lastErrorParams", "attempts",
          "nextAttemptAt", "payload", "attemptLog", "tagsApplied", "test", "searchKey", "createdAt", "updatedAt")
        SELECT ${id}, ${shop}, ${topic}, ${eventId}, ${keys.resourceId}, ${keys.orderId}, ${keys.orderName},
          ${keys.customerId}, ${keys.checkoutToken}, ${keys.cartToken}, ${status}, ${lastError}, ${lastErrorCode},
          ${lastErrorParams}, 0, CAST(${nextAttemptAt} AS TIMESTAMP(3)), ${payload}, '[]', '[]',
          CAST(${test} AS BOOLEAN), ${searchKey}, CAST(${receivedAt} AS TIMESTAMP(3)), CAST(${receivedAt} AS TIMESTAMP(3))
        WHERE EXISTS (SELECT 1 FROM "Session" WHERE "shop" = ${shop} FOR SHARE)
        ON CONFLICT DO NOTHING`
      : await hotSql().execute`
        INSERT INTO "Delivery" ("id", "shop", "topic", "eventId", "resourceId", "orderId", "orderName", "customerId",
          "checkoutToken", "cartToken", "status", "lastError", "lastErrorCode", "lastErrorParams", "attempts",
          "nextAttemptAt", "payload", "attemptLog", "tagsApplied", "test", "searchKey", "createdAt", "updatedAt")
        SELECT ${id}, ${shop}, ${topic}, ${eventId}, ${keys.resourceId}, ${keys.orderId}, ${keys.orderName},
          ${keys.customerId}, ${keys.checkoutToken}, ${keys.cartToken}, ${status}, ${lastError}, ${lastErrorCode},
          ${lastErrorParams}, 0, ${nextAttemptAt}, ${payload}, '[]', '[]', ${test}, ${searchKey}, ${receivedAt}, ${receivedAt}
        WHERE EXISTS (SELECT 1 FROM "Session" WHERE "shop" = ${shop})
        ON CONFLICT DO NOTHING`;
  if (inserted === 1) return { inserted: true, id };
  const installed = await hotSql().query<unknown>`SELECT 1 FROM "Session" WHERE "shop" = ${shop} LIMIT 1`;
  return { inserted: false, reason: installed.length ? "duplicate" : "not_installed" };
}

/**
 * Skips the shop's waiting abandoned-checkout deliveries with this checkout or cart token (either may be null).
 * One statement: each token is looked up through its own (shop, token) index (an OR of both would scan the table).
 */
export async function cancelCheckouts(
  shop: string,
  token: { checkoutToken: string | null; cartToken: string | null },
  reason: DeliveryError,
  now: Date,
) {
  if (!token.checkoutToken && !token.cartToken) return 0;
  const { lastError, lastErrorCode, lastErrorParams } = lastErrorColumns(reason);
  return hotSql().execute`
    UPDATE "Delivery"
    SET "status" = 'skipped', "lastError" = ${lastError}, "lastErrorCode" = ${lastErrorCode},
      "lastErrorParams" = ${lastErrorParams}, "payload" = NULL, "updatedAt" = ${now}
    WHERE "id" IN (
        SELECT "id" FROM "Delivery" WHERE "shop" = ${shop} AND "checkoutToken" = ${token.checkoutToken}
        UNION ALL
        SELECT "id" FROM "Delivery" WHERE "shop" = ${shop} AND "cartToken" = ${token.cartToken})
      AND "topic" = 'checkouts/create' AND "status" IN ('queued', 'retrying')`;
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
