import prisma from "../../db.server";
import { AppError } from "../../lib/http.server";
import { logger } from "../../logger.server";
import { associationRecord, type AssociationRecord } from "../catalogue/associations.server";
import {
  platformGraphql,
  realSleep,
  type AdminOperation,
  type OperationVariables,
  type QueryCost,
} from "../platform/graphql.server";
import { getShopSettings } from "../shops/configuration.server";
import type { SupplierProduct } from "../supplier/products.server";
import { planPrice, priceRuleOf, rulePrice, type PriceRule } from "./price-rule";
import { getStockSyncSettings, releaseSyncLease, renewSyncLease, takeSyncLease } from "./records.server";
import {
  PRODUCTS_PER_READ,
  QUANTITIES_PER_WRITE,
  READ_COST,
  STOCK_PRODUCTS_QUERY,
  STOCK_SET_AVAILABLE_MUTATION,
  STOCK_SET_PRICES_MUTATION,
  WRITE_COST,
  type StockProductsData,
  type StoreVariantRead,
} from "./store-operations.server";
import { readSupplierStock } from "./supplier-stock.server";

export type SyncTrigger = "schedule" | "manual" | "link";

export interface SyncOptions {
  trigger: SyncTrigger;
  /** Only these linked products (their association ids); all of the shop's when absent. */
  associationIds?: string[];
  now?: () => Date;
  /** Waits for the cost bucket to refill; tests pass one that records instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
}

export interface SyncSummary {
  status: "ok" | "partial" | "failed" | "busy" | "not_configured";
  runId: string | null;
  products: number;
  changes: number;
  supplierCalls: number;
  platformCalls: number;
  platformCost: number;
  errorCode: string | null;
  message: string | null;
}

/** One thing that kept a product (or one of its variants) from following the supplier. */
interface Problem {
  code: string;
  message: string;
}

interface StockChange {
  association: AssociationRecord;
  variant: StoreVariantRead;
  before: number;
  after: number;
}

interface PriceChange {
  association: AssociationRecord;
  productId: string;
  variant: StoreVariantRead;
  before: string;
  after: string;
  compareAtAfter: string | null;
}

/** One mapped variant as the price rule would set it: what the preview shows before the rule is confirmed. */
export interface PricePreviewRow {
  associationId: string;
  productName: string;
  variantId: string;
  variantTitle: string;
  supplierPrice: string;
  currentPrice: string;
  newPrice: string;
  /** The compare-at price the rule sets, only when the merchant asked for it and the variant has one. */
  compareAtAfter: string | null;
  /** Whether the next sync writes this variant's price (false: it already is the rule's). */
  changes: boolean;
}

interface ProductOutcome {
  association: AssociationRecord;
  problems: Problem[];
  /** Set when nothing could be done for the product (its stock and prices were left as they are). */
  failure: Problem | null;
  outOfStock: boolean;
  unmapped: { id: string; title: string }[];
  applied: { field: "stock" | "price"; variant: StoreVariantRead; before: string; after: string }[];
}

const REFERENCE_APP = "gid://cod-connector/StockSync";

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
  const holder = await takeSyncLease(shop, now());
  if (!holder) {
    return { ...empty, status: "busy", errorCode: "sync_busy", message: "A sync of this shop is already running" };
  }
  try {
    // The rule is applied only once the merchant has seen and confirmed its preview (docs/decisions/234).
    const priceRule = settings.pricePreviewAt ? priceRuleOf(settings) : null;
    return await new ShopSync(shop, holder, settings.locationId, priceRule, options, now).run();
  } finally {
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
  const sync = new ShopSync(shop, "", settings.locationId, rule, { trigger: "manual", ...options }, () => new Date());
  return sync.previewPrices();
}

class ShopSync {
  private readonly log;
  private supplierCalls = 0;
  private platformCalls = 0;
  private platformCost = 0;
  private bucket: { available: number; restoreRate: number; at: number } | null = null;
  private readonly sleep;

