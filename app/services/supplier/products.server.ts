import { z } from "zod";
import { env } from "../../env.server";
import { logger } from "../../logger.server";
import { realSleep } from "../platform/graphql.server";

/** A supplier marketplace product as the app shows it (the spec's shape plus price, stock and attributes). */
export interface SupplierProduct {
  id: string;
  name: string;
  title: string;
  description: string;
  price: number | null;
  stock: number | null;
  gallery: { urlS3: string; url: string }[];
  variations: SupplierVariation[];
}

export interface SupplierVariation {
  id: string;
  sku: string;
  price: number | null;
  stock: number | null;
  attributes: { name: string; value: string }[];
}

export type SupplierUpstreamError = {
  code: "unavailable" | "rate_limited" | "rejected";
  message: string;
};

export interface SupplierProductPage {
  products: SupplierProduct[];
  total: number;
  /** Null when the marketplace answered; otherwise why the list is empty (docs/decisions/020). */
  upstreamError: SupplierUpstreamError | null;
}

export interface SupplierProductQuery {
  pageSize: number;
  startData: number;
  keywords?: string;
  privatedProduct: boolean;
  favorite: boolean;
}

export interface SupplierRequestOptions {
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
}

const TIMEOUT_MS = 15_000;
const MAX_ATTEMPTS = 2;
const RETRY_DELAY_MS = 500;
const RATE_LIMIT_MESSAGE = /too many attempts/i;

export function supplierProductsUrl() {
  return `${env().SUPPLIER_API_URL}/integrations/products/index`;
}

/**
 * The request body: the spec's defaults, then either the search (keywords + hasSearch, no filters)
 * or one browsing filter (`privated_product: true` or `favorite`), never both.
 */
export function supplierRequestBody(query: SupplierProductQuery): Record<string, unknown> {
  const body: Record<string, unknown> = {
    pageSize: query.pageSize,
    startData: query.startData,
    keywords: "",
    userVerified: false,
    order_by: "created_at",
    order_type: "desc",
    with_collection: true,
    get_stock: true,
    no_count: false,
  };
  const keywords = query.keywords?.trim();
  if (keywords) return { ...body, keywords, hasSearch: true };
  if (query.privatedProduct) return { ...body, privated_product: true };
  return { ...body, favorite: query.favorite };
}

/**
 * Lists one page of the marketplace's products. The spec wants an empty list when the marketplace
 * fails; the cause travels in `upstreamError` so the page can tell "no products" from "no answer".
 */
export async function listSupplierProducts(
  token: string,
  query: SupplierProductQuery,
  options: SupplierRequestOptions = {},
): Promise<SupplierProductPage> {
  const sleep = options.sleep ?? realSleep;
  const log = logger.child({ system: "supplier", search: Boolean(query.keywords?.trim()) });
  const origin = env().SUPPLIER_ORIGIN;
  const empty = (upstreamError: SupplierUpstreamError): SupplierProductPage => ({
    products: [],
    total: 0,
    upstreamError,
  });

  for (let attempt = 1; ; attempt++) {
    const last = attempt >= MAX_ATTEMPTS;
    let response: Response;
    try {
      response = await fetch(supplierProductsUrl(), {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          "supplier-integration-key": token,
          Origin: origin,
          Referer: origin,
        },
        body: JSON.stringify(supplierRequestBody(query)),
        // A redirect would carry the secret header to wherever it points.
        redirect: "manual",
        signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
      });
    } catch (error) {
      log.warn({ attempt, err: error instanceof Error ? error.message : String(error) }, "supplier unreachable");
      if (last) return empty({ code: "unavailable", message: "The supplier marketplace did not answer" });
      await sleep(RETRY_DELAY_MS);
      continue;
    }

    const text = await response.text().catch(() => "");
    const json = parseJson(text);
    // A JSON answer speaks through its `message`; its products' own text must not read as a refusal.
    const upstreamMessage = json === undefined ? text.slice(0, 200) : (messageOf(json) ?? "");

    // Retrying a rate-limited request only spends the account's allowance faster: report it at once.
    if (response.status === 429 || RATE_LIMIT_MESSAGE.test(upstreamMessage)) {
      log.warn({ status: response.status }, "supplier marketplace rate limited the account");
      return empty({
        code: "rate_limited",
        message: "The supplier marketplace is limiting requests for this account; wait a minute and try again",
      });
    }
    if (response.status >= 500) {
      log.warn({ attempt, status: response.status }, "supplier marketplace failed");
      if (last) {
        return empty({ code: "unavailable", message: `The supplier marketplace failed (HTTP ${response.status})` });
      }
      await sleep(RETRY_DELAY_MS);
      continue;
    }
    if (response.status === 401 || response.status === 403) {
      log.warn({ status: response.status }, "supplier marketplace refused the token");
      return empty({
        code: "rejected",
        message: "The supplier marketplace refused the supplier token; save a valid token in the integration settings",
      });
    }

    const parsed = productIndexAnswer.safeParse(json);
    if (!response.ok || !parsed.success) {
      log.warn(
        { status: response.status, issues: parsed.success ? undefined : parsed.error.issues.slice(0, 3) },
        "supplier marketplace answer not usable",
      );
      return empty({
        code: response.ok ? "unavailable" : "rejected",
        message: response.ok
          ? "The supplier marketplace answered in an unexpected format"
          : `The supplier marketplace refused the request (HTTP ${response.status})`,
      });
    }
    const page = parsed.data;
    if (page.isSuccess === false) {
      log.warn({ upstreamStatus: page.status }, "supplier marketplace reported a failure");
      return empty({
        code: "rejected",
        message: `The supplier marketplace refused the request${page.message ? `: ${page.message}` : ""}`,
      });
    }
    const products = page.objects.map(mapSupplierProduct);
    return { products, total: page.count ?? products.length, upstreamError: null };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function messageOf(json: unknown): string | undefined {
  if (json && typeof json === "object" && "message" in json && typeof json.message === "string") return json.message;
  return undefined;
}

// Shapes the marketplace answers with (../shared/reference/supplier-products-index.json).
const id = z.union([z.number(), z.string()]).transform(String);
const decimal = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value) => {
    if (value === null || value === undefined || value === "") return null;
    const number = typeof value === "number" ? value : Number(value);
    return Number.isFinite(number) ? number : null;
  });
