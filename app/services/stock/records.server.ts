import { randomUUID } from "node:crypto";
import type { StockSyncSettings } from "@prisma/client";
import prisma from "../../db.server";
import { releaseLease, renewLease, takeLease } from "../../lib/leases.server";
import type { Logger } from "../../logger.server";

/**
 * The shop's sync lease (docs/decisions/285): short, and renewed this often while its sync runs, so a holder that
 * died frees the shop within the lease's time while a live one keeps it however long it runs.
 */
export const SYNC_LEASE = { ms: 30_000, renewEveryMs: 10_000 };
/** How long the per-product history of changes is kept. */
export const HISTORY_DAYS = 30;

/** The stock sync's rows of a shop, deleted with everything else the shop owns. */
export function stockSyncDeletes(shop: string) {
  return [
    prisma.stockSyncSettings.deleteMany({ where: { shop } }),
    prisma.stockSyncLease.deleteMany({ where: { shop } }),
    prisma.stockSyncRun.deleteMany({ where: { shop } }),
    prisma.stockSyncProduct.deleteMany({ where: { shop } }),
    prisma.stockSyncChange.deleteMany({ where: { shop } }),
  ];
}

export const DEFAULT_STOCK_SETTINGS: Omit<StockSyncSettings, "shop" | "updatedAt"> = {
  enabled: false,
  locationId: null,
  locationName: null,
  priceRuleOn: false,
  marginBps: 10_000,
  fixedAmount: 0,
  rounding: "nearest_100",
  setCompareAt: false,
  pricePreviewAt: null,
};

export async function getStockSyncSettings(shop: string) {
  const row = await prisma.stockSyncSettings.findUnique({ where: { shop } });
  return row ?? { shop, ...DEFAULT_STOCK_SETTINGS, updatedAt: null };
}

export type StockSettingsPatch = Partial<Omit<StockSyncSettings, "shop" | "updatedAt">>;

export async function saveStockSyncSettings(shop: string, patch: StockSettingsPatch) {
  return prisma.stockSyncSettings.upsert({
    where: { shop },
    create: { shop, ...DEFAULT_STOCK_SETTINGS, ...patch },
    update: patch,
  });
}

/** The shops whose sync is on, for the schedule. */
export async function shopsWithSyncOn() {
  const rows = await prisma.stockSyncSettings.findMany({
    where: { enabled: true, locationId: { not: null } },
    select: { shop: true },
    orderBy: { shop: "asc" },
  });
  return rows.map((row) => row.shop);
}

/**
 * Takes the shop's sync lease (docs/decisions/232; app/lib/leases.server.ts). Returns the holder's id, or null
 * when another process holds it.
 */
export async function takeSyncLease(shop: string, now = new Date(), leaseMs = SYNC_LEASE.ms): Promise<string | null> {
  const holder = randomUUID();
  return (await takeLease("stock-sync", shop, holder, new Date(now.getTime() + leaseMs), now)) ? holder : null;
}

/** Moves the lease's end forward while the sync still holds it; false when it was taken over meanwhile. */
export function renewSyncLease(shop: string, holder: string, now = new Date(), leaseMs = SYNC_LEASE.ms) {
  return renewLease("stock-sync", shop, holder, new Date(now.getTime() + leaseMs));
}

export function releaseSyncLease(shop: string, holder: string) {
  return releaseLease("stock-sync", shop, holder);
}

/**
 * Renews the lease every `renewEveryMs` while the sync runs, whatever it is waiting on (the supplier, the cost
 * bucket). `held()` turns false once a renewal finds the lease taken over; `stop()` ends the renewals.
 */
export function keepSyncLease(
  shop: string,
  holder: string,
  options: { now: () => Date; lease: { ms: number; renewEveryMs: number }; log: Logger },
) {
  let held = true;
  let renewal: Promise<void> | null = null;
  const renew = async () => {
    try {
      if (!(await renewSyncLease(shop, holder, options.now(), options.lease.ms))) held = false;
    } catch (error) {
      // The next renewal tries again; the lease has two more renewals' time left.
      options.log.warn({ err: error instanceof Error ? error.message : String(error) }, "stock sync lease not renewed");
    } finally {
      renewal = null;
    }
  };
  const timer = setInterval(() => {
    if (held && !renewal) renewal = renew();
  }, options.lease.renewEveryMs);
  timer.unref();
  return {
    held: () => held,
    async stop() {
      clearInterval(timer);
      await renewal;
    },
  };
}

/** Deletes the changes older than the history keeps; returns how many. */
export async function purgeStockHistory(now: Date) {
  const { count } = await prisma.stockSyncChange.deleteMany({
    where: { at: { lt: new Date(now.getTime() - HISTORY_DAYS * 86_400_000) } },
  });
  return count;
}
