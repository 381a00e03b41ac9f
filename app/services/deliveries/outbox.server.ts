import { randomUUID } from "node:crypto";
import { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import { lastErrorColumns, type DeliveryError } from "../../lib/delivery-errors";
import type { EventKeys } from "./event-keys.server";
import { deliveryStore } from "./store";

/**
 * The receiver's side of the outbox: a webhook becomes a queued delivery in one statement (the store's insert,
 * store/index.ts), and an order ends its checkout's wait.
 */

export interface NewDelivery {
  shop: string;
  topic: string;
  eventId: string;
  keys: EventKeys;
  payload: string | null;
  /** The buyer summary (app/lib/buyer-summary.ts) as JSON: customer data, kept only beside a payload. */
  buyer?: string | null;
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
  const store = deliveryStore();
  const inserted = await store.insert({
    id,
    shop,
    topic,
    eventId,
    ...keys,
    // The key holds the buyer's name: none is kept without the payload it comes from.
    searchKey: payload === null ? null : keys.searchKey,
    status: delivery.status ?? "queued",
    ...lastErrorColumns(delivery.skipReason ?? null),
    nextAttemptAt,
    payload,
    buyer: payload === null ? null : (delivery.buyer ?? null),
    receivedAt,
  });
  if (inserted) return { inserted: true, id };
  return { inserted: false, reason: (await store.shopInstalled(shop)) ? "duplicate" : "not_installed" };
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
  return deliveryStore().cancelCheckouts(shop, token, reason, now);
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
