import { inject } from "vitest";
import type { CatalogueProduct } from "../../../sandbox/supplier/server";
import type { AutomationFlow, SupplierProduct } from "~/lib/api-types";
import { FIXTURE_FLOWS } from "./seed";

/**
 * Seeding the outside systems' simulators per test (docs/decisions/133): each test shop has its own automation
 * account (API key and flows), supplier account (token and catalogue) and platform shop (products and orders), so
 * tests stay apart the way their database rows do. The simulators run in the test runner's process
 * (simulators.ts); tests reach them over their `/sim` endpoints.
 */
export function simulatorUrls() {
  return inject("simulators");
}

async function call<T>(url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** An automation account: `apiKey` is accepted and lists `flows` (the fixture's three by default). */
export async function seedAutomationAccount(apiKey: string, flows: readonly AutomationFlow[] = FIXTURE_FLOWS) {
  await call(`${simulatorUrls().automation}/sim/accounts`, { apiKey, flows });
}

export interface RecordedTrigger {
  flowId: string;
  apiKey: string;
  payload: Record<string, unknown>;
  receivedAt: string;
}

/** What the automation platform received with this key (flow triggers). */
export async function automationTriggers(apiKey: string) {
  const url = new URL("/sim/triggers", simulatorUrls().automation);
  url.searchParams.set("apiKey", apiKey);
  return (await call<{ triggers: RecordedTrigger[] }>(url.href)).triggers;
}

/** The bot fields the automation platform stored for this key (the supplier token, by country's field). */
export async function automationBotFields(apiKey: string) {
  const { botFields } = await call<{ botFields: { fieldId: string; apiKey: string; value: string }[] }>(
    `${simulatorUrls().automation}/sim/bot-fields`,
  );
  return botFields.filter((field) => field.apiKey === apiKey);
}

/** A supplier account: `token` is accepted and its catalogue is `products` (the fixture's shape, seed.ts). */
export async function seedSupplierAccount(token: string, products: SupplierProduct[]) {
  await call(`${simulatorUrls().supplier}/sim/accounts`, { token, products: products.map(catalogueProduct) });
}

/** The fixture's supplier product as the marketplace answers it: variable when its variations have attributes. */
export function catalogueProduct(product: SupplierProduct): CatalogueProduct {
  const id = Number(product.id);
  if (!Number.isInteger(id)) throw new Error(`Supplier product ids are numbers at the marketplace: ${product.id}`);
  const variable = product.variations.some((variation) => variation.attributes?.length);
  const price = (value: number | null | undefined) => (value == null ? null : value.toFixed(2));
  const variations = variable
    ? product.variations.map((variation, n) => ({
        id: /^\d+$/.test(variation.id) ? Number(variation.id) : id * 10 + n,
        sku: variation.sku,
        sale_price: price(variation.price) ?? "0.00",
        suggested_price: price((variation.price ?? 0) * 2) ?? "0.00",
        stock: variation.stock ?? 0,
        attribute_values: (variation.attributes ?? []).map((attribute) => ({
          attribute_name: attribute.name,
          value: attribute.value,
        })),
      }))
    : [];
  const stock = variable ? variations.reduce((sum, variation) => sum + variation.stock, 0) : (product.stock ?? 0);
  return {
    id,
    name: product.name,
    type: variable ? "VARIABLE" : "SIMPLE",
    description: product.description || null,
    sale_price: variable ? null : price(product.price ?? product.variations[0]?.price),
    suggested_price: variable ? null : price((product.price ?? 0) * 2),
    privated_product: false,
    // The catalogue opens on favourites: the fixture's products are the merchant's favourites.
    favorite: true,
    sku: variable ? null : (product.variations[0]?.sku ?? null),
    gallery: product.gallery.map((image, n) => ({ url: null, main: n === 0, urlS3: image.urlS3 ?? "" })),
    variations,
    categories: [],
    warehouse_product: [{ warehouse_id: 1, stock }],
    created_at: new Date(Date.UTC(2026, 0, 1)).toISOString(),
  };
}

/** What the supplier marketplace received (every products index request, all tokens). */
export async function supplierRequests() {
  return (
    await call<{ requests: { body: Record<string, unknown>; at: string }[] }>(
      `${simulatorUrls().supplier}/sim/requests`,
    )
  ).requests;
}

export interface PlatformProductSeed {
  title: string;
  handle?: string;
  price?: number;
  description?: string;
  /** Each option's values: variants are their combinations (Talla x Color gives 6). */
  options?: { name: string; values: string[] }[];
}

export interface PlatformOrderSeed {
  createdAt?: string;
  note?: string;
  tags?: string[];
  test?: boolean;
  cancelled?: boolean;
}

export interface SeededOrder {
  id: string;
  name: string;
  createdAt: string;
  tags: string[];
  totalPriceSet: { shopMoney: { amount: string; currencyCode: string } };
}

/**
 * The shop at the platform: the app's offline token is accepted (newShop does this), and `products` / `orders`
 * replace the demo store's (orders are numbered from #1001 in the order given, line items from the products).
 */
export async function seedPlatformShop(
  shop: string,
  seed: { accessToken?: string; products?: PlatformProductSeed[]; orders?: PlatformOrderSeed[] } = {},
) {
  return call<{
    shop: string;
    products: { id: string; title: string }[];
    orders: SeededOrder[];
    /** The orders' orders/create webhook bodies (REST shape), in the same order. */
    webhookPayloads: Record<string, unknown>[];
  }>(`${simulatorUrls().platform}/sim/shops`, { shop, ...seed });
}

/** The shop's orders as the platform holds them now (newest first), with their tags. */
export async function platformOrders(shop: string) {
  const url = new URL("/sim/orders", simulatorUrls().platform);
  url.searchParams.set("shop", shop);
  return (await call<{ orders: { id: string; name: string; createdAt: string; tags: string[] }[] }>(url.href)).orders;
}

/** The shop's next orderCreate is refused with the platform's userErrors (a store that cannot take orders now). */
export async function refusePlatformOrders(shop: string) {
  await call(`${simulatorUrls().platform}/sim/orders/refuse`, { shop, count: 1 });
}

/** The platform stops taking every token of the shop (as after an uninstall): the app's calls for it are refused. */
export async function revokePlatformTokens(shop: string) {
  await call(`${simulatorUrls().platform}/sim/tokens`, { revoke: true, shop });
}
