import { canonical, FINAL_STATUSES, remainingSteps, SCRIPTS, spell, type ScriptName, type Spelling } from "./lifecycle";

/**
 * The marketplace's orders, as an integration creates them (`POST /integrations/orders/myorders`) and as the
 * marketplace moves them. Field names are the ones public integrations send and read (docs/decisions/325).
 */

export interface OrderDetail {
  product_id: number | string | null;
  variation_id: number | string | null;
  quantity: number;
  price: string;
}

export interface HistoryEntry {
  /** The status as the marketplace wrote it (any spelling). */
  status: string;
  notes: string;
  created_at: string;
}

export interface SupplierOrder {
  id: number;
  /** The integration key that created the order: pushes and reads are that account's. */
  token: string;
  status: string;
  shop_order_id: string;
  shipping_guide: string | null;
  shipping_company: string | null;
  sticker: string | null;
  notes: string;
  name: string;
  surname: string;
  dir: string;
  phone: string;
  state: string;
  city: string;
  total_order: string;
  rate_type: string;
  orderdetails: OrderDetail[];
  created_at: string;
  updated_at: string;
  history: HistoryEntry[];
  /** The journey the order is on, and what is left of it: the clock and `advance` take the next step. */
  script: ScriptName;
  plan: string[];
}

export class OrderInputError extends Error {}

export const CARRIERS = ["COORDINADORA", "SERVIENTREGA", "INTERRAPIDISIMO", "ENVIA", "TCC"];

/** The marketplace's timestamps: `2026-11-24 10:12:31`, no zone. */
export const marketTime = (date: Date) => date.toISOString().slice(0, 19).replace("T", " ");

const text = (value: unknown, max = 500) =>
  typeof value === "string" || typeof value === "number" ? String(value).trim().slice(0, max) : "";

function decimalText(value: unknown, field: string) {
  const number = Number(value);
  if (value === "" || value === null || value === undefined || !Number.isFinite(number) || number < 0) {
    throw new OrderInputError(`${field} must be a non-negative amount`);
  }
  return number.toFixed(2);
}

function detailsOf(products: unknown): OrderDetail[] {
  if (!Array.isArray(products) || products.length === 0) throw new OrderInputError("products must list the items");
  return products.slice(0, 100).map((item: Record<string, unknown>, index) => {
    const quantity = Number(item?.quantity ?? 1);
    if (!Number.isInteger(quantity) || quantity < 1) throw new OrderInputError(`products[${index}].quantity`);
    return {
      product_id: (item.id ?? item.product_id ?? null) as number | string | null,
      variation_id: (item.variation_id ?? null) as number | string | null,
      quantity,
      price: decimalText(item.price ?? 0, `products[${index}].price`),
    };
  });
}

export function createOrderStore(options: { firstId?: number; now?: () => Date } = {}) {
  const orders = new Map<number, SupplierOrder>();
  let nextId = options.firstId ?? 4_821_937;
  const now = options.now ?? (() => new Date());
  let spelling: Spelling = "canonical";
  let carrier: string | null = null;

  /** An order as an integration places it: validated as the marketplace does, then PENDIENTE CONFIRMACION. */
  function create(token: string, body: Record<string, unknown>): SupplierOrder {
    const name = text(body.name, 120);
    const phone = text(body.phone, 40);
    const city = text(body.city, 120);
    if (!name) throw new OrderInputError("name is required");
    if (!phone) throw new OrderInputError("phone is required");
    if (!city) throw new OrderInputError("city is required");
    const orderdetails = detailsOf(body.products ?? body.orderdetails);
    const at = marketTime(now());
    const id = nextId++;
    const order: SupplierOrder = {
      id,
      token,
      status: "",
      shop_order_id: text(body.shop_order_id, 120),
      shipping_guide: null,
      shipping_company: null,
      sticker: null,
      notes: text(body.notes, 1000),
      name,
      surname: text(body.surname, 120),
      dir: text(body.dir, 300),
      phone,
      state: text(body.state, 120),
      city,
      total_order: decimalText(body.total_order, "total_order"),
      rate_type: text(body.rate_type, 40) || "CON RECAUDO",
      orderdetails,
      created_at: at,
      updated_at: at,
      history: [],
      script: "delivered",
      plan: [],
    };
    orders.set(id, order);
    setStatus(order, "PENDIENTE CONFIRMACION");
    follow(order, "delivered");
    return order;
  }

  /**
   * Writes a status (any string, in any spelling) into the order and its history. A label's status gives the
   * order its guide, carrier and sticker, as the marketplace does when the label is generated.
   */
  function setStatus(order: SupplierOrder, raw: string, notes = "") {
    const written = raw === canonical(raw) ? spell(raw, spelling) : raw;
    if (canonical(raw) === "GUIA_GENERADA" && !order.shipping_guide) {
      order.shipping_guide = `24${String(order.id).padStart(10, "0")}`;
      order.shipping_company = carrier ?? CARRIERS[order.id % CARRIERS.length];
      order.sticker = `guia-${order.shipping_guide}.pdf`;
    }
    const at = marketTime(now());
    order.status = written;
    order.notes = notes || order.notes;
    order.updated_at = at;
    order.history.push({ status: written, notes, created_at: at });
    return order;
  }

  /** A status set on command: written, then the order's script goes on from there. */
  function command(order: SupplierOrder, raw: string, notes = "") {
    setStatus(order, raw, notes);
    follow(order, order.script);
    return order;
  }

  /** The next step of the order's script; null when it has none left. */
  function advance(order: SupplierOrder) {
    const next = order.plan.shift();
    return next === undefined ? null : setStatus(order, next);
  }

  /** Puts the order on a script from where it is now. */
  function follow(order: SupplierOrder, script: ScriptName) {
    order.script = script;
    order.plan = remainingSteps(
      SCRIPTS[script],
      order.history.map((entry) => canonical(entry.status)),
    );
    return order.plan;
  }

  return {
    create,
    setStatus,
    command,
    advance,
    follow,
    get: (id: number | string) => orders.get(Number(id)),
    all: () => [...orders.values()],
    /** Orders the clock moves: a plan left and not at a final status. */
    moving: () => [...orders.values()].filter((o) => o.plan.length && !FINAL_STATUSES.has(canonical(o.status))),
    configure(settings: { spelling?: Spelling; carrier?: string | null }) {
      if (settings.spelling) spelling = settings.spelling;
      if (settings.carrier !== undefined) carrier = settings.carrier;
      return { spelling, carrier };
    },
    settings: () => ({ spelling, carrier }),
    clear() {
      orders.clear();
      spelling = "canonical";
      carrier = null;
    },
  };
}

export type OrderStore = ReturnType<typeof createOrderStore>;

/** An order as the marketplace answers it: everything but the simulator's own bookkeeping. */
export function publicOrder(order: SupplierOrder) {
  const { token: _token, plan: _plan, script: _script, history, ...fields } = order;
  return { ...fields, history: history.map((entry) => ({ ...entry })) };
}

/** The status webhook's body (the reference's `statusWebhook.body`). */
export function statusWebhookBody(order: SupplierOrder) {
  const { token: _t, plan: _p, script: _s, history: _h, created_at: _c, updated_at: _u, ...fields } = order;
  return { ...fields, orderdetails: fields.orderdetails.map((detail) => ({ ...detail })) };
}
