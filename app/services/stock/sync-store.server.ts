import {
  ANSWER_LOST,
  platformGraphql,
  realSleep,
  type AdminOperation,
  type OperationVariables,
  type QueryCost,
} from "../platform/graphql.server";
import { PlatformApiError } from "../platform/errors.server";
import {
  PRODUCTS_PER_READ,
  QUANTITIES_PER_WRITE,
  READ_COST,
  STOCK_PRODUCTS_QUERY,
  STOCK_SET_AVAILABLE_MUTATION,
  STOCK_SET_PRICES_MUTATION,
  WRITE_COST,
} from "./store-operations.server";
import { decideAgain } from "./stale-quantity";
import type { PriceChange, ProductOutcome, StockChange, StoreProduct } from "./sync-plan";

const REFERENCE_APP = "gid://cod-connector/StockSync";
/** Calls asked again after the client gave up on THROTTLED (each round is the client's own attempts). */
const THROTTLED_ROUNDS = 6;
/** Points per second the platform's standard bucket refills, until an answer says the shop's. */
const RESTORE_RATE = 50;
/** A write, and up to two more after reading again quantities a sale changed meanwhile (each read costs ~810). */
const WRITE_ROUNDS = 3;
/** Times a keyed write whose answer was lost is sent again with its key (the platform applies a key once). */
const LOST_ANSWER_RESENDS = 2;

/**
 * The stock sync's side of the Admin API: reads the linked products at the chosen location and writes quantities
 * and prices in bulk, each call paced by the cost bucket the last answer reported. Counts its calls and their cost.
 */
export class StoreSyncApi {
  calls = 0;
  cost = 0;
  private bucket: { available: number; restoreRate: number; at: number } | null = null;
  private readonly wait;

  constructor(
    private readonly shop: string,
    private readonly locationId: string,
    private readonly options: {
      /** Waits for the cost bucket to refill; tests pass one that records instead of sleeping. */
      sleep?: (ms: number) => Promise<void>;
    },
  ) {
    this.wait = options.sleep ?? realSleep;
  }

  /** Reads the store's linked products, a few per call, waiting for the cost bucket between calls. */
  async readProducts(productIds: string[]) {
    const products = new Map<string, StoreProduct>();
    const unique = [...new Set(productIds)];
    for (let start = 0; start < unique.length; start += PRODUCTS_PER_READ) {
      const ids = unique.slice(start, start + PRODUCTS_PER_READ);
      const data = await this.call(READ_COST, STOCK_PRODUCTS_QUERY, {
        ids,
        locationId: this.locationId,
      });
      data.nodes.forEach((node, index) => products.set(ids[index], node));
    }
    return products;
  }

