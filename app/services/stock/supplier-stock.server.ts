import type { SupplierProduct } from "../supplier/product-shapes.server";
import {
  listSupplierProducts,
  type SupplierRequestOptions,
  type SupplierUpstreamError,
} from "../supplier/products.server";

/** The marketplace's largest page (the spec's limit for the list endpoint). */
export const SUPPLIER_PAGE_SIZE = 100;
/** Pages read per listing at most: 10,000 products, public and private each. */
export const MAX_SUPPLIER_PAGES = 100;

export interface SupplierStock {
  /** The linked products found, by supplier product id. */
  products: Map<string, SupplierProduct>;
  calls: number;
  /** Why the marketplace's answer cannot be trusted; nothing is to be changed on the store then. */
  upstreamError: SupplierUpstreamError | null;
}

/**
 * Reads the linked products' stock and prices from the marketplace's list endpoint (it has no lookup by id):
 * all public products page by page, then the private ones, stopping once every linked product was seen.
 * Any failed page fails the whole read: a partial catalogue would read as products gone.
 */
export async function readSupplierStock(
  token: string,
  wanted: ReadonlySet<string>,
  options: SupplierRequestOptions = {},
): Promise<SupplierStock> {
  const products = new Map<string, SupplierProduct>();
  let calls = 0;
  for (const privatedProduct of [false, true]) {
    for (let page = 0; page < MAX_SUPPLIER_PAGES && products.size < wanted.size; page++) {
      calls++;
      const answer = await listSupplierProducts(
        token,
        { pageSize: SUPPLIER_PAGE_SIZE, startData: page * SUPPLIER_PAGE_SIZE, privatedProduct, favorite: false },
        options,
      );
      if (answer.upstreamError) return { products, calls, upstreamError: answer.upstreamError };
      for (const product of answer.products) if (wanted.has(product.id)) products.set(product.id, product);
      const seen = page * SUPPLIER_PAGE_SIZE + answer.products.length;
      if (answer.products.length < SUPPLIER_PAGE_SIZE || seen >= answer.total) break;
    }
    if (products.size >= wanted.size) break;
  }
  return { products, calls, upstreamError: null };
}
