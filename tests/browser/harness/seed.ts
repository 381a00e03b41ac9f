import type { AutomationFlow, DeliveryDetail, Order, SupplierProduct } from "~/lib/api-types";
import { describeDeliveryError, type DeliveryError } from "~/lib/delivery-errors";

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** The merchant's flows at the automation platform (the simulator's account for the shop, simulator-seed.ts). */
export const FIXTURE_FLOWS: readonly AutomationFlow[] = [
  { id: "flow_nuevos", name: "Confirmación de pedido COD", description: "", status: "active" },
  { id: "flow_carritos", name: "Recuperar carrito abandonado", description: "", status: "active" },
  { id: "flow_guias", name: "Envío de guía", description: "", status: "inactive" },
];

export const VALID_AUTOMATION_KEY = "auto-key-9d2f41c7";
export const VALID_SUPPLIER_TOKEN = "sup-token-5b7e3a90";

/**
 * What a test shop holds, as plain data: `newShopFrom` (shops.ts) puts it in the app's database and at the
 * simulators, where the pages read it (docs/decisions/133, 134).
 */
export interface ShopFixture {
  automationKey: string | null;
  configuration: {
    newOrderFlowId: string | null;
    abandonedCartFlowId: string | null;
    supplierStoreName: string | null;
    supplierCountry: string | null;
    supplierTokenValue: string | null;
  };
  flows: AutomationFlow[];
  supplierProducts: SupplierProduct[];
  orders: Order[];
  deliveries: DeliveryDetail[];
  /** When the app was installed (docs/decisions/131); a new shop just did. */
  installedAt: string | null;
}

/** A shop right after install: nothing set up. */
export function newShopFixture(): ShopFixture {
  return {
    automationKey: null,
    configuration: {
      newOrderFlowId: null,
      abandonedCartFlowId: null,
      supplierStoreName: null,
      supplierCountry: null,
      supplierTokenValue: null,
    },
    flows: FIXTURE_FLOWS.map((flow) => ({ ...flow })),
    supplierProducts: [],
    orders: [],
    deliveries: [],
    installedAt: new Date().toISOString(),
  };
}

/** A shop as a merchant has it after setup: keys stored, supplier connected, a catalogue. */
export function configuredShop(): ShopFixture {
  const api = newShopFixture();
  api.automationKey = VALID_AUTOMATION_KEY;
  Object.assign(api.configuration, {
    newOrderFlowId: "flow_nuevos",
    abandonedCartFlowId: "flow_carritos",
    supplierStoreName: "Importadora Andina",
    supplierCountry: "CO",
    supplierTokenValue: VALID_SUPPLIER_TOKEN,
  });
  withCatalogue(api);
  return api;
}

export function withCatalogue(api: ShopFixture) {
  const names = [
    "Camiseta deportiva",
    "Lámpara LED recargable",
    "Kit organizador de cocina",
    "Audífonos inalámbricos",
    "Reloj inteligente",
    "Botella térmica 1 L",
    "Masajeador cervical",
    "Set de brochas",
  ];
  api.supplierProducts = names.map((name, index): SupplierProduct => {
    const id = String(2061980 + index);
    const gallery = Array.from({ length: index === 0 ? 6 : 2 }, (_, n) => {
      // The supplier simulator serves the picture of each `urlS3` (sandbox/supplier/server.ts).
      return {
        urlS3: `colombia/products/${id}/${n + 1}.svg`,
        url: `https://img.supplier.test/products/${id}/${n + 1}.svg`,
      };
    });
    const variations =
      index === 0
        ? [
            { id: "v-s", sku: "CAM-DEP-S", price: 39900, stock: 14, attributes: [{ name: "Talla", value: "S" }] },
            { id: "v-m", sku: "CAM-DEP-M", price: 39900, stock: 20, attributes: [{ name: "Talla", value: "M" }] },
            { id: "v-l", sku: "CAM-DEP-L", price: 41900, stock: 0, attributes: [{ name: "Talla", value: "L" }] },
          ]
        : [{ id: `v-${id}`, sku: `SKU-${id}`, price: 25000 + index * 7500, stock: 10 * index }];
    return {
      id,
      name,
      title: name,
      description: `<p>${name} de alta calidad</p>`,
      gallery,
      variations,
      price: index === 0 ? null : 25000 + index * 7500,
      stock: index === 0 ? null : 10 * index,
    };
  });
  return api;
}