const count = z.number().int().nullish();

const rawImage = z
  .object({
    url: z.string().nullish(),
    urlS3: z.string().nullish(),
    main: z.boolean().nullish(),
    position: z.number().nullish(),
  })
  .passthrough();

const rawVariation = z
  .object({
    id,
    sku: z.string().nullish(),
    price: decimal,
    sale_price: decimal,
    stock: count,
    attribute_values: z
      .array(z.object({ attribute_name: z.string().nullish(), value: z.union([z.string(), z.number()]).nullish() }))
      .nullish(),
    // Our own shape, when the admin sends back a product it received from the list endpoint.
    attributes: z.array(z.object({ name: z.string(), value: z.string() })).nullish(),
  })
  .passthrough();

const rawProduct = z
  .object({
    id,
    name: z.string().nullish(),
    title: z.string().nullish(),
    description: z.string().nullish(),
    type: z.string().nullish(),
    sku: z.string().nullish(),
    price: decimal,
    sale_price: decimal,
    stock: count,
    images: z.array(rawImage).nullish(),
    gallery: z.array(rawImage).nullish(),
    variants: z.array(rawVariation).nullish(),
    variations: z.array(rawVariation).nullish(),
    warehouse_product: z.array(z.object({ stock: count }).passthrough()).nullish(),
  })
  .passthrough();

type RawProduct = z.infer<typeof rawProduct>;

const page = z.object({
  isSuccess: z.boolean().optional(),
  status: z.number().optional(),
  message: z.string().nullish(),
  objects: z.array(rawProduct).default([]),
  count: z.number().int().nullish(),
});

/** The spec's `[{ objects, count }]` or the deployed `{ isSuccess, status, message, objects, count }`. */
const productIndexAnswer = z.union([
  z
    .array(page)
    .min(1)
    .transform((pages) => pages[0]),
  page,
]);

/** A supplier product sent back by the admin (our shape or the marketplace's), mapped to ours. */
export const supplierProductInput = rawProduct.transform(mapSupplierProduct);

/** A supplier variation sent back by the admin (our shape or the marketplace's), mapped to ours. */
export const supplierVariationInput = rawVariation.transform(mapVariation);

export function mapSupplierProduct(raw: RawProduct): SupplierProduct {
  const name = raw.name ?? raw.title ?? "";
  const rawVariations = raw.variations?.length ? raw.variations : (raw.variants ?? []);
  let variations = rawVariations.map(mapVariation);

  const ownPrice = raw.sale_price ?? raw.price;
  const variationPrices = variations.map((variation) => variation.price).filter((price) => price !== null);
  const warehouseStock = raw.warehouse_product?.length
    ? raw.warehouse_product.reduce((total, warehouse) => total + (warehouse.stock ?? 0), 0)
    : null;
  const variationStock = variations.some((variation) => variation.stock !== null)
    ? variations.reduce((total, variation) => total + (variation.stock ?? 0), 0)
    : null;
  const stock = raw.stock ?? warehouseStock ?? variationStock;

  // A SIMPLE product is its own single variation: linking and barcodes then work the same way for both kinds.
  if (!variations.length && raw.sku) {
    variations = [{ id: raw.id, sku: raw.sku, price: ownPrice, stock, attributes: [] }];
  }

  return {
    id: raw.id,
    name,
    title: raw.title ?? name,
    description: raw.description ?? "",
    // VARIABLE products are priced on their variations only: show the lowest.
    price: ownPrice ?? (variationPrices.length ? Math.min(...variationPrices) : null),
    stock,
    gallery: mapGallery(raw.gallery?.length ? raw.gallery : (raw.images ?? [])),
    variations,
  };
}

function mapVariation(variation: z.infer<typeof rawVariation>): SupplierVariation {
  const attributes = variation.attribute_values?.length
    ? variation.attribute_values
        .filter((attribute) => attribute.attribute_name && attribute.value != null)
        .map((attribute) => ({ name: String(attribute.attribute_name), value: String(attribute.value) }))
    : (variation.attributes ?? []);
  return {
    id: variation.id,
    sku: variation.sku ?? "",
    price: variation.sale_price ?? variation.price,
    stock: variation.stock ?? null,
    attributes,
  };
}

function mapGallery(images: z.infer<typeof rawImage>[]) {
  const base = env().SUPPLIER_IMAGE_BASE_URL;
  return [...images]
    .sort((a, b) => Number(Boolean(b.main)) - Number(Boolean(a.main)) || (a.position ?? 0) - (b.position ?? 0))
    .flatMap((image) => {
      const url = image.url || (image.urlS3 ? `${base}/${image.urlS3.replace(/^\/+/, "")}` : null);
      return url ? [{ urlS3: image.urlS3 || url, url }] : [];
    });
}
