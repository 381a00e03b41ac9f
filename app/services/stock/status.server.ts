import prisma from "../../db.server";
import { associationRecord } from "../catalogue/associations.server";
import { priceRuleView } from "./price-settings.server";
import { getStockSyncSettings } from "./records.server";

/** Changes shown per product: those of its last sync that changed something, newest first. */
const CHANGES_SHOWN = 8;

export interface ProductSyncStatus {
  lastSuccessAt: string | null;
  lastAttemptAt: string | null;
  status: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  supplierOutOfStock: boolean;
  unmapped: { id: string; title: string }[];
  changes: { variantTitle: string; field: string; before: string | null; after: string; at: string }[];
}

const NEVER: ProductSyncStatus = {
  lastSuccessAt: null,
  lastAttemptAt: null,
  status: null,
  errorCode: null,
  errorMessage: null,
  supplierOutOfStock: false,
  unmapped: [],
  changes: [],
};

/** What the sync knows of each of these linked products (never synced ones included, as such). */
export async function productSyncStatuses(shop: string, associationIds: string[]) {
  if (!associationIds.length) return {};
  const [rows, changes] = await Promise.all([
    prisma.stockSyncProduct.findMany({ where: { shop, associationId: { in: associationIds } } }),
    latestChanges(shop, associationIds),
  ]);
  const statuses: Record<string, ProductSyncStatus> = {};
  for (const id of associationIds) {
    const row = rows.find((candidate) => candidate.associationId === id);
    const own = changes.filter((change) => change.associationId === id);
    // The changes of the most recent sync that changed this product.
    const latest = own[0]?.runId;
    statuses[id] = row
      ? {
          lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
          lastAttemptAt: row.lastAttemptAt.toISOString(),
          status: row.status,
          errorCode: row.errorCode,
          errorMessage: row.errorMessage,
          supplierOutOfStock: row.supplierOutOfStock,
          unmapped: parseUnmapped(row.unmappedVariants),
          changes: own
            .filter((change) => change.runId === latest)
            .slice(0, CHANGES_SHOWN)
            .map((change) => ({
              variantTitle: change.variantTitle,
              field: change.field,
              before: change.before,
              after: change.after,
              at: change.at.toISOString(),
            })),
        }
      : NEVER;
  }
  return statuses;
}

/**
 * Each product's changes at its latest changed time (a run stamps all its changes with its one time). Read per
 * product, so a product whose last sync changed thousands of variants never crowds another's
 * changes out of the page.
 */
async function latestChanges(shop: string, associationIds: string[]) {
  const latest = await prisma.stockSyncChange.groupBy({
    by: ["associationId"],
    where: { shop, associationId: { in: associationIds } },
    _max: { at: true },
  });
  const at = latest.flatMap(({ associationId, _max }) => (_max.at ? [{ associationId, at: _max.at }] : []));
  if (!at.length) return [];
  return prisma.stockSyncChange.findMany({ where: { shop, OR: at }, orderBy: [{ at: "desc" }, { id: "desc" }] });
}

function parseUnmapped(text: string): { id: string; title: string }[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as { id: string; title: string }[]) : [];
  } catch {
    return [];
  }
}

/** One page of the shop's links whose supplier has a mapped variation out of stock (the page's filter). */
export async function listOutOfStockAssociations(shop: string, page: number, pageSize: number) {
  const flagged = await prisma.stockSyncProduct.findMany({
    where: { shop, supplierOutOfStock: true },
    select: { associationId: true },
  });
  const ids = flagged.map((row) => row.associationId);
  const [rows, total] = await prisma.$transaction([
    prisma.productAssociation.findMany({
      where: { shop, id: { in: ids } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * pageSize,
      take: pageSize,
    }),
    prisma.productAssociation.count({ where: { shop, id: { in: ids } } }),
  ]);
  return { associations: rows.map(associationRecord), total };
}

/** The shop's sync as the page's card shows it: settings, the price rule and the last run. */
export async function stockSyncOverview(shop: string) {
  const [settings, lastRun] = await Promise.all([
    getStockSyncSettings(shop),
    prisma.stockSyncRun.findFirst({ where: { shop, finishedAt: { not: null } }, orderBy: { startedAt: "desc" } }),
  ]);
  return {
    enabled: settings.enabled,
    locationId: settings.locationId,
    locationName: settings.locationName,
    // From the same read: the card's price rule.
    priceRule: priceRuleView(settings),
    lastRun: lastRun
      ? {
          at: (lastRun.finishedAt ?? lastRun.startedAt).toISOString(),
          status: lastRun.status,
          trigger: lastRun.trigger,
          products: lastRun.products,
          changes: lastRun.changes,
          errorCode: lastRun.errorCode,
          errorMessage: lastRun.errorMessage,
        }
      : null,
  };
}