export function withOrdersAndDeliveries(api: ShopFixture) {
  // Installed a day ago: #1001 was placed before.
  api.installedAt = hoursAgo(24);
  api.orders = [
    order("1004", 0.2, "139800.00", "Valentina", ["automation-processed"]),
    order("1003", 1.5, "45000.00", "Juan Camilo", ["automation-pending"]),
    order("1002", 5, "89900.00", "Mariana", ["automation-error"]),
    order("1001", 30, "25000.00", "Andrés", []),
  ];
  api.deliveries = [
    delivery("d_1004", "#1004", "delivered", 1, 0.2, null),
    delivery("d_1003", "#1003", "retrying", 2, 1.5, { code: "trigger_http", params: { status: 503 } }),
    delivery("d_1002", "#1002", "dead", 8, 5, {
      code: "trigger_http",
      params: { status: 422, detail: "Flow is paused" },
    }),
  ];
  return api;
}

function order(number: string, hours: number, total: string, firstName: string, tags: string[]): Order {
  return {
    id: `gid://shopify/Order/55${number}`,
    name: `#${number}`,
    createdAt: hoursAgo(hours),
    financialStatus: "PENDING",
    fulfillmentStatus: "UNFULFILLED",
    totalPrice: total,
    currency: "COP",
    lineItems: [
      {
        id: `gid://shopify/LineItem/77${number}`,
        name: "Camiseta deportiva - Mediana",
        quantity: 1,
        variant: "Mediana",
        variantId: "gid://shopify/ProductVariant/9102",
        sku: "CAM-DEP-M",
        productId: "gid://shopify/Product/801",
      },
    ],
    shippingAddress: {
      firstName,
      lastName: "Gómez",
      address1: "Calle 10 # 43-12",
      city: "Medellín",
      province: "Antioquia",
      country: "Colombia",
      zip: null,
      phone: "+573001234567",
    },
    customer: {
      id: `gid://shopify/Customer/88${number}`,
      email: null,
      firstName,
      lastName: "Gómez",
      phone: "+573001234567",
    },
    tags,
    note: "",
  };
}

function delivery(
  id: string,
  name: string,
  status: DeliveryDetail["status"],
  attempts: number,
  hours: number,
  error: DeliveryError | null,
): DeliveryDetail {
  const lastError = error ? describeDeliveryError(error) : null;
  return {
    id,
    topic: "orders/create",
    eventId: `evt_${id}`,
    orderId: `gid://shopify/Order/55${name.slice(1)}`,
    orderName: name,
    flowId: "flow_nuevos",
    status,
    attempts,
    nextAttemptAt: status === "retrying" ? hoursAgo(-0.5) : null,
    lastError,
    lastErrorCode: error?.code ?? null,
    lastErrorParams: error?.params ?? null,
    createdAt: hoursAgo(hours),
    updatedAt: hoursAgo(hours / 2),
    deliveredAt: status === "delivered" ? hoursAgo(hours) : null,
    callbackStatus: status === "delivered" ? "success" : null,
    tagsApplied: status === "delivered" ? ["automation-processed"] : status === "dead" ? ["automation-error"] : [],
    test: false,
    buyer: {
      name: "Mariana Gómez",
      phone: "+57 300 123 4567",
      countryCode: "CO",
      city: "Medellín",
      total: "89900.00",
      currency: "COP",
      products: [{ title: "Camiseta deportiva - Mediana", quantity: 2 }],
    },
    attemptLog: Array.from({ length: attempts }, (_, n) => ({
      at: hoursAgo(hours - n * 0.1),
      outcome: status === "delivered" ? "delivered" : status === "dead" ? "refused" : "retryable",
      httpStatus: status === "delivered" ? 200 : status === "dead" ? 422 : 503,
      error: lastError,
      ...(error ? { code: error.code, params: error.params } : {}),
      durationMs: 180 + n * 20,
    })),
    callback:
      status === "delivered"
        ? { receivedAt: hoursAgo(hours - 0.05), status: "success", tags: ["automation-processed"] }
        : null,
    payloadSummary: {
      orderName: name,
      totalPrice: "89900.00",
      currency: "COP",
      lineItemCount: 2,
      customerFirstName: "Mariana",
    },
  };
}
