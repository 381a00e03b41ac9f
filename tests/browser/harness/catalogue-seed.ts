import { inject } from "vitest";
import type { SupplierProduct } from "~/lib/api-types";
import { newShop, seedConfiguration } from "./database";
import { newShopFixture, withCatalogue } from "./seed";
import { catalogueProduct, seedPlatformShop } from "./simulator-seed";

/**
 * What the catalogue, link and linked-products tests need at the simulators (docs/decisions/133, 144): a shop whose
 * saved supplier token is an account of its own at the supplier simulator, holding the fixture's catalogue
 * (seed.ts `withCatalogue`) as favourites (the catalogue opens on favourites), and a platform shop holding the
 * fixture's store products, the running shirt with its Talla x Color variants.
 */
export interface CatalogueShop {
  shop: string;
  supplierToken: string;
  /** The fixture's supplier products, as the catalogue shows them. */
  products: SupplierProduct[];
  /** The marketplace's variation ids of a fixture product (they are numbers there: "v-s" has its own). */
  variationIds: (productId: string) => string[];
  /** The store products at the platform by title: their ids, and their variants' ids by title ("S / Negro"). */
  store: Map<string, { id: string; variants: Map<string, string> }>;
}

let accounts = 0;

async function post(url: string, body: unknown) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

export async function newCatalogueShop(
  label: string,
  options: { extra?: SupplierProduct[]; privateIds?: string[]; supplierToken?: string | null } = {},
): Promise<CatalogueShop> {
  const shop = await newShop(label);
  const fixture = withCatalogue(newShopFixture());
  const products = [...fixture.supplierProducts, ...(options.extra ?? [])];
  const supplierToken = `${label}-${process.pid}-${++accounts}-sup-token`;
  const privateIds = new Set(options.privateIds ?? []);
  await seedConfiguration(shop, {
    supplierStoreName: "Importadora Andina",
    supplierCountry: "CO",
    supplierToken: options.supplierToken === undefined ? supplierToken : options.supplierToken,
  });
  await post(`${inject("simulators").supplier}/sim/accounts`, {
    token: supplierToken,
    products: products.map((product) => ({
      ...catalogueProduct(product),
      favorite: !privateIds.has(product.id),
      privated_product: privateIds.has(product.id),
    })),
  });
  const platform = await seedPlatformShop(shop, {
    products: [
      {
        title: "Camiseta Running",
        description: "Camiseta liviana para correr, de la tienda.",
        price: 39_900,
        options: [
          { name: "Talla", values: ["S", "M", "L"] },
          { name: "Color", values: ["Negro", "Azul"] },
        ],
      },
      { title: "Lámpara de escritorio", price: 45_000 },
    ],
  });
  const store = new Map(
    (
      platform.products as unknown as {
        id: string;
        title: string;
        variants: { nodes: { id: string; title: string }[] };
      }[]
    ).map((product) => [
      product.title,
      { id: product.id, variants: new Map(product.variants.nodes.map((variant) => [variant.title, variant.id])) },
    ]),
  );
  return {
    shop,
    supplierToken,
    products,
    variationIds: (productId) => {
      const product = products.find((candidate) => candidate.id === productId);
      if (!product) throw new Error(`No fixture product ${productId}`);
      return catalogueProduct(product).variations.map((variation) => String(variation.id));
    },
    store,
  };
}

/** The shop's products as the admin's resource picker lists them: the platform simulator's store. */
export async function storePickerProducts(shop: string) {
  const url = new URL("/admin/resource-picker/products", inject("simulators").platform);
  url.searchParams.set("shop", shop);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The platform simulator's picker answered ${response.status}`);
  return ((await response.json()) as { products: unknown[] }).products;
}

/** The merchant deletes a store variant at the platform (while the app has the product open). */
export async function deleteStoreVariant(shop: string, variantId: string) {
  await post(`${inject("simulators").platform}/sim/products/variants/delete`, { shop, variantId });
}
