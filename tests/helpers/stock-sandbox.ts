import { http, HttpResponse, passthrough } from "msw";
import prisma from "~/db.server";
import { graphqlUrl } from "~/services/platform/graphql.server";
import { saveStockSyncSettings } from "~/services/stock/records.server";
import { execute } from "../../sandbox/platform/graphql";
import { availableAt } from "../../sandbox/platform/inventory";
import type { SimProduct } from "../../sandbox/platform/seed";
import { newShopState, type ShopState } from "../../sandbox/platform/state";
import { createSupplierSimulator, SANDBOX_SUPPLIER_TOKEN, type CatalogueProduct } from "../../sandbox/supplier/server";
import { SUPPLIER_PRODUCTS_URL } from "../mocks/supplier";
import { server } from "../mocks/server";
import { createConfiguration, createSession } from "./factories";

export const STOCK_SCOPES = "read_products,write_products,read_orders,read_inventory,write_inventory,read_locations";
export const MAIN_LOCATION = "gid://shopify/Location/71001";

/**
 * The stock sync's outside world on the real simulators: the platform simulator's GraphQL (inventory per location,
 * with a cost block) answering the shop's Admin API, and a listening supplier simulator behind the marketplace's
 * URL. `platform.refuseToken` answers HTTP 401, as for a revoked token.
 */
export async function stockSandbox(shop: string, options: { catalogueSize?: number; bucket?: number } = {}) {
  const state = newShopState(shop, STOCK_SCOPES);
  const platform = { calls: [] as string[], refuseToken: false, state };
  const bucket = { available: options.bucket ?? 2000, max: options.bucket ?? 2000 };
  server.use(
    http.post(graphqlUrl(shop), async ({ request }) => {
      if (platform.refuseToken) return new HttpResponse("Unauthorized", { status: 401 });
      const body = (await request.json()) as { query: string; variables?: Record<string, unknown> };
      platform.calls.push(/\b(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1] ?? "anonymous");
      const result = execute(state, body.query, body.variables ?? {});
      bucket.available = Math.max(0, bucket.available - result.cost);
      const extensions = {
        cost: {
          requestedQueryCost: result.cost,
          actualQueryCost: result.cost,
          throttleStatus: { maximumAvailable: bucket.max, currentlyAvailable: bucket.available, restoreRate: 100 },
        },
      };
      return HttpResponse.json(
        result.errors.length
          ? { data: result.data, errors: result.errors, extensions }
          : { data: result.data, extensions },
      );
    }),
  );
  const simulator = createSupplierSimulator({ size: options.catalogueSize ?? 60 });
  const listening = await simulator.listen(0);
  const target = `${listening.url}/integrations/products/index`;
  server.use(
    http.all(`${listening.url}/*`, () => passthrough()),
    http.post(SUPPLIER_PRODUCTS_URL, async ({ request }) => {
      const answer = await fetch(target, {
        method: "POST",
        headers: request.headers,
        body: await request.text(),
      });
      return new HttpResponse(await answer.text(), { status: answer.status, headers: answer.headers });
    }),
  );
  await createSession(shop, { scope: STOCK_SCOPES });
  await createConfiguration(shop, { supplierToken: SANDBOX_SUPPLIER_TOKEN, supplierCountry: "CO" });
  await saveStockSyncSettings(shop, { enabled: true, locationId: MAIN_LOCATION, locationName: "Bodega principal" });

  return {
    state,
    platform,
    bucket,
    supplier: simulator,
    supplierUrl: listening.url,
    close: () => listening.close(),
    /** Makes the next `count` supplier requests fail with `status`. */
    async supplierFails(status: number, count = 99) {
      await fetch(`${listening.url}/sim/mode`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ failure: { status, count } }),
      });
    },
    available(variantGid: string, location = MAIN_LOCATION) {
      return availableAt(state, Number(variantGid.split("/").pop()), Number(location.split("/").pop()));
    },
    /** Links a store product to a supplier product, pairing variants in order (the first `pairs` of them). */
    async link(storeProduct: SimProduct, supplierProduct: CatalogueProduct, pairs = storeProduct.variants.length) {
      const variationIds = supplierProduct.variations.length
        ? supplierProduct.variations.map((variation) => String(variation.id))
        : [String(supplierProduct.id)];
      const links = storeProduct.variants.slice(0, pairs).map((variant, index) => ({
        supplierVariationId: variationIds[index % variationIds.length],
        platformVariantId: `gid://shopify/ProductVariant/${variant.id}`,
        barcode: null,
      }));
      return prisma.productAssociation.create({
        data: {
          shop,
          supplierProductId: String(supplierProduct.id),
          platformProductId: `gid://shopify/Product/${storeProduct.id}`,
          supplierProductName: supplierProduct.name,
          platformProductTitle: storeProduct.title,
          variantAssociations: JSON.stringify(links),
          supplierVariations: JSON.stringify(variationIds.map((id) => ({ id, sku: `SKU-${id}`, attributes: [] }))),
        },
      });
    },
  };
}

export type StockSandbox = Awaited<ReturnType<typeof stockSandbox>>;
export type { ShopState };
