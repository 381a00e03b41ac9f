import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { graphqlUrl } from "~/services/platform/graphql.server";
import { syncShopStock } from "~/services/stock/sync.server";
import { execute } from "../../../sandbox/platform/graphql";
import { inventoryOf } from "../../../sandbox/platform/inventory";
import { applyStockCommand } from "../../../sandbox/supplier/market";
import { shopDomain } from "../../helpers/factories";
import { server } from "../../mocks/server";
import { MAIN_LOCATION, stockSandbox, type StockSandbox } from "../../helpers/stock-sandbox";

const noSleep = async () => undefined;
const MAIN = Number(MAIN_LOCATION.split("/").pop());

let sandbox: StockSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** One linked variant whose supplier count moves to 20, so the sync has a quantity to write (the store holds 5). */
async function linkedVariant(shop: string) {
  sandbox = await stockSandbox(shop);
  const storeProduct = sandbox.state.products.find((product) => product.variants.length >= 4)!;
  const supplierProduct = sandbox.supplier.catalogue.find(
    (product) => product.variations.length >= 4 && !product.privated_product,
  )!;
  const association = await sandbox.link(storeProduct, supplierProduct, 1);
  applyStockCommand(sandbox.supplier.catalogue, {
    productId: supplierProduct.id,
    variationId: supplierProduct.variations[0].id,
    stock: 20,
  });
  const variant = storeProduct.variants[0];
  const variantGid = `gid://shopify/ProductVariant/${variant.id}`;
  const level = () => {
    sandbox!.available(variantGid);
    return inventoryOf(sandbox!.state).levels.get(variant.id)!;
  };
  level().set(MAIN, 5);
  /** A sale in the store: the available quantity at the sync's location goes down by `units`. */
  const sell = (units: number) => level().set(MAIN, level().get(MAIN)! - units);
  return { sandbox, association, variantGid, sell, state: sandbox.state };
}

/** Runs `before` just before the platform executes each of the sync's quantity writes. */
function beforeEachWrite(shop: string, before: (write: number) => void) {
  let writes = 0;
  server.use(
    http.post(graphqlUrl(shop), async ({ request }) => {
      const body = (await request.clone().json()) as { query: string };
      if (/mutation StockSetAvailable\b/.test(body.query)) before(++writes);
      return undefined;
    }),
  );
  return () => writes;
}

describe("the stock sync's compare-and-swap against a sale made between its read and its write", () => {
  it("keeps the sale: the write is refused as stale, read again, and the supplier's count set less what sold", async () => {
    const shop = shopDomain();
    const { sandbox, association, variantGid, sell } = await linkedVariant(shop);
    const read = sandbox.available(variantGid)!;
    expect(read).toBe(5);
    const writes = beforeEachWrite(shop, (write) => {
      if (write === 1) sell(2);
    });

    const outcome = await syncShopStock(shop, { trigger: "manual", sleep: noSleep });

    expect(outcome).toMatchObject({ status: "ok", changes: 1 });
    // Two units sold while the sync ran: the store ends at the supplier's 20 less those two, not at 20.
    expect(sandbox.available(variantGid)).toBe(18);
    expect(writes()).toBe(2);
    expect(sandbox.platform.calls).toEqual([
      "StockProducts",
      "StockSetAvailable",
      "StockProducts",
      "StockSetAvailable",
    ]);
    const history = await prisma.stockSyncChange.findMany({
      where: { associationId: association.id, platformVariantId: variantGid },
    });
    expect(history.map((change) => [change.field, change.before, change.after])).toEqual([
      ["stock", String(read - 2), "18"],
    ]);
  });

  it("leaves the quantity as the store has it, and says so, when sales keep coming through every round", async () => {
    const shop = shopDomain();
    const { sandbox, association, variantGid, sell } = await linkedVariant(shop);
    const read = sandbox.available(variantGid)!;
    beforeEachWrite(shop, () => sell(1));

    const outcome = await syncShopStock(shop, { trigger: "manual", sleep: noSleep });

    expect(outcome).toMatchObject({ status: "failed", changes: 0 });
    expect(sandbox.available(variantGid)).toBe(read - 3);
    expect(sandbox.platform.calls.filter((name) => name === "StockSetAvailable")).toHaveLength(3);
    const row = await prisma.stockSyncProduct.findUniqueOrThrow({ where: { associationId: association.id } });
    expect(row).toMatchObject({ status: "partial", errorCode: "stock_moved" });
  });

  it("applies a write once when its answer is lost and the sync sends it again with its key, keeping a sale made meanwhile", async () => {
    const shop = shopDomain();
    const { sandbox, variantGid, sell, state } = await linkedVariant(shop);
    let lost = false;
    server.use(
      http.post(graphqlUrl(shop), async ({ request }) => {
        const body = (await request.clone().json()) as { query: string; variables: Record<string, unknown> };
        if (lost || !/mutation StockSetAvailable\b/.test(body.query)) return undefined;
        lost = true;
        // The platform applies the write, then the answer never arrives; a sale lands before the retry.
        execute(state, body.query, body.variables);
        sell(1);
        return new HttpResponse("upstream timeout", { status: 503 });
      }),
    );

    const outcome = await syncShopStock(shop, { trigger: "manual", sleep: noSleep });

    expect(outcome).toMatchObject({ status: "ok", changes: 1 });
    // Set to 20 once, then one sold: the repeat with the same key answered the first result, applied nothing.
    expect(sandbox.available(variantGid)).toBe(19);
  });
});
