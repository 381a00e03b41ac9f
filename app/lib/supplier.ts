import type { SupplierProduct } from "./api-types";

/** The currency the supplier marketplace prices in, per supported country. */
export const SUPPLIER_CURRENCIES: Record<string, string> = {
  CO: "COP",
  EC: "USD",
  CL: "CLP",
  GT: "GTQ",
  MX: "MXN",
  PA: "USD",
  PE: "PEN",
  PY: "PYG",
};

export const MAX_IMAGES = 5;

/** The gallery's displayable addresses (the API resolves `urlS3` paths into `url` when it can). */
export function galleryUrls(product: Pick<SupplierProduct, "gallery">): string[] {
  const urls = product.gallery
    .map((image) => image.url ?? (image.urlS3 && /^https?:\/\//.test(image.urlS3) ? image.urlS3 : null))
    .filter((url): url is string => Boolean(url));
  return [...new Set(urls)];
}

/** The product's price: its own, or the lowest of its variations (variable products price only those). */
export function displayPrice(product: Pick<SupplierProduct, "price" | "variations">): number | null {
  if (product.price !== null && product.price !== undefined) return product.price;
  const prices = product.variations.map((v) => v.price).filter((p): p is number => typeof p === "number");
  return prices.length ? Math.min(...prices) : null;
}

/** The product's stock: its own, or the sum of its variations'. */
export function displayStock(product: Pick<SupplierProduct, "stock" | "variations">): number | null {
  if (product.stock !== null && product.stock !== undefined) return product.stock;
  const stocks = product.variations.map((v) => v.stock).filter((s): s is number => typeof s === "number");
  return stocks.length ? stocks.reduce((sum, stock) => sum + stock, 0) : null;
}

export const PAGE_SIZE = 24;

export type Filter = "favorites" | "private" | "all";

/** The spec's query: `favorite` applies when not searching and not private; both are ignored while searching. */
export function catalogueQuery(keywords: string, filter: Filter, page: number) {
  return {
    pageSize: PAGE_SIZE,
    startData: page * PAGE_SIZE,
    keywords: keywords || undefined,
    privated_product: filter === "private",
    favorite: filter === "favorites",
  };
}

const FILTERS: readonly Filter[] = ["favorites", "private", "all"];
const MAX_KEYWORDS = 200;
const MAX_PAGE = 10_000;

/** The catalogue's search as its URL states it; anything unreadable falls back to the first page of favourites. */
export function catalogueSearch(params: URLSearchParams): { q: string; filter: Filter; page: number } {
  const q = (params.get("q") ?? "").trim().slice(0, MAX_KEYWORDS);
  const filter = FILTERS.find((candidate) => candidate === params.get("filter")) ?? "favorites";
  const page = Number(params.get("page"));
  return { q, filter, page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1 };
}
