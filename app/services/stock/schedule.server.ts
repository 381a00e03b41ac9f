import prisma from "../../db.server";
import { logger } from "../../logger.server";
import { realSleep } from "../platform/graphql.server";
import { getStockSyncSettings, shopsWithSyncOn } from "./records.server";
import { syncShopStock } from "./sync.server";
import type { SyncSummary } from "./sync-results.server";

/** How often each shop with sync on is synced by the schedule. */
export const SHOP_SYNC_EVERY_MS = 3_600_000;
/** How often the fleet looks for shops due (a periodic job: one process per period). */
export const SCHEDULE_CHECK_EVERY_MS = 5 * 60_000;

/**
 * Syncs every shop with sync on whose last scheduled sync started an hour ago or more: the fleet runs this once
 * per check (periodic job), and the shop's lease keeps a manual sync and this one apart. Returns the shops synced.
 */
export async function runScheduledStockSyncs(now: Date, options: { sleep?: (ms: number) => Promise<void> } = {}) {
  let synced = 0;
  for (const shop of await shopsWithSyncOn()) {
    const last = await prisma.stockSyncRun.findFirst({
      where: { shop, trigger: "schedule" },
      orderBy: { startedAt: "desc" },
      select: { startedAt: true },
    });
    if (last && now.getTime() - last.startedAt.getTime() < SHOP_SYNC_EVERY_MS) continue;
    try {
      const result = await syncShopStock(shop, { trigger: "schedule", now: () => now, sleep: options.sleep });
      if (result.status !== "busy") synced++;
    } catch (error) {
      // One shop's unexpected failure must not keep the others from their sync.
      logger.error(
        { shop, err: error instanceof Error ? error.message : String(error) },
        "scheduled stock sync failed unexpectedly",
      );
    }
  }
  return synced;
}

/**
 * After a link or its mapping is saved: syncs that product when the shop's sync is on. Waits a little and tries
 * again while another sync holds the shop; never throws (the save has succeeded whatever happens here).
 */
export async function syncAfterLinkSaved(
  shop: string,
  associationId: string,
  options: { sleep?: (ms: number) => Promise<void>; attempts?: number } = {},
): Promise<SyncSummary | null> {
  try {
    const settings = await getStockSyncSettings(shop);
    if (!settings.enabled || !settings.locationId) return null;
    const sleep = options.sleep ?? realSleep;
    for (let attempt = 1; ; attempt++) {
      const result = await syncShopStock(shop, { trigger: "link", associationIds: [associationId], sleep });
      if (result.status !== "busy" || attempt >= (options.attempts ?? 3)) return result;
      await sleep(10_000);
    }
  } catch (error) {
    logger.error(
      { shop, associationId, err: error instanceof Error ? error.message : String(error) },
      "stock sync after saving a link failed unexpectedly",
    );
    return null;
  }
}
