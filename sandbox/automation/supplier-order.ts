/**
 * The flow's step after the buyer confirms: it places the order at the supplier marketplace with the supplier
 * token the app stored in the account's bot field, `shop_order_id` the store order's id, and (opt-in) reports
 * the supplier order in its callback as `supplierOrderId`, `shippingGuide`, `shippingCompany`, `supplierStatus`.
 * One supplier order per store order and account, however many times the buyer's answer is sent.
 */

export interface SupplierOrderSettings {
  /** The marketplace's base URL; no order is placed without one. */
  supplierUrl: string | null;
  enabled: boolean;
  /** The callback carries the supplier order's fields. Off by default: most merchants' flows do not. */
  report: boolean;
  /** A status or tag (compared without case) that means the buyer confirmed. */
  confirmWords: string[];
  keyHeader: string;
  path: string;
}

export interface PlacedOrder {
  orderId: unknown;
  orderName: unknown;
  shopOrderId: string;
  httpStatus: number | null;
  supplierOrderId: number | null;
  error: string | null;
  at: string;
}

const DEFAULTS: Omit<SupplierOrderSettings, "supplierUrl"> = {
  enabled: true,
  report: false,
  confirmWords: ["confirmed", "completed", "confirmado"],
  keyHeader: "supplier-integration-key",
  path: "/integrations/orders/myorders",
};

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value && typeof value === "object" ? (value as Json) : {});
const str = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");
/** `gid://shopify/Order/5829301847221` → `5829301847221`, as integrations send it. */
const numericId = (value: unknown) => str(value).split("/").pop() ?? "";

/** The marketplace's create-order body from the flow's trigger payload (the app's order payload). */
export function supplierOrderBody(payload: Json) {
  const address = obj(payload.shippingAddress);
  const customer = obj(payload.customer);
  const items = Array.isArray(payload.lineItems) ? payload.lineItems.map(obj) : [];
  return {
    calculate_costs_and_shiping: true,
    type: "FINAL_ORDER",
    rate_type: "CON RECAUDO",
    payment_method_id: 1,
    shop_order_id: numericId(payload.orderId),
    name: str(address.firstName) || str(customer.firstName),
    surname: str(address.lastName) || str(customer.lastName),
    dir: str(address.address1),
    phone: str(address.phone) || str(customer.phone),
    state: str(address.province),
    city: str(address.city),
    client_email: str(customer.email),
    total_order: str(payload.totalPrice),
    notes: `Pedido ${str(payload.orderName)}`,
    products: items.map((item) => ({
      id: numericId(item.productId) || null,
      variation_id: numericId(item.variantId) || null,
      quantity: Number(item.quantity ?? 1),
      price: str(item.price) || "0",
    })),
  };
}

export function createSupplierOrderStep(
  options: { supplierUrl?: string | null; emit?: (message: string) => void } = {},
) {
  const emit = options.emit ?? (() => undefined);
  let settings: SupplierOrderSettings = { ...DEFAULTS, supplierUrl: options.supplierUrl ?? null };
  const placing = new Map<string, Promise<Json>>();
  const placed: PlacedOrder[] = [];

  const confirms = (status: string, tags: readonly string[]) => {
    const words = new Set(settings.confirmWords.map((word) => word.trim().toLowerCase()));
    return words.has(status.trim().toLowerCase()) || tags.some((tag) => words.has(tag.trim().toLowerCase()));
  };

  async function place(payload: Json, token: string | null): Promise<Json> {
    const record: PlacedOrder = {
      orderId: payload.orderId,
      orderName: payload.orderName,
      shopOrderId: numericId(payload.orderId),
      httpStatus: null,
      supplierOrderId: null,
      error: null,
      at: new Date().toISOString(),
    };
    placed.push(record);
    if (!token) {
      record.error = "no supplier token in the account's bot field";
      emit(`supplier order for ${str(payload.orderName)} not placed: ${record.error}`);
      return {};
    }
    try {
      const response = await fetch(`${settings.supplierUrl}${settings.path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", [settings.keyHeader]: token },
        body: JSON.stringify(supplierOrderBody(payload)),
        signal: AbortSignal.timeout(10_000),
      });
      record.httpStatus = response.status;
      const answer = obj(await response.json().catch(() => ({})));
      const order = obj(answer.objects);
      if (!response.ok || typeof order.id !== "number") {
        record.error = str(answer.message) || `answered ${response.status}`;
        emit(`supplier order for ${str(payload.orderName)} refused: ${record.error}`);
        return {};
      }
      record.supplierOrderId = order.id;
      emit(`supplier order ${order.id} placed for ${str(payload.orderName)}`);
      return {
        supplierOrderId: order.id,
        shippingGuide: order.shipping_guide ?? null,
        shippingCompany: order.shipping_company ?? null,
        supplierStatus: order.status ?? null,
      };
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
      emit(`supplier order for ${str(payload.orderName)} failed: ${record.error}`);
      return {};
    }
  }

  return {
    /**
     * Called with the buyer's answer before the flow calls back: places the supplier order once when the answer
     * confirms, and gives the fields the callback adds (none unless `report` is on).
     */
    async onAnswer(input: {
      apiKey: string;
      payload: Json;
      status: string;
      tags: readonly string[];
      token: string | null;
    }) {
      if (!settings.enabled || !settings.supplierUrl || !confirms(input.status, input.tags)) return {};
      const key = `${input.apiKey}\n${str(input.payload.orderId) || str(input.payload.orderName)}`;
      let result = placing.get(key);
      if (!result) placing.set(key, (result = place(input.payload, input.token)));
      const fields = await result;
      return settings.report ? fields : {};
    },
    configure(input: Partial<SupplierOrderSettings>) {
      const next = { ...settings };
      if (input.supplierUrl === null || typeof input.supplierUrl === "string") next.supplierUrl = input.supplierUrl;
      if (typeof input.enabled === "boolean") next.enabled = input.enabled;
      if (typeof input.report === "boolean") next.report = input.report;
      if (Array.isArray(input.confirmWords)) next.confirmWords = input.confirmWords.map(String).slice(0, 20);
      if (typeof input.keyHeader === "string" && input.keyHeader) next.keyHeader = input.keyHeader;
      if (typeof input.path === "string" && input.path.startsWith("/")) next.path = input.path;
      settings = next;
      return settings;
    },
    settings: () => settings,
    placed,
    reset() {
      settings = { ...DEFAULTS, supplierUrl: options.supplierUrl ?? settings.supplierUrl };
      placing.clear();
      placed.length = 0;
    },
  };
}