  constructor(
    private readonly shop: string,
    private readonly holder: string,
    private readonly locationId: string,
    private readonly priceRule: PriceRule | null,
    private readonly options: SyncOptions,
    private readonly now: () => Date,
  ) {
    this.log = logger.child({ shop, component: "stock-sync", trigger: options.trigger });
    this.sleep = options.sleep ?? realSleep;
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
    try {
      return await this.syncProducts(run.id, associations);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return this.fail(run.id, associations, { code: error.code, message: error.message });
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
  ): Promise<{ problem: Problem } | { outcomes: ReturnType<ShopSync["plan"]>[] }> {
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

    const storeProducts = await this.readStore(associations.map((association) => association.platformProductId));
    return {
      outcomes: associations.map((association) =>
        this.plan(association, supplier.products.get(association.supplierProductId), storeProducts),
      ),
    };
  }

  private async syncProducts(runId: string, associations: AssociationRecord[]): Promise<SyncSummary> {
    const planned = await this.readAndPlan(associations);
    if ("problem" in planned) return this.fail(runId, associations, planned.problem);
    const outcomes = planned.outcomes;
    const stockChanges = outcomes.flatMap((outcome) => outcome.stock);
    const priceChanges = outcomes.flatMap((outcome) => outcome.prices);
    const results = outcomes.map((outcome) => outcome.result);
    const byAssociation = new Map(results.map((result) => [result.association.id, result]));

    let stopped: Problem | null = null;
    try {
      await this.writeStock(runId, stockChanges, byAssociation);
      await this.writePrices(priceChanges, byAssociation);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      stopped = { code: error.code, message: error.message };
      this.log.warn({ code: error.code }, "stock sync stopped while writing");
    }
    if (stopped) {
      for (const result of results) if (!result.applied.length && !result.failure) result.failure = stopped;
    }
    return this.finish(runId, results, stopped);
  }

  /** Reads the store's linked products, a few per call, waiting for the cost bucket between calls. */
  private async readStore(productIds: string[]) {
    const products = new Map<string, StockProductsData["nodes"][number]>();
    const unique = [...new Set(productIds)];
    for (let start = 0; start < unique.length; start += PRODUCTS_PER_READ) {
      const ids = unique.slice(start, start + PRODUCTS_PER_READ);
      const data = await this.call(READ_COST, STOCK_PRODUCTS_QUERY, {
        ids,
        locationId: this.locationId,
      });
      data.nodes.forEach((node, index) => products.set(ids[index], node));
      // Every 20 reads (a few seconds at most): well inside the lease, without a write per read.
      if (this.holder && (start / PRODUCTS_PER_READ) % 20 === 19)
        await renewSyncLease(this.shop, this.holder, this.now());
    }
    return products;
  }

  private plan(
    association: AssociationRecord,
    supplierProduct: SupplierProduct | undefined,
    storeProducts: Map<string, StockProductsData["nodes"][number]>,
  ) {
    const result: ProductOutcome = {
      association,
      problems: [],
      failure: null,
      outOfStock: false,
      unmapped: [],
      applied: [],
    };
    const stock: StockChange[] = [];
    const prices: PriceChange[] = [];
    const previews: PricePreviewRow[] = [];
    const storeProduct = storeProducts.get(association.platformProductId);
    if (!storeProduct) {
      result.failure = {
        code: "store_product_missing",
        message: "The store product no longer exists or cannot be read",
      };
      return { result, stock, prices, previews };
    }
    const mappedIds = new Set(association.variantAssociations.map((link) => link.platformVariantId));
    result.unmapped = storeProduct.variants.nodes
      .filter((variant) => !mappedIds.has(variant.id))
      .map((variant) => ({ id: variant.id, title: variant.title }));
    if (storeProduct.variants.pageInfo.hasNextPage) {
      result.problems.push({
        code: "too_many_variants",
        message: "Only the product's first 100 variants are synced",
      });
    }
    if (!association.variantAssociations.length) {
      result.failure = { code: "no_mapping", message: "No store variant is mapped to a supplier variation" };
      return { result, stock, prices, previews };
    }
    if (!supplierProduct) {
      result.failure = {
        code: "supplier_product_missing",
        message:
          "The supplier no longer lists this product for your account; the store's stock and prices were left as they are",
      };
      return { result, stock, prices, previews };
    }
    const variations = new Map(supplierProduct.variations.map((variation) => [variation.id, variation]));
    const storeVariants = new Map(storeProduct.variants.nodes.map((variant) => [variant.id, variant]));
    for (const link of association.variantAssociations) {
      const variant = storeVariants.get(link.platformVariantId);
      if (!variant) {
        if (!storeProduct.variants.pageInfo.hasNextPage) {
          result.problems.push({ code: "variant_missing", message: `Store variant ${link.platformVariantId} is gone` });
        }
        continue;
      }
      const variation = variations.get(link.supplierVariationId);
      if (!variation) {
        result.problems.push({
          code: "variation_missing",
          message: `The supplier no longer lists variation ${link.supplierVariationId} (${variant.title}); left as it is`,
        });
        continue;
      }
      if (variation.stock === 0) result.outOfStock = true;
      if (variation.stock !== null) {
        const level = variant.inventoryItem.inventoryLevel;
        if (!level) {
          result.problems.push({
            code: "not_stocked",
            message: `${variant.title} is not stocked at the chosen location`,
          });
        } else {
          const before = level.quantities.find((quantity) => quantity.name === "available")?.quantity ?? 0;
          const after = Math.max(0, variation.stock);
          if (before !== after) stock.push({ association, variant, before, after });
        }
      }
      if (this.priceRule && variation.price !== null) {
        const planned = planPrice(this.priceRule, variation.price, variant);
        if (planned) {
          prices.push({ association, productId: storeProduct.id, variant, ...planned });
        }
        previews.push({
          associationId: association.id,
          productName: association.supplierProductName,
          variantId: variant.id,
          variantTitle: variant.title,
          supplierPrice: variation.price.toFixed(2),
          currentPrice: planned?.before ?? Number(variant.price).toFixed(2),
          newPrice: planned?.after ?? rulePrice(this.priceRule, variation.price).toFixed(2),
          compareAtAfter: planned?.compareAtAfter ?? null,
          changes: planned !== null,
        });
      }
    }
    return { result, stock, prices, previews };
  }

  /** Sets available quantities in calls of up to 250; a refused quantity is dropped and the rest sent again once. */
  private async writeStock(runId: string, changes: StockChange[], results: Map<string, ProductOutcome>) {
    for (let start = 0; start < changes.length; start += QUANTITIES_PER_WRITE) {
      let batch = changes.slice(start, start + QUANTITIES_PER_WRITE);
      for (let attempt = 1; attempt <= 2 && batch.length; attempt++) {
        const data = await this.call(WRITE_COST, STOCK_SET_AVAILABLE_MUTATION, {
          input: {
            name: "available",
            reason: "correction",
            // The supplier's count is the truth to set, whatever sold meanwhile (docs/decisions/230).
            ignoreCompareQuantity: true,
            referenceDocumentUri: `${REFERENCE_APP}/${runId}`,
            quantities: batch.map((change) => ({
              inventoryItemId: change.variant.inventoryItem.id,
              locationId: this.locationId,
              quantity: change.after,
            })),
          },
        });
        const errors = data.inventorySetQuantities?.userErrors ?? [];
        if (!errors.length) {
          for (const change of batch) {
            results.get(change.association.id)!.applied.push({
              field: "stock",
              variant: change.variant,
              before: String(change.before),
              after: String(change.after),
            });
          }
          break;
        }
        const refused = new Set<number>();
        for (const error of errors) {
          // The error's field is ["input", "quantities", index, ...]; without an index the whole call was refused.
          const index = Number(error.field?.[2]);
          const indexes = Number.isInteger(index) && batch[index] ? [index] : batch.map((_, i) => i);
          for (const i of indexes) {
            refused.add(i);
            results.get(batch[i].association.id)!.problems.push({
              code: "inventory_refused",
              message: `The store refused the quantity of ${batch[i].variant.title}: ${error.message}`,
            });
          }
        }
        batch = batch.filter((_, index) => !refused.has(index));
      }
    }
  }

  private async writePrices(changes: PriceChange[], results: Map<string, ProductOutcome>) {
    const byProduct = new Map<string, PriceChange[]>();
    for (const change of changes) byProduct.set(change.productId, [...(byProduct.get(change.productId) ?? []), change]);
    for (const [productId, group] of byProduct) {
      const data = await this.call(WRITE_COST, STOCK_SET_PRICES_MUTATION, {
        productId,
        variants: group.map((change) => ({
          id: change.variant.id,
          price: change.after,
          ...(change.compareAtAfter === null ? {} : { compareAtPrice: change.compareAtAfter }),
        })),
      });
      const errors = data.productVariantsBulkUpdate?.userErrors ?? [];
      for (const change of group) {
        const result = results.get(change.association.id)!;
        if (errors.length) {
          result.problems.push({
            code: "price_refused",
            message: `The store refused the new prices: ${errors.map((error) => error.message).join("; ")}`,
          });
        } else {
          result.applied.push({ field: "price", variant: change.variant, before: change.before, after: change.after });
        }
      }
    }
  }

  /** One Admin API call, after waiting until the bucket holds what it asks (cost-aware pacing). */
  private async call<Operation extends AdminOperation>(
    expectedCost: number,
    query: Operation,
    variables: OperationVariables<Operation>,
  ) {
    if (this.bucket && this.bucket.restoreRate > 0) {
      const elapsed = (Date.now() - this.bucket.at) / 1000;
      const available = this.bucket.available + elapsed * this.bucket.restoreRate;
      if (available < expectedCost) {
        await this.sleep(Math.ceil(((expectedCost - available) / this.bucket.restoreRate) * 1000));
      }
    }
    this.platformCalls++;
    return platformGraphql({ shop: this.shop }, query, variables, {
      sleep: this.options.sleep,
      onCost: (cost: QueryCost) => {
        this.platformCost += cost.actualQueryCost ?? cost.requestedQueryCost ?? 0;
        if (cost.currentlyAvailable !== null && cost.restoreRate !== null) {
          this.bucket = { available: cost.currentlyAvailable, restoreRate: cost.restoreRate, at: Date.now() };
        }
      },
    });
  }

  private summary(runId: string, status: SyncSummary["status"], changes: number, problem: Problem | null) {
    return {
      status,
      runId,
      products: 0,
      changes,
      supplierCalls: this.supplierCalls,
      platformCalls: this.platformCalls,
      platformCost: this.platformCost,
      errorCode: problem?.code ?? null,
      message: problem?.message ?? null,
    } satisfies SyncSummary;
  }

  /** Nothing was changed: every product in the run says why, its last success and stock flag stay as they were. */
  private async fail(runId: string, associations: AssociationRecord[], problem: Problem): Promise<SyncSummary> {
    const at = this.now();
    // One transaction for all the products' rows: one commit instead of one per product.
    await prisma.$transaction(
      associations.map((association) =>
        prisma.stockSyncProduct.upsert({
          where: { associationId: association.id },
          create: {
            associationId: association.id,
            shop: this.shop,
            lastAttemptAt: at,
            status: "failed",
            errorCode: problem.code,
            errorMessage: problem.message,
          },
          update: { lastAttemptAt: at, status: "failed", errorCode: problem.code, errorMessage: problem.message },
        }),
      ),
    );
    await this.closeRun(runId, "failed", 0, problem);
    this.log.warn({ code: problem.code, products: associations.length }, "stock sync failed; store left as it is");
    return { ...this.summary(runId, "failed", 0, problem), products: associations.length };
  }

  private async finish(runId: string, results: ProductOutcome[], stopped: Problem | null): Promise<SyncSummary> {
    const at = this.now();
    const changes = results.flatMap((result) =>
      result.applied.map((change) => ({
        shop: this.shop,
        associationId: result.association.id,
        runId,
        platformVariantId: change.variant.id,
        variantTitle: change.variant.title,
        field: change.field,
        before: change.before,
        after: change.after,
        at,
      })),
    );
    const rows = results.map((result) => {
      const problem = result.failure ?? result.problems[0] ?? null;
      const status = result.failure ? "failed" : result.problems.length ? "partial" : "ok";
      const message = result.failure
        ? result.failure.message
        : result.problems.length
          ? result.problems.map((p) => p.message).join("; ")
          : null;
      const common = {
        lastAttemptAt: at,
        status,
        errorCode: problem?.code ?? null,
        errorMessage: message,
        unmappedVariants: JSON.stringify(result.unmapped),
      };
      const synced = status !== "failed";
      return prisma.stockSyncProduct.upsert({
        where: { associationId: result.association.id },
        create: {
          associationId: result.association.id,
          shop: this.shop,
          ...common,
          lastSuccessAt: synced ? at : null,
          supplierOutOfStock: result.outOfStock,
        },
        update: { ...common, ...(synced ? { lastSuccessAt: at, supplierOutOfStock: result.outOfStock } : {}) },
      });
    });
    // The changes and every product's outcome in one transaction: one commit, and never one without the other.
    await prisma.$transaction([
      ...(changes.length ? [prisma.stockSyncChange.createMany({ data: changes })] : []),
      ...rows,
    ]);
    const failed = results.filter((result) => result.failure || result.problems.length).length;
    const status: SyncSummary["status"] = stopped
      ? changes.length
        ? "partial"
        : "failed"
      : failed === 0
        ? "ok"
        : failed === results.length
          ? "failed"
          : "partial";
    const problem =
      stopped ?? results.find((r) => r.failure)?.failure ?? results.find((r) => r.problems.length)?.problems[0] ?? null;
    await this.closeRun(runId, status, changes.length, problem);
    this.log.info(
      {
        status,
        products: results.length,
        changes: changes.length,
        cost: this.platformCost,
        supplierCalls: this.supplierCalls,
      },
      "stock sync finished",
    );
    return { ...this.summary(runId, status, changes.length, problem), products: results.length };
  }

  private async closeRun(runId: string, status: string, changes: number, problem: Problem | null) {
    await prisma.stockSyncRun.update({
      where: { id: runId },
      data: {
        finishedAt: this.now(),
        status,
        changes,
        errorCode: problem?.code ?? null,
        errorMessage: problem?.message ?? null,
        supplierCalls: this.supplierCalls,
        platformCost: this.platformCost,
      },
    });
  }
}
