import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { graphqlUrl } from "~/services/platform/graphql.server";
import { takeSyncLease } from "~/services/stock/records.server";
import { syncShopStock } from "~/services/stock/sync.server";
import { applyStockCommand } from "../../../sandbox/supplier/market";
import { shopDomain } from "../../helpers/factories";
import { stockSandbox, type StockSandbox } from "../../helpers/stock-sandbox";
import { server } from "../../mocks/server";

// How long a sync holds its shop (docs/decisions/285) and how it waits out THROTTLED answers (docs/decisions/286).

let sandbox: StockSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** A linked product with two mapped variants, its supplier stock set to `units`. */
async function linkedProduct(shop: string, units: number) {
  sandbox = await stockSandbox(shop);
  const storeProduct = sandbox.state.products.find((product) => product.variants.length >= 2)!;
  const supplierProduct = sandbox.supplier.catalogue.find(
    (product) => product.variations.length >= 2 && !product.privated_product,
  )!;
  await sandbox.link(storeProduct, supplierProduct, 2);
  applyStockCommand(sandbox.supplier.catalogue, { productId: supplierProduct.id, stock: units });
  const variantGids = storeProduct.variants.slice(0, 2).map((variant) => `gid://shopify/ProductVariant/${variant.id}`);
  return { sandbox, variantGids, available: () => variantGids.map((gid) => sandbox!.available(gid)) };
}

async function slowSupplier(sandbox: StockSandbox, delayMs: number) {
  await fetch(`${sandbox.supplierUrl}/sim/mode`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ delayMs }),
  });
}

/** Answers THROTTLED (as the platform does, bucket empty) to the first `count` requests that `matches` picks. */
function throttle(shop: string, count: number, matches: (query: string) => boolean = () => true) {
  const seen = { throttled: 0 };
  server.use(
    http.post(graphqlUrl(shop), async ({ request }) => {
      const { query } = (await request.clone().json()) as { query: string };
      if (!matches(query) || seen.throttled >= count) return undefined;
      seen.throttled++;
      return HttpResponse.json({
        errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }],
        extensions: {
          cost: {
            requestedQueryCost: 810,
            actualQueryCost: null,
            throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 0, restoreRate: 100 },
          },
        },
      });
    }),
  );
  return seen;
}

describe("the shop's sync lease", () => {
  it("frees the shop within half a minute when the process syncing it died mid-run", async () => {
    const shop = shopDomain();
    const { available } = await linkedProduct(shop, 6);
    const crashedAt = new Date();
    // The dead process's lease: taken, never released.
    expect(await takeSyncLease(shop, crashedAt)).not.toBeNull();
    const at = (ms: number) => () => new Date(crashedAt.getTime() + ms);

    expect(await syncShopStock(shop, { trigger: "manual", now: at(20_000) })).toMatchObject({ status: "busy" });
    expect(await syncShopStock(shop, { trigger: "manual", now: at(31_000) })).toMatchObject({ status: "ok" });
    expect(available()).toEqual([6, 6]);
  });

  it("keeps the shop while a sync runs longer than its lease, renewing it", async () => {
    const shop = shopDomain();
    const { sandbox, available } = await linkedProduct(shop, 8);
    await slowSupplier(sandbox, 1_500);
    const lease = { ms: 500, renewEveryMs: 100 };

    const long = syncShopStock(shop, { trigger: "schedule", lease });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // Twice the lease's time later, the running sync still holds the shop.
    const other = await syncShopStock(shop, { trigger: "manual", lease });

    expect(other).toMatchObject({ status: "busy", errorCode: "sync_busy" });
    expect(await long).toMatchObject({ status: "ok" });
    expect(available()).toEqual([8, 8]);
    expect(await prisma.stockSyncRun.count({ where: { shop } })).toBe(1);
    expect(await prisma.stockSyncLease.count({ where: { shop } })).toBe(0);
  });

  it("writes nothing once another process took the shop over", async () => {
    const shop = shopDomain();
    const { sandbox, available } = await linkedProduct(shop, 0);
    const before = available();
    await slowSupplier(sandbox, 600);

    const stalled = syncShopStock(shop, { trigger: "schedule", lease: { ms: 60_000, renewEveryMs: 50 } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await prisma.stockSyncLease.updateMany({ where: { shop }, data: { holder: "another-process" } });

    expect(await stalled).toMatchObject({ status: "failed", errorCode: "sync_lease_lost", changes: 0 });
    expect(available()).toEqual(before);
    // The lease is the other process's to release.
    expect(await prisma.stockSyncLease.findUnique({ where: { shop } })).toMatchObject({ holder: "another-process" });
  });
});

describe("a THROTTLED answer during a sync", () => {
  it("waits for the bucket and reads again, well past the client's own attempts", async () => {
    const shop = shopDomain();
    const { available } = await linkedProduct(shop, 5);
    const seen = throttle(shop, 12, (query) => query.includes("StockProducts"));
    const waits: number[] = [];

    const result = await syncShopStock(shop, { trigger: "manual", sleep: async (ms) => void waits.push(ms) });

    expect(result).toMatchObject({ status: "ok", errorCode: null });
    expect(seen.throttled).toBe(12);
    expect(available()).toEqual([5, 5]);
    // The client waits out four answers of each five (810 points at 100 a second); then the sync waits for a read's
    // 810 points from an empty bucket at the platform's standard 50 a second, twice, before the read goes through.
    expect(waits.filter((ms) => ms === 8_200)).toHaveLength(10);
    const syncWaits = waits.filter((ms) => ms !== 8_200);
    expect(syncWaits).toHaveLength(2);
    for (const ms of syncWaits) expect(ms).toBeGreaterThan(16_000);
  });

  it("sets the quantities once after the write was throttled", async () => {
    const shop = shopDomain();
    const { sandbox, available } = await linkedProduct(shop, 9);
    const seen = throttle(shop, 7, (query) => query.includes("inventorySetQuantities"));

    const result = await syncShopStock(shop, { trigger: "manual", sleep: async () => undefined });

    expect(result).toMatchObject({ status: "ok", changes: 2 });
    expect(seen.throttled).toBe(7);
    expect(available()).toEqual([9, 9]);
    expect(sandbox.platform.calls.filter((name) => name === "StockSetAvailable")).toEqual(["StockSetAvailable"]);
  });

  it("gives up, leaving the store as it is, when the platform never stops throttling", async () => {
    const shop = shopDomain();
    const { available } = await linkedProduct(shop, 0);
    const before = available();
    const seen = throttle(shop, Number.POSITIVE_INFINITY);

    const result = await syncShopStock(shop, { trigger: "manual", sleep: async () => undefined });

    expect(result).toMatchObject({ status: "failed", errorCode: "THROTTLED", changes: 0 });
    expect(available()).toEqual(before);
    // Six rounds of the client's five attempts, then the sync stops asking.
    expect(seen.throttled).toBe(30);
  });
});
