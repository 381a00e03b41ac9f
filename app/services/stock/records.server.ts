import { randomUUID } from "node:crypto";
import { Prisma, type StockSyncSettings } from "@prisma/client";
import prisma from "../../db.server";

/** How long a sync may hold a shop before another process may take it over (its holder died). */
export const LEASE_MS = 15 * 60_000;
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
 * Takes the shop's sync lease (docs/decisions/232): a row created by insert, or taken over by a conditional
 * update once its holder's time ran out. Returns the holder's id, or null when another process holds it.
 */
export async function takeSyncLease(shop: string, now = new Date(), leaseMs = LEASE_MS): Promise<string | null> {
  const holder = randomUUID();
  const expiresAt = new Date(now.getTime() + leaseMs);
  try {
    await prisma.stockSyncLease.create({ data: { shop, holder, expiresAt } });
    return holder;
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
  }
  const taken = await prisma.stockSyncLease.updateMany({
    where: { shop, expiresAt: { lt: now } },
    data: { holder, expiresAt },
  });
  return taken.count === 1 ? holder : null;
}

/** Moves the lease's end forward while the sync still holds it; false when it was taken over meanwhile. */
export async function renewSyncLease(shop: string, holder: string, now = new Date(), leaseMs = LEASE_MS) {
  const renewed = await prisma.stockSyncLease.updateMany({
    where: { shop, holder },
    data: { expiresAt: new Date(now.getTime() + leaseMs) },
  });
  return renewed.count === 1;
}

export async function releaseSyncLease(shop: string, holder: string) {
  await prisma.stockSyncLease.deleteMany({ where: { shop, holder } });
}

/** Deletes the changes older than the history keeps; returns how many. */
export async function purgeStockHistory(now: Date) {
  const { count } = await prisma.stockSyncChange.deleteMany({
    where: { at: { lt: new Date(now.getTime() - HISTORY_DAYS * 86_400_000) } },
  });
  return count;
}
