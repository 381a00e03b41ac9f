import type pg from "pg";
import { postgresDriver } from "../../lib/postgres-driver.server";
import { env } from "../../env.server";
import { logger } from "../../logger.server";
import { databaseEngine } from "../../db-adapter.server";
import { deliveryStore } from "./store";

/**
 * Wake-ups: a stored webhook (or a replay) wakes the workers so the delivery goes out now, not at the next
 * poll. In this process through a listener; across processes on PostgreSQL through NOTIFY on one channel that
 * every worker LISTENs to. SQLite has no such channel: a worker in another process finds the row at its next
 * poll (WORKER_POLL_INTERVAL_MS). Polling stays on either engine: a missed notification costs one interval.
 */

export const WAKE_CHANNEL = "delivery_due";

const listeners = new Set<() => void>();

/** Called after a delivery became due. Never throws: a lost wake-up only delays to the next poll. */
export function wakeWorkers() {
  for (const listener of listeners) listener();
  if (databaseEngine(env().DATABASE_URL) === "postgresql") notifyCoalesced();
}

/*
 * One NOTIFY in flight per process (docs/decisions/182): wake-ups that come while it is under way are covered by
 * one more NOTIFY sent after it, which is after their rows were committed, so no worker misses a row and a burst
 * of receives costs a few statements instead of one each.
 */
let notifying = false;
let notifyAgain = false;

function notifyCoalesced() {
  if (notifying) {
    notifyAgain = true;
    return;
  }
  notifying = true;
  notifyWorkers()
    .catch((error: unknown) =>
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, "wake-up notify failed"),
    )
    .finally(() => {
      notifying = false;
      if (notifyAgain) {
        notifyAgain = false;
        notifyCoalesced();
      }
    });
}

/** PostgreSQL: tells every LISTENing worker process that something is due. */
export function notifyWorkers() {
  return deliveryStore().notifyWorkers(WAKE_CHANNEL);
}

/** Subscribes `wake` to this process's wake-ups and, on PostgreSQL, to every process's. Returns the unsubscribe. */
export function onWake(wake: () => void): () => Promise<void> {
  listeners.add(wake);
  const remote = databaseEngine(env().DATABASE_URL) === "postgresql" ? listenForNotifications(wake) : null;
  return async () => {
    listeners.delete(wake);
    await remote?.close();
  };
}

/** One dedicated connection LISTENing on the channel; reconnects after a failure (polling covers the gap). */
export function listenForNotifications(wake: () => void, url = env().DATABASE_URL) {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    const next = new (postgresDriver().Client)({ connectionString: url });
    client = next;
    next.on("notification", (message) => {
      if (message.channel === WAKE_CHANNEL) wake();
    });
    next.on("error", (error) => reconnect(error));
    try {
      await next.connect();
      await next.query(`LISTEN ${WAKE_CHANNEL}`);
      // Anything stored while we were not listening.
      wake();
    } catch (error) {
      reconnect(error);
    }
  };
  const reconnect = (error: unknown) => {
    if (closed || retry) return;
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, "wake-up listener lost; reconnecting");
    void client?.end().catch(() => undefined);
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, 1_000);
    retry.unref();
  };
  void connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