  /**
   * Sets available quantities in calls of up to 250, each only if the store still holds what the sync read
   * (changeFromQuantity). A quantity the store changed meanwhile is read again and decided again, for a few rounds
   * at most; a quantity the store refuses is dropped and the rest sent again (docs/decisions/281).
   */
  async writeStock(runId: string, changes: StockChange[], results: Map<string, ProductOutcome>) {
    for (let start = 0; start < changes.length; start += QUANTITIES_PER_WRITE) {
      let batch = changes.slice(start, start + QUANTITIES_PER_WRITE);
      for (let round = 1; round <= WRITE_ROUNDS && batch.length; round++) {
        const data = await this.call(
          WRITE_COST,
          STOCK_SET_AVAILABLE_MUTATION,
          {
            // The same when this very request is sent again after its answer was lost, so the platform applies it
            // once; new for the next round, whose quantities differ.
            idempotencyKey: `${runId}:${start}:${round}`,
            input: {
              name: "available",
              reason: "correction",
              referenceDocumentUri: `${REFERENCE_APP}/${runId}`,
              quantities: batch.map((change) => ({
                inventoryItemId: change.variant.inventoryItem.id,
                locationId: this.locationId,
                quantity: change.after,
                changeFromQuantity: change.before,
              })),
            },
          },
          { keyed: true },
        );
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
          batch = [];
          break;
        }
        const stale = new Set<number>();
        const refused = new Set<number>();
        for (const error of errors) {
          // The error's field is ["input", "quantities", index, ...]; without an index the whole call was refused.
          const index = Number(error.field?.[2]);
          const indexes = Number.isInteger(index) && batch[index] ? [index] : batch.map((_, i) => i);
          for (const i of indexes) {
            if (error.code === "CHANGE_FROM_QUANTITY_STALE") {
              stale.add(i);
              continue;
            }
            refused.add(i);
            results.get(batch[i].association.id)!.problems.push({
              code: "inventory_refused",
              message: `The store refused the quantity of ${batch[i].variant.title}: ${error.message}`,
            });
          }
        }
        const kept = batch.filter((_, i) => !refused.has(i) && !stale.has(i));
        const again = batch.filter((_, i) => stale.has(i) && !refused.has(i));
        if (again.length && round === WRITE_ROUNDS) {
          for (const change of again) {
            results.get(change.association.id)!.problems.push({
              code: "stock_moved",
              message: `The store's quantity of ${change.variant.title} kept changing during the sync; it was left as it is`,
            });
          }
        }
        batch = [...kept, ...(again.length && round < WRITE_ROUNDS ? await this.decideAgain(again) : [])];
      }
    }
  }

  /** Reads the stale quantities again and decides each again; a quantity with nothing left to write is dropped. */
  private async decideAgain(stale: StockChange[]): Promise<StockChange[]> {
    const products = await this.readProducts(stale.map((change) => change.association.platformProductId));
    return stale.flatMap((change) => {
      const variant = products
        .get(change.association.platformProductId)
        ?.variants.nodes.find((candidate) => candidate.id === change.variant.id);
      const level = variant?.inventoryItem.inventoryLevel;
      const current = level?.quantities.find((quantity) => quantity.name === "available")?.quantity ?? null;
      const next = decideAgain(change, current);
      return next ? [next] : [];
    });
  }

  async writePrices(changes: PriceChange[], results: Map<string, ProductOutcome>) {
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

  /**
   * One Admin API call, after waiting until the bucket holds what it asks (cost-aware pacing). A call the platform
   * still answers THROTTLED once the client's own attempts are spent is asked again after the same wait, counted
   * from an empty bucket (docs/decisions/286): a throttled call ran nothing, and the rest of the sync waits too.
   * A keyed write whose answer was lost is sent again with the same idempotency key, which the platform answers
   * with the first result instead of applying it twice (docs/decisions/281, 292); an unkeyed one fails the sync.
   */
  private async call<Operation extends AdminOperation>(
    expectedCost: number,
    query: Operation,
    variables: OperationVariables<Operation>,
    { keyed = false }: { keyed?: boolean } = {},
  ) {
    let resends = 0;
    for (let round = 1; ; round++) {
      await this.waitForBucket(expectedCost);
      this.calls++;
      try {
        return await platformGraphql({ shop: this.shop }, query, variables, {
          sleep: this.options.sleep,
          onCost: (cost: QueryCost) => {
            this.cost += cost.actualQueryCost ?? cost.requestedQueryCost ?? 0;
            if (cost.currentlyAvailable !== null && cost.restoreRate !== null) {
              this.bucket = { available: cost.currentlyAvailable, restoreRate: cost.restoreRate, at: Date.now() };
            }
          },
        });
      } catch (error) {
        if (keyed && error instanceof PlatformApiError && error.codes.includes(ANSWER_LOST)) {
          if (++resends > LOST_ANSWER_RESENDS) throw error;
          continue;
        }
        const throttled = error instanceof PlatformApiError && error.codes.includes("THROTTLED");
        if (!throttled || round >= THROTTLED_ROUNDS) throw error;
        this.bucket = { available: 0, restoreRate: this.bucket?.restoreRate || RESTORE_RATE, at: Date.now() };
      }
    }
  }

  private async waitForBucket(expectedCost: number) {
    if (!this.bucket || this.bucket.restoreRate <= 0) return;
    const elapsed = (Date.now() - this.bucket.at) / 1000;
    const available = this.bucket.available + elapsed * this.bucket.restoreRate;
    if (available < expectedCost) {
      await this.wait(Math.ceil(((expectedCost - available) / this.bucket.restoreRate) * 1000));
    }
  }
}
