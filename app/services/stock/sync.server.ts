import prisma from "../../db.server";
import { AppError } from "../../lib/http.server";
import { logger, type Logger } from "../../logger.server";
import { associationRecord, type AssociationRecord } from "../catalogue/associations.server";
import { getShopSettings } from "../shops/configuration.server";
import { priceRuleOf, type PriceRule } from "./price-rule";
import { getStockSyncSettings, keepSyncLease, releaseSyncLease, SYNC_LEASE, takeSyncLease } from "./records.server";
import { readSupplierStock } from "./supplier-stock.server";
import { planProduct, type PricePreviewRow, type Problem, type ProductPlan } from "./sync-plan";
import { recordFailedRun, recordFinishedRun, type RunContext, type SyncSummary } from "./sync-results.server";
import { StoreSyncApi } from "./sync-store.server";

export type SyncTrigger = "schedule" | "manual" | "link";

export interface SyncOptions {
  trigger: SyncTrigger;
  /** Only these linked products (their association ids); all of the shop's when absent. */
  associationIds?: string[];
  now?: () => Date;
  /** Waits for the cost bucket to refill; tests pass one that records instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
  /** The lease's length and renewal period; tests shorten them. */
  lease?: { ms: number; renewEveryMs: number };
}

/**
 * Syncs the shop's linked products from the supplier (docs/decisions/230): under the shop's lease, reads the
 * supplier's stock for every mapped variation, reads the store's variants at the chosen location, and sets
 * the available quantities that differ, in bulk. Nothing is written unless both reads succeeded; a product the
 * supplier no longer lists keeps its stock. Returns what happened, also kept in StockSyncRun/Product/Change.
 */
export async function syncShopStock(shop: string, options: SyncOptions): Promise<SyncSummary> {
  const now = options.now ?? (() => new Date());
  const settings = await getStockSyncSettings(shop);
  const empty = { runId: null, products: 0, changes: 0, supplierCalls: 0, platformCalls: 0, platformCost: 0 };
  if (!settings.locationId) {
    return {
      ...empty,
      status: "not_configured",
      errorCode: "sync_not_configured",
      message: "Choose the location whose stock follows the supplier first",
    };
  }
  const lease = options.lease ?? SYNC_LEASE;
  const holder = await takeSyncLease(shop, now(), lease.ms);
  if (!holder) {
    return { ...empty, status: "busy", errorCode: "sync_busy", message: "A sync of this shop is already running" };
  }
  const log = logger.child({ shop, component: "stock-sync", trigger: options.trigger });
  const kept = keepSyncLease(shop, holder, { now, lease, log });
  try {
    // The rule is applied only once the merchant has seen and confirmed its preview (docs/decisions/234).
    const priceRule = settings.pricePreviewAt ? priceRuleOf(settings) : null;
    return await new ShopSync(shop, settings.locationId, priceRule, options, now, kept.held).run();
  } finally {
    await kept.stop();
    await releaseSyncLease(shop, holder);
  }
}

/**
 * What the price rule would set on every mapped variant, read exactly as a sync reads (supplier, then store) and
 * planned by the sync's own planning, with no write anywhere: no platform mutation, no run, no lease.
 */
export async function previewShopPrices(
  shop: string,
  rule: PriceRule,
  options: { sleep?: (ms: number) => Promise<void> } = {},
): Promise<PricePreviewRow[]> {
  const settings = await getStockSyncSettings(shop);
  if (!settings.locationId) {
    throw new AppError(400, "Choose the location whose stock follows the supplier first", "sync_not_configured");
  }
  const sync = new ShopSync(shop, settings.locationId, rule, { trigger: "manual", ...options }, () => new Date());
  return sync.previewPrices();
}

/** One sync (or preview) of one shop: the reads, the plan, the writes; its records are kept by sync-results. */
class ShopSync {
  private readonly log: Logger;
  private supplierCalls = 0;
  private readonly store: StoreSyncApi;

  constructor(
    private readonly shop: string,
    locationId: string,
    private readonly priceRule: PriceRule | null,
    private readonly options: SyncOptions,
    private readonly now: () => Date,
    /** Whether this sync still holds the shop's lease (a preview holds none and never writes). */
    private readonly leaseHeld: () => boolean = () => false,
  ) {
    this.log = logger.child({ shop, component: "stock-sync", trigger: options.trigger });
    this.store = new StoreSyncApi(shop, locationId, { sleep: options.sleep });
  }

