import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availableAt } from "../../sandbox/platform/inventory";
import { adminHost } from "../../sandbox/platform/admin";
import { adminAction, adminFetch, BROWSER_USER_AGENT, configureShop, installShop } from "../../sandbox/stack";
import { eventually, postJson, query, startE2eStack, type Stack } from "./helpers";

const SHOP = "tienda-inventario.myshopify.com";
const LOCATION = 71_001;
const LOCATION_ID = `gid://shopify/Location/${LOCATION}`;

interface SupplierProduct {
  id: string;
  name: string;
  variations: { id: string; price: number | null; stock: number | null }[];
}

interface SyncAnswer {
  success: boolean;
  sync?: { status: string; errorCode: string | null; message: string | null; changes: number };
  error?: { code: string; message: string };
}

/**
 * The stock sync through the built app (two web processes on one database) and the real simulators: the supplier's
 * stock and prices move on command, the platform keeps inventory per location and applies the app's mutations.
 */
describe("linked products follow the supplier's stock and prices", () => {
  let stack: Stack;
  let supplierProduct: SupplierProduct;
  let associationId: string;
  let variantIds: string[];

  const call = async <T = Record<string, unknown>>(path: string, fields?: Record<string, string>) => {
    const response = await adminFetch(
      stack,
      SHOP,
      path,
      fields ? { method: "POST", body: new URLSearchParams(fields) } : {},
    );
    const text = await response.text();
    try {
      return { status: response.status, body: JSON.parse(text) as T };
    } catch {
      throw new Error(`${path} answered HTTP ${response.status} without JSON: ${text.slice(0, 300)}`);
    }
  };
  const productsPage = async (fields: Record<string, string>) => {
    const { status, data } = await adminAction<SyncAnswer & Record<string, unknown>>(stack, SHOP, "/app/products", fields);
    return { status, body: data };
  };
  /** "Sincronizar ahora" for all; a sync still running (the one after a save) answers 409, so it is asked again. */
  const syncNow = () =>
    eventually(
      async () => {
        const answer = await productsPage({ intent: "sync" });
        return answer.status === 409 ? undefined : answer;
      },
      30_000,
      "a sync not refused as busy",
    );
  const supplierStock = async (variation: number, change: { stock?: number; price?: number }) => {
    const answer = await postJson(`${stack.supplierUrl}/sim/stock`, {
      productId: supplierProduct.id,
      variationId: supplierProduct.variations[variation].id,
      ...change,
    });
    expect(answer.status).toBe(200);
  };
  /** The page as the admin opens it in its iframe (a document request with the session token in the URL). */
  const openPage = async (pathname: string) => {
    const url = new URL(pathname, stack.appUrl);
    url.searchParams.set("embedded", "1");
    url.searchParams.set("shop", SHOP);
    url.searchParams.set("host", adminHost(SHOP));
    url.searchParams.set("id_token", stack.sessionToken(SHOP));
    url.searchParams.set("locale", "es");
    const response = await fetch(url, { headers: { "User-Agent": BROWSER_USER_AGENT } });
    return { status: response.status, text: await response.text() };
  };
  const shopState = () => stack.platform.shopState(SHOP);
  const variantNumber = (gid: string) => Number(gid.split("/").pop());
  const storeAvailable = () => variantIds.map((id) => availableAt(shopState(), variantNumber(id), LOCATION));
  const storeVariant = (index: number) =>
    shopState()
      .products.flatMap((product) => product.variants)
      .find((variant) => variant.id === variantNumber(variantIds[index]))!;

  beforeAll(async () => {
    stack = await startE2eStack({ webProcesses: 2 });
    // The merchant granted the optional inventory scopes (the platform's scopes flow) before the app was opened.
    const state = stack.platform.shopState(SHOP);
    state.scope = `${state.scope},read_inventory,write_inventory,read_locations`;
    await installShop(stack, SHOP);
    for (const step of await configureShop(stack, SHOP)) expect(step.status, step.step).toBe(200);

    const search = await call<{ products: SupplierProduct[] }>(
      `/api/supplier/products?keywords=${encodeURIComponent("camiseta deportiva")}&pageSize=100`,
    );
    supplierProduct = search.body.products.find((candidate) => candidate.variations.length >= 2)!;
    const platformProducts = (await call<{ products: { id: string; title: string }[] }>("/api/platform/products")).body
      .products;
    const shirt = platformProducts.find((product) => product.title === "Camiseta deportiva")!;
    const variants = (
      await call<{ variants: { id: string }[] }>(
        `/api/platform/product/variants?productId=${encodeURIComponent(shirt.id)}`,
      )
    ).body.variants;
    variantIds = variants.slice(0, 2).map((variant) => variant.id);
    const imported = await call<{ association: { id: string } }>("/api/products/import", {
      supplierProductId: supplierProduct.id,
      supplierProductData: JSON.stringify(supplierProduct),
      platformProductId: shirt.id,
      variantAssociations: JSON.stringify(
        variantIds.map((id, index) => ({
          supplierVariationId: supplierProduct.variations[index].id,
          platformVariantId: id,
        })),
      ),
    });
    expect(imported.status).toBe(200);
    associationId = imported.body.association.id;

    const settings = await productsPage({ intent: "stock-settings", enabled: "true", locationId: LOCATION_ID });
    expect(settings.status).toBe(200);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("sets 0 in the store when the supplier runs out, and the quantity again when it is back", async () => {
    await supplierStock(0, { stock: 0 });
    await supplierStock(1, { stock: 7 });
    const first = await syncNow();
    expect(first.status).toBe(200);
    expect(first.body.sync).toMatchObject({ status: "ok", errorCode: null });
    expect(storeAvailable()).toEqual([0, 7]);

    await supplierStock(0, { stock: 12 });
    expect((await syncNow()).body.sync).toMatchObject({ status: "ok", changes: 1 });
    expect(storeAvailable()).toEqual([12, 7]);

    const changes = await query<{ field: string; before: string; after: string }>(
      stack,
      `SELECT "field", "before", "after" FROM "StockSyncChange" WHERE "shop" = ? AND "platformVariantId" = ? ORDER BY "at"`,
      [SHOP, variantIds[0]],
    );
    expect(changes.filter((change) => change.field === "stock").slice(-2)).toEqual([
      expect.objectContaining({ after: "0" }),
      { field: "stock", before: "0", after: "12" },
    ]);
    const [product] = await query<{ status: string; supplierOutOfStock: unknown }>(
      stack,
      `SELECT "status", "supplierOutOfStock" FROM "StockSyncProduct" WHERE "associationId" = ?`,
      [associationId],
    );
    expect(product.status).toBe("ok");
    expect(Boolean(product.supplierOutOfStock)).toBe(false);
  });

  it("leaves a variant whose supplier stock is negative, absurd or null as it is, and says so on the page", async () => {
    await supplierStock(0, { stock: 12 });
    await supplierStock(1, { stock: 7 });
    expect((await syncNow()).body.sync).toMatchObject({ status: "ok" });
    const invalid = "el proveedor envió un stock que no es una cantidad de unidades";
    const unknown = "el proveedor no dijo cuántas unidades tiene de una variante";
    // Each answer for the first variation, while the second still moves: [its answer, its sync code, page reason].
    for (const [answer, units, code, reason] of [
      [-5, 3, "supplier_stock_invalid", invalid],
      [1e15, 4, "supplier_stock_invalid", invalid],
      [null, 5, "supplier_stock_unknown", unknown],
    ] as const) {
      const told = await postJson(`${stack.supplierUrl}/sim/stock`, {
        productId: supplierProduct.id,
        variationId: supplierProduct.variations[0].id,
        answerStock: answer,
      });
      expect(told.status).toBe(200);
      await supplierStock(1, { stock: units });

      const sync = (await syncNow()).body.sync;
      expect(sync, String(answer)).toMatchObject({ errorCode: code, changes: 1 });
      expect(storeAvailable(), String(answer)).toEqual([12, units]);
      const page = await openPage("/app/products");
      expect(page.status).toBe(200);
      expect(page.text, String(answer)).toContain(reason);
    }
    await supplierStock(0, { stock: 12 });
    expect((await syncNow()).body.sync).toMatchObject({ status: "ok", errorCode: null });
  });

  it("applies the price rule with its rounding only once its preview was confirmed, leaving compare-at alone", async () => {
    await supplierStock(0, { price: 31_234 });
    await supplierStock(1, { price: 20_000 });
    storeVariant(0).compareAtPrice = "99000.00";
    const pricesBefore = [storeVariant(0).price, storeVariant(1).price];

    // 1.8 x 31,234 = 56,221.2, up to the next price ending in 900; 1.8 x 20,000 = 36,000 -> 36,900.
    const saved = await productsPage({
      intent: "price-rule",
      priceRuleOn: "true",
      margin: "1,8",
      fixedAmount: "0",
      rounding: "ends_900",
      setCompareAt: "false",
    });
    expect(saved.status).toBe(200);
    const preview = saved.body.preview as { variantId: string; newPrice: string; compareAtAfter: string | null }[];
    expect(preview.map((row) => [row.variantId, row.newPrice, row.compareAtAfter])).toEqual([
      [variantIds[0], "56900.00", null],
      [variantIds[1], "36900.00", null],
    ]);

    // Saved but not confirmed: a sync leaves the prices as they are.
    expect((await syncNow()).status).toBe(200);
    expect([storeVariant(0).price, storeVariant(1).price]).toEqual(pricesBefore);

    const fingerprint = (saved.body.priceRule as { fingerprint: string }).fingerprint;
    expect((await productsPage({ intent: "price-confirm", fingerprint })).status).toBe(200);
    expect((await syncNow()).body.sync).toMatchObject({ status: "ok", changes: 2 });
    expect([storeVariant(0).price, storeVariant(1).price]).toEqual(["56900.00", "36900.00"]);
    expect(storeVariant(0).compareAtPrice).toBe("99000.00");
    expect(storeVariant(1).compareAtPrice ?? null).toBeNull();

    // The rule off again: later syncs leave prices alone.
    await productsPage({
      intent: "price-rule",
      priceRuleOn: "false",
      margin: "1",
      fixedAmount: "0",
      rounding: "none",
      setCompareAt: "false",
    });
  });

  for (const [what, failure] of [
    ["is down", { status: 503, count: 1_000 }],
    ["refuses the token", { status: 401, count: 1_000 }],
  ] as const) {
    it(`changes nothing in the store while the supplier ${what}, and says so`, async () => {
      const before = storeAvailable();
      const prices = [storeVariant(0).price, storeVariant(1).price];
      await supplierStock(0, { stock: 0 });
      await supplierStock(1, { stock: 0 });
      await postJson(`${stack.supplierUrl}/sim/mode`, { failure });
      try {
        const answer = await syncNow();
        expect(answer.status).toBe(200);
        expect(answer.body.sync).toMatchObject({ status: "failed", changes: 0 });
        expect(answer.body.sync!.errorCode).toMatch(/^supplier_/);
        expect(answer.body.sync!.message).toContain("the store was left as it is");
        expect(storeAvailable()).toEqual(before);
        expect([storeVariant(0).price, storeVariant(1).price]).toEqual(prices);

        // The linked products page says so on the product and on the last run, in the merchant's words.
        const page = await openPage("/app/products");
        expect(page.status).toBe(200);
        const reason = failure.status === 401 ? "el proveedor rechazó tu token" : "el proveedor no respondió";
        expect(page.text).toContain(`La última sincronización falló el`);
        expect(page.text.split(reason).length - 1).toBeGreaterThanOrEqual(2);
        const [product] = await query<{ status: string; errorMessage: string }>(
          stack,
          `SELECT "status", "errorMessage" FROM "StockSyncProduct" WHERE "associationId" = ?`,
          [associationId],
        );
        expect(product.status).toBe("failed");
        expect(product.errorMessage).toContain("the store was left as it is");
      } finally {
        await postJson(`${stack.supplierUrl}/sim/mode`, { failure: null });
      }
      // Once the supplier answers again, the store follows it.
      expect((await syncNow()).body.sync).toMatchObject({ status: "ok" });
      expect(storeAvailable()).toEqual([0, 0]);
    });
  }

  it("follows an edited mapping on the next sync", async () => {
    await supplierStock(0, { stock: 4 });
    await supplierStock(1, { stock: 9 });
    expect((await syncNow()).body.sync).toMatchObject({ status: "ok" });
    expect(storeAvailable()).toEqual([4, 9]);

    // The merchant swaps the two variants' supplier variations.
    const edited = await call("/api/products/association/variants", {
      associationId,
      variantAssociations: JSON.stringify([
        { supplierVariationId: supplierProduct.variations[1].id, platformVariantId: variantIds[0] },
        { supplierVariationId: supplierProduct.variations[0].id, platformVariantId: variantIds[1] },
      ]),
    });
    expect(edited.status).toBe(200);
    expect((await syncNow()).body.sync).toMatchObject({ status: "ok" });
    expect(storeAvailable()).toEqual([9, 4]);
  });

  it("never runs two syncs of one shop at once, across the two app processes", async () => {
    // A slow marketplace keeps each sync running for a while.
    await postJson(`${stack.supplierUrl}/sim/mode`, { delayMs: 1_500 });
    try {
      const answers = await Promise.all(Array.from({ length: 4 }, () => productsPage({ intent: "sync" })));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
      expect(statuses.filter((status) => status === 409).length).toBeGreaterThanOrEqual(1);
      for (const answer of answers.filter((candidate) => candidate.status === 409)) {
        expect(answer.body).toMatchObject({ success: false, code: "sync_busy" });
      }
    } finally {
      await postJson(`${stack.supplierUrl}/sim/mode`, { delayMs: 0 });
    }
    const runs = await query<{ startedAt: string | number; finishedAt: string | number }>(
      stack,
      `SELECT "startedAt", "finishedAt" FROM "StockSyncRun" WHERE "shop" = ? ORDER BY "startedAt"`,
      [SHOP],
    );
    const times = runs.map((run) => [new Date(run.startedAt).getTime(), new Date(run.finishedAt).getTime()]);
    expect(times.length).toBeGreaterThan(5);
    for (let index = 1; index < times.length; index++) {
      expect(times[index][0]).toBeGreaterThanOrEqual(times[index - 1][1]);
    }
    const leases = await query(stack, `SELECT * FROM "StockSyncLease" WHERE "shop" = ?`, [SHOP]);
    expect(leases).toEqual([]);
  });
});
