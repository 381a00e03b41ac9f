import { z } from "zod";
import { env } from "../../env.server";
import { readStockValue, sumStockReadings, type StockReading } from "./stock-count";

/*
 * The supplier marketplace's product shapes, read as the app uses them: the list endpoint's answer, and a product
 * or variation the admin sends back (ours or the marketplace's), both mapped to one shape.
 */

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
  /** Units, or null when the marketplace did not say or said something that is not a count. */
  stock: number | null;
  /** The marketplace's stock value when it is not a count (negative, fractional, text, absurd): docs/decisions/284. */
  invalidStock?: string;
  attributes: { name: string; value: string }[];
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
// Any value: one variation's stock the app does not understand is that variation's problem, never the page's.
const count = z.unknown().transform(readStockValue);

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
export const productIndexAnswer = z.union([
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
  // A SIMPLE product's stock is its own, else its warehouses' total (unknown if one warehouse does not say).
  const ownStock: StockReading =
    raw.stock.kind === "unknown" && raw.warehouse_product?.length
      ? sumStockReadings(raw.warehouse_product.map((warehouse) => warehouse.stock))
      : raw.stock;
  const variationStock = variations.some((variation) => variation.stock !== null)
    ? variations.reduce((total, variation) => total + (variation.stock ?? 0), 0)
    : null;
  const stock = countOf(ownStock) ?? variationStock;

  // A SIMPLE product is its own single variation: linking and barcodes then work the same way for both kinds.
  if (!variations.length && raw.sku) {
    variations = [{ id: raw.id, sku: raw.sku, price: ownPrice, ...stockFields(ownStock), attributes: [] }];
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
    ...stockFields(variation.stock),
    attributes,
  };
}

function countOf(reading: StockReading) {
  return reading.kind === "count" ? reading.units : null;
}

function stockFields(reading: StockReading): Pick<SupplierVariation, "stock" | "invalidStock"> {
  return reading.kind === "invalid" ? { stock: null, invalidStock: reading.raw } : { stock: countOf(reading) };
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
