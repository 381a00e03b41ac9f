import { demoBuyer, demoLineItems, newId, seedProducts, totalOf } from "./seed";
import type { ReceivedTrigger } from "./flow";
import type { SimDraftOrder, SimOrder, SimProduct } from "./seed";

export interface SimTheme {
  id: number;
  name: string;
  role: "main" | "unpublished";
  /** themeCreate answers at once; the platform then downloads and checks the archive. */
  processing: boolean;
  processingFailed: boolean;
  src: string | null;
  createdAt: string;
  updatedAt: string;
  files: string[];
}

/** Everything the simulated platform knows about one shop. */
export interface ShopState {
  domain: string;
  /** Offline access tokens handed out by the token exchange (a reinstall adds one). */
  accessTokens: Set<string>;
  /** When each expiring access token expires (ms since epoch); a token missing here never expires. */
  tokenExpiry: Map<string, number>;
  /**
   * The refresh token chain: `current` is the newest issued; `previous` (the one used to get it) stays usable
   * until `current` is used, as on the platform. Using `previous` again replaces `current`.
   */
  refresh: { current: string | null; previous: string | null; expiresAt: number };
  scope: string;
  products: SimProduct[];
  orders: SimOrder[];
  draftOrders: SimDraftOrder[];
  themes: SimTheme[];
  webhookSubscriptions: { id: number; topic: string; callbackUrl: string }[];
  nextOrderNumber: number;
  /** The next this many orderCreate mutations are refused, as by a store that cannot take orders now (paused). */
  refuseOrderCreate: number;
  /** The shop's IANA time zone, as `shop { ianaTimezone }` answers (POST /sim/shops/time-zone changes it). */
  ianaTimezone: string;
  /** The Flow triggers taken by flowTriggerReceive, in order (GET /sim/flow/triggers). */
  flowTriggers: ReceivedTrigger[];
}

export function newShopState(domain: string, scope: string): ShopState {
  const products = seedProducts();
  const shop: ShopState = {
    domain,
    accessTokens: new Set(),
    tokenExpiry: new Map(),
    refresh: { current: null, previous: null, expiresAt: 0 },
    scope,
    products,
    orders: [],
    draftOrders: [],
    refuseOrderCreate: 0,
    ianaTimezone: "America/Bogota",
    flowTriggers: [],
    themes: [
      {
        id: newId(),
        name: "Dawn",
        role: "main",
        processing: false,
        processingFailed: false,
        src: null,
        createdAt: "2026-09-01T10:00:00-05:00",
        updatedAt: "2026-09-01T10:00:00-05:00",
        files: ["layout/theme.liquid"],
      },
    ],
    webhookSubscriptions: [],
    nextOrderNumber: 1001,
  };
  // A few orders from the past days, so the orders list has something before the first test order.
  for (let day = 5; day >= 1; day--) createOrder(shop, { createdAt: new Date(Date.now() - day * 86_400_000) });
  return shop;
}

export function createOrder(shop: ShopState, options: { createdAt?: Date; note?: string } = {}): SimOrder {
  const number = shop.nextOrderNumber++;
  const { customer, address } = demoBuyer(number);
  const lineItems = demoLineItems(shop.products, number);
  const createdAt = (options.createdAt ?? new Date()).toISOString();
  const total = totalOf(lineItems);
  const order: SimOrder = {
    id: newId(),
    number,
    name: `#${number}`,
    createdAt,
    updatedAt: createdAt,
    currency: "COP",
    totalPrice: total,
    subtotalPrice: total,
    financialStatus: "pending",
    fulfillmentStatus: null,
    email: customer.email,
    note: options.note ?? "Pago contra entrega",
    tags: [],
    customer,
    shippingAddress: address,
    lineItems,
  };
  shop.orders.push(order);
  return order;
}

export function createDraftOrder(shop: ShopState): SimDraftOrder {
  const n = shop.draftOrders.length + 1;
  const { customer, address } = demoBuyer(500 + n);
  const lineItems = demoLineItems(shop.products, 500 + n);
  const draft: SimDraftOrder = {
    id: newId(),
    name: `#D${n}`,
    createdAt: new Date().toISOString(),
    currency: "COP",
    totalPrice: totalOf(lineItems),
    email: customer.email,
    customer,
    shippingAddress: address,
    lineItems,
  };
  shop.draftOrders.push(draft);
  return draft;
}