  async run(): Promise<SyncSummary> {
    const ids = this.options.associationIds;
    const rows = await prisma.productAssociation.findMany({
      where: { shop: this.shop, ...(ids ? { id: { in: ids } } : {}) },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    const associations = rows.map(associationRecord);
    const run = await prisma.stockSyncRun.create({
      data: {
        shop: this.shop,
        trigger: this.options.trigger,
        associationId: ids?.length === 1 ? ids[0] : null,
        startedAt: this.now(),
        products: associations.length,
      },
    });
    const context: RunContext = {
      shop: this.shop,
      runId: run.id,
      now: this.now,
      log: this.log,
      counts: () => ({
        supplierCalls: this.supplierCalls,
        platformCalls: this.store.calls,
        platformCost: this.store.cost,
      }),
    };
    try {
      return await this.syncProducts(context, associations);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return recordFailedRun(context, associations, { code: error.code, message: error.message });
    }
  }

  /** The price rule's result on every mapped variant, from the same reads and planning as a run. */
  async previewPrices(): Promise<PricePreviewRow[]> {
    const rows = await prisma.productAssociation.findMany({
      where: { shop: this.shop },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    const planned = await this.readAndPlan(rows.map(associationRecord));
    if ("problem" in planned) {
      const status = planned.problem.code === "supplier_not_configured" ? 400 : 502;
      throw new AppError(status, planned.problem.message, planned.problem.code);
    }
    return planned.outcomes.flatMap((outcome) => outcome.previews);
  }

  /** Reads the supplier then the store and plans every product; a problem when nothing can be trusted. */
  private async readAndPlan(
    associations: AssociationRecord[],
  ): Promise<{ problem: Problem } | { outcomes: ProductPlan[] }> {
    const mapped = associations.filter((association) => association.variantAssociations.length > 0);
    const token = (await getShopSettings(this.shop))?.supplierToken;
    if (!token) {
      return {
        problem: {
          code: "supplier_not_configured",
          message: "The supplier integration is not configured: save your supplier token first",
        },
      };
    }

    const supplier = await readSupplierStock(token, new Set(mapped.map((a) => a.supplierProductId)), {
      sleep: this.options.sleep,
    });
    this.supplierCalls += supplier.calls;
    if (supplier.upstreamError) {
      // A supplier that did not answer says nothing about stock: the store stays as it is (never zeroed).
      return {
        problem: {
          code: `supplier_${supplier.upstreamError.code}`,
          message: `${supplier.upstreamError.message}; the store was left as it is`,
        },
      };
    }

    const storeProducts = await this.store.readProducts(
      associations.map((association) => association.platformProductId),
    );
    return {
      outcomes: associations.map((association) =>
        planProduct(association, supplier.products.get(association.supplierProductId), storeProducts, this.priceRule),
      ),
    };
  }

  private async syncProducts(context: RunContext, associations: AssociationRecord[]): Promise<SyncSummary> {
    const planned = await this.readAndPlan(associations);
    if ("problem" in planned) return recordFailedRun(context, associations, planned.problem);
    if (!this.leaseHeld()) {
      // Another process took the shop over (this one stalled past its lease): it syncs; this one writes nothing.
      return recordFailedRun(context, associations, {
        code: "sync_lease_lost",
        message: "Another sync of this shop took over; the store was left as it is",
      });
    }
    const outcomes = planned.outcomes;
    const stockChanges = outcomes.flatMap((outcome) => outcome.stock);
    const priceChanges = outcomes.flatMap((outcome) => outcome.prices);
    const results = outcomes.map((outcome) => outcome.result);
    const byAssociation = new Map(results.map((result) => [result.association.id, result]));

    let stopped: Problem | null = null;
    try {
      await this.store.writeStock(context.runId, stockChanges, byAssociation);
      await this.store.writePrices(priceChanges, byAssociation);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      stopped = { code: error.code, message: error.message };
      this.log.warn({ code: error.code }, "stock sync stopped while writing");
    }
    if (stopped) {
      for (const result of results) if (!result.applied.length && !result.failure) result.failure = stopped;
    }
    return recordFinishedRun(context, results, stopped);
  }
}
