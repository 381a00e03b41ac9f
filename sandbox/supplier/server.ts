import { Router, listen, noEvents, type EventSink } from "../lib/http";
import { addOrderRoutes } from "./order-routes";
import type { RateLimitSettings } from "./rate-limit";
import { applyStockCommand, MarketCommandError, marketStep, type StockCommand } from "./market";

export const SANDBOX_SUPPLIER_TOKEN = "sandbox-supplier-token";

export interface CatalogueProduct {
  id: number;
  name: string;
  type: "SIMPLE" | "VARIABLE";
  description: string | null;
  sale_price: string | null;
  suggested_price: string | null;
  privated_product: boolean;
  favorite: boolean;
  sku: string | null;
  gallery: { url: string | null; main: boolean; urlS3: string }[];
  variations: {
    id: number;
    sku: string;
    sale_price: string;
    suggested_price: string;
    stock: number;
    attribute_values: { attribute_name: string; value: string }[];
  }[];
  categories: { name: string }[];
  warehouse_product: { warehouse_id: number; stock: number }[];
  created_at: string;
}

const NOUNS = [
  ["Lámpara LED", "Hogar"],
  ["Faja moldeadora", "Moda"],
  ["Audífonos bluetooth", "Tecnología"],
  ["Organizador de cocina", "Cocina"],
  ["Cepillo alisador", "Belleza"],
  ["Reloj inteligente", "Tecnología"],
  ["Masajeador cervical", "Salud"],
  ["Camiseta deportiva", "Moda"],
  ["Licuadora portátil", "Cocina"],
  ["Set de brochas", "Belleza"],
  ["Mochila antirrobo", "Accesorios"],
  ["Cojín ortopédico", "Salud"],
  ["Aspiradora de mano", "Hogar"],
  ["Zapatillas urbanas", "Moda"],
  ["Proyector mini", "Tecnología"],
] as const;
const ADJECTIVES = [
  "recargable",
  "premium",
  "compacto",
  "plegable",
  "inalámbrico",
  "ergonómico",
  "multiusos",
  "clásico",
  "pro",
  "eco",
];
const SIZES = ["S", "M", "L", "XL"];
const COLORS = ["Negro", "Blanco", "Azul", "Rosado"];

/** Deterministic pseudo-random numbers, so the catalogue is the same on every run. */
function prng(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const price = (value: number) => (Math.round(value / 100) * 100).toFixed(2);

/** A few hundred products: simple and variable ones, some favourites, some private, images only as urlS3. */
export function generateCatalogue(size = 320): CatalogueProduct[] {
  const random = prng(42);
  return Array.from({ length: size }, (_, index) => {
    const id = 2_061_000 + index;
    const [noun, category] = NOUNS[index % NOUNS.length];
    const name = `${noun} ${ADJECTIVES[Math.floor(index / NOUNS.length) % ADJECTIVES.length]} ${index + 1}`;
    const variable = index % 4 === 1;
    const cost = 15_000 + Math.floor(random() * 120_000);
    const images = 1 + (index % 7);
    const gallery = Array.from({ length: images }, (_, n) => {
      const urlS3 = `colombia/products/${id}/${n + 1}.webp`;
      // Real answers mix both: some images only as a path under the image CDN.
      return { url: n % 2 === 0 ? null : `__CDN__/${urlS3}`, main: n === 0, urlS3 };
    });
    const axes = variable
      ? category === "Moda"
        ? [["Talla", SIZES]]
        : [["Color", COLORS.slice(0, 2 + (index % 3))]]
      : [];
    const variations = axes.flatMap(([attribute, values]) =>
      (values as string[]).map((value, n) => ({
        id: 1_962_000 + index * 10 + n,
        sku: `SUP-${id}-${value.slice(0, 3).toUpperCase()}`,
        sale_price: price(cost),
        suggested_price: price(cost * 2.6),
        stock: Math.floor(random() * 200),
        attribute_values: [{ attribute_name: attribute as string, value }],
      })),
    );
    const stock = variable ? variations.reduce((sum, v) => sum + v.stock, 0) : Math.floor(random() * 1500);
    return {
      id,
      name,
      type: variable ? "VARIABLE" : "SIMPLE",
      description: index % 5 === 0 ? null : `<p>${name}: <b>envío gratis</b> y pago contra entrega.</p>`,
      sale_price: variable ? null : price(cost),
      suggested_price: variable ? null : price(cost * 2.6),
      privated_product: index % 10 === 3,
      favorite: index % 3 === 0,
      sku: variable ? null : `SUP-${id}`,
      gallery,
      variations,
      categories: [{ name: category }],
      warehouse_product: [{ warehouse_id: 5212, stock }],
      created_at: new Date(Date.UTC(2026, 0, 1) + index * 86_400_000).toISOString(),
    };
  });
}

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** The spec's shape of a product: images, variants, collections, prices as strings. */
function specProduct(product: CatalogueProduct, cdn: string) {
  const variants = product.variations.length
    ? product.variations.map((v) => ({ id: v.id, sku: v.sku, price: v.sale_price, stock: v.stock }))
    : [
        {
          id: product.id * 10,
          sku: product.sku ?? "",
          price: product.sale_price ?? "0.00",
          stock: product.warehouse_product[0].stock,
        },
      ];
  return {
    id: product.id,
    name: product.name,
    description: product.description ?? "",
    price: product.sale_price ?? product.variations[0]?.sale_price ?? "0.00",
    images: product.gallery.map((image, n) => ({ url: `${cdn}/${image.urlS3}`, position: n + 1 })),
    variants,
    collections: product.categories.map((category) => category.name),
    stock: product.warehouse_product[0].stock,
  };
}

function deployedProduct(product: CatalogueProduct, cdn: string) {
  const { favorite: _favorite, created_at: _created, ...rest } = product;
  return {
    ...rest,
    gallery: product.gallery.map((image) => ({ ...image, url: image.url?.replace("__CDN__", cdn) ?? null })),
  };
}

/**
 * A placeholder picture for any image path, whatever its extension says: a colour of its own and the
 * product number and picture index from the path, so a merchant can tell the pictures apart in the admin.
 */
function placeholderImage(imagePath: string) {
  const hue = [...imagePath].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 360, 7);
  const [, product = "", picture = ""] = /products\/(\d+)\/([^/.]+)/.exec(imagePath) ?? [];
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">` +
      `<rect width="400" height="400" fill="hsl(${hue} 55% 82%)"/>` +
      `<circle cx="200" cy="170" r="80" fill="hsl(${hue} 45% 60%)"/>` +
      `<text x="200" y="320" font-family="sans-serif" font-size="34" text-anchor="middle" fill="hsl(${hue} 40% 25%)">` +
      `${product} · ${picture}</text></svg>`,
  );
}

