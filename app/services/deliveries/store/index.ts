import type { Delivery } from "@prisma/client";
import { databaseEngine, type DatabaseEngine } from "../../../db-adapter.server";
import { env } from "../../../env.server";
import type { DeliveryError } from "../../../lib/delivery-errors";
import { postgresStore } from "./postgres";
import { sqliteStore } from "./sqlite";
import type { CallbackRow, DeliveryRow, Leased } from "./types";

export type { CallbackRow, DeliveryRow, Leased } from "./types";

/**
 * The order path's storage: every statement the receiver, the worker and the automation callback run on the
 * "Delivery" table, behind one interface with one adapter per engine (sqlite/, postgres/; what both engines run
 * alike in shared/). The sessions, shop settings and order rules they read are their own domains' statements
 * (platform/session-rows.server.ts, shops/configuration.server.ts, the checks' rules), on the same connection. Each operation is one named statement (two for SQLite's claim), written in SQL on the
 * engine's connection under Prisma's client rather than through the client, which costs several times the
 * statement's CPU per order (docs/decisions/163, 182, 240). The pause and dedupe rules are stated once, in rules.ts.
 * Everything off the order path uses Prisma's client.
 *
 * The outcome writes (complete, fail, skip, defer) return false when the row no longer carries the claim.
 */
export interface DeliveryStore {
  readonly engine: DatabaseEngine;
  /** The receiver's insert: false for a duplicate (the dedupe rule) or a shop without a session. */
  insert(row: DeliveryRow): Promise<boolean>;
  /** Whether the shop has a session: tells apart why an insert stored nothing. */
  shopInstalled(shop: string): Promise<boolean>;
  /**
   * Takes up to `limit` (at least 1) claimable deliveries of shops not paused, expired leases first, under
   * `token` until `leaseExpiresAt`, and buries abandoned ones on their last attempt. Rows in no set order.
   */
  claim(claim: { token: string; now: Date; leaseExpiresAt: Date; limit: number }): Promise<{
    claimed: Delivery[];
    buried: Delivery[];
  }>;
  /** Buries the abandoned deliveries alone (a claim with no free slot). */
  buryAbandoned(now: Date, limit: number): Promise<Delivery[]>;
  /** Extends the lease of one claim's deliveries still in flight; how many. */
  renew(token: string, leaseExpiresAt: Date): Promise<number>;
  complete(delivery: Leased, attempt: Attempt): Promise<boolean>;
  /** Retrying at `nextAttemptAt`, or dead when it is null. */
  fail(delivery: Leased, attempt: Attempt & { error: DeliveryError; nextAttemptAt: Date | null }): Promise<boolean>;
  skip(delivery: Leased, reason: DeliveryError, now: Date): Promise<boolean>;
  defer(delivery: Leased, reason: DeliveryError, nextAttemptAt: Date, now: Date): Promise<boolean>;
  /** Skips the shop's waiting checkouts with either token; how many. */
  cancelCheckouts(
    shop: string,
    tokens: { checkoutToken: string | null; cartToken: string | null },
    reason: DeliveryError,
    now: Date,
  ): Promise<number>;
  findCallbackOrder(shop: string, orderName: string): Promise<CallbackRow | undefined>;
  findCallbackDelivery(
    shop: string,
    order: { resourceId: string; orderName: string },
  ): Promise<CallbackRow | undefined>;
  /** The stored text of a delivery's applied tags; null for no such delivery. */
  readAppliedTags(id: string): Promise<string | null>;
  /** The callback's outcome, only while the tags are still `recorded`. */
  recordCallback(id: string, outcome: { status: string; tags: string; recorded: string }, now: Date): Promise<boolean>;
  reconcileFlowOutcome(id: string, now: Date): Promise<number>;
  /** Wakes the worker processes LISTENing on `channel` (PostgreSQL; SQLite has no such channel). */
  notifyWorkers(channel: string): Promise<number>;
}

export interface Attempt {
  flowId: string | null;
  attemptLog: string;
  now: Date;
}

const appStores: Partial<Record<DatabaseEngine, DeliveryStore>> = {};

/** The store on the app's database. */
export function deliveryStore(): DeliveryStore {
  const engine = databaseEngine(env().DATABASE_URL);
  return (appStores[engine] ??= engine === "postgresql" ? postgresStore() : sqliteStore());
}