/**
 * The supplier marketplace simulator: POST /integrations/products/index with the integration key, honouring
 * search, favourites, private products and paging; images under /images/<urlS3 path>. It answers the deployed
 * shape (`{ isSuccess, status, message, objects, count }`) or the spec's (`[{ objects, count }]`).
 */
export function createSupplierSimulator(
  options: {
    tokens?: string[];
    origin?: string;
    size?: number;
    port?: number;
    events?: EventSink;
    /** Moves the market (stock and prices) one step this often; never when absent. */
    marketEveryMs?: number;
    /** Moves every order one lifecycle step this often; never when absent. */
    orderStepEveryMs?: number;
    /** The integration key's header on the order endpoints. */
    keyHeader?: string;
    rateLimit?: Partial<RateLimitSettings>;
  } = {},
) {
  const events = options.events ?? noEvents;
  const emit = (message: string) => events({ system: "supplier", message, at: new Date().toISOString() });
  const tokens = new Set(options.tokens ?? [SANDBOX_SUPPLIER_TOKEN]);
  const catalogue = generateCatalogue(options.size);
  // Accounts seeded under /sim/accounts see their own catalogue; every other token sees the generated one.
  const accountCatalogues = new Map<string, CatalogueProduct[]>();
  const requests: { body: Record<string, unknown>; origin: string | null; referer: string | null; at: string }[] = [];
  let shape: "deployed" | "spec" = "deployed";
  let failure: { status: number; count: number } | null = null;
  // How long the list endpoint takes to answer: a slow marketplace keeps a sync running that long.
  let delayMs = 0;
  let baseUrl = "";
  let marketSteps = 0;
  const catalogueOf = (token?: string) => (token ? accountCatalogues.get(token) : undefined) ?? catalogue;
  if (options.marketEveryMs) {
    setInterval(() => {
      const changed = marketStep(catalogue, ++marketSteps);
      emit(`market moved: ${changed.length} products changed stock or price`);
    }, options.marketEveryMs).unref();
  }

  const router = new Router()
    .on("POST", "/integrations/products/index", async (request) => {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const token = request.header("supplier-integration-key") ?? "";
      const body = request.json<Record<string, unknown>>();
      requests.push({
        body,
        origin: request.header("origin") ?? null,
        referer: request.header("referer") ?? null,
        at: new Date().toISOString(),
      });
      if (failure && failure.count > 0) {
        failure.count--;
        return {
          status: failure.status,
          body: { isSuccess: false, status: failure.status, message: "Upstream failure (simulated)" },
        };
      }
      if (!tokens.has(token))
        return { status: 401, body: { isSuccess: false, status: 401, message: "Invalid integration key" } };
      if (options.origin && request.header("origin") !== options.origin) {
        return { status: 403, body: { isSuccess: false, status: 403, message: "Origin not allowed" } };
      }
      const pageSize = Math.min(100, Math.max(1, Number(body.pageSize ?? 50)));
      const startData = Math.max(0, Number(body.startData ?? 0));
      const keywords = typeof body.keywords === "string" ? body.keywords.trim() : "";
      const products = accountCatalogues.get(token) ?? catalogue;
      let matches: CatalogueProduct[];
      if (keywords) {
        const words = fold(keywords).split(/\s+/);
        matches = products.filter(
          (product) => !product.privated_product && words.every((word) => fold(product.name).includes(word)),
        );
      } else if (body.privated_product === true) {
        matches = products.filter((product) => product.privated_product);
      } else if (body.favorite === true) {
        matches = products.filter((product) => product.favorite && !product.privated_product);
      } else {
        matches = products.filter((product) => !product.privated_product);
      }
      if (body.order_type !== "asc") matches = [...matches].reverse();
      const page = matches.slice(startData, startData + pageSize);
      const cdn = `${baseUrl}/images`;
      emit(
        `products index: ${keywords ? `search "${keywords}"` : body.privated_product ? "private" : body.favorite ? "favourites" : "all"} → ${page.length} of ${matches.length}`,
      );
      const count = body.no_count === true ? undefined : matches.length;
      if (shape === "spec") return { body: [{ objects: page.map((product) => specProduct(product, cdn)), count }] };
      return {
        body: {
          isSuccess: true,
          status: 200,
          message: "ok",
          count,
          objects: page.map((product) => deployedProduct(product, cdn)),
        },
      };
    })
    .on("GET", "/images/:path*", (request) => ({
      headers: { "Content-Type": "image/svg+xml", "Cache-Control": "max-age=3600" },
      body: placeholderImage(request.params.path ?? ""),
    }))
    .on("GET", "/sim/requests", () => ({ body: { requests } }))
    .on("GET", "/sim/catalogue", () => ({ body: { count: catalogue.length, products: catalogue } }))
    .on("POST", "/sim/mode", (request) => {
      const body = request.json<{
        shape?: "deployed" | "spec";
        failure?: { status: number; count: number } | null;
        tokens?: string[];
        delayMs?: number;
      }>();
      if (body.shape) shape = body.shape;
      if (body.delayMs !== undefined) delayMs = Math.min(30_000, Math.max(0, Number(body.delayMs) || 0));
      if (body.failure !== undefined) failure = body.failure;
      for (const token of body.tokens ?? []) tokens.add(token);
      return { body: { shape, failure, delayMs } };
    })
    // An account of its own (one per test shop in the browser tests): its token is accepted and sees these products.
    .on("POST", "/sim/accounts", (request) => {
      const body = request.json<{ token?: string; products?: CatalogueProduct[] }>();
      if (typeof body.token !== "string" || !body.token) return { status: 400, body: { error: "token is required" } };
      tokens.add(body.token);
      if (body.products) accountCatalogues.set(body.token, body.products);
      return {
        status: 201,
        body: { token: body.token, count: (accountCatalogues.get(body.token) ?? catalogue).length },
      };
    })
    // Stock and prices on command: one product or variation (`token` picks an account's catalogue).
    .on("POST", "/sim/stock", (request) => {
      const body = request.json<StockCommand & { token?: string }>();
      try {
        const product = applyStockCommand(catalogueOf(body.token), body);
        emit(`stock of ${product.id} set`);
        return { body: { product } };
      } catch (error) {
        if (error instanceof MarketCommandError) return { status: 400, body: { error: error.message } };
        throw error;
      }
    })
    .on("POST", "/sim/market/tick", (request) => {
      const body = request.json<{ token?: string; steps?: number }>();
      const changed = new Set<number>();
      for (let n = 0; n < Math.min(100, Math.max(1, Number(body.steps ?? 1))); n++) {
        for (const id of marketStep(catalogueOf(body.token), ++marketSteps)) changed.add(id);
      }
      return { body: { changed: [...changed] } };
    })
    .on("POST", "/sim/reset", () => {
      orderSide.reset();
      requests.length = 0;
      shape = "deployed";
      failure = null;
      delayMs = 0;
      return { body: { reset: true } };
    });

  const orderSide = addOrderRoutes(router, {
    tokens,
    emit,
    keyHeader: options.keyHeader,
    stepEveryMs: options.orderStepEveryMs,
    rateLimit: options.rateLimit,
  });

  return {
    router,
    orders: orderSide,
    catalogue,
    requests,
    async listen(port = options.port ?? 0) {
      const listening = await listen(router, port);
      baseUrl = listening.url;
      return {
        ...listening,
        close: async () => {
          orderSide.stop();
          await listening.close();
        },
      };
    },
  };
}
