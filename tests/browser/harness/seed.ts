import type { DeliveryDetail, SupplierProduct } from "~/lib/api-types";
import { describeDeliveryError, type DeliveryError } from "~/lib/delivery-errors";
import { FakeApi, VALID_AUTOMATION_KEY, VALID_SUPPLIER_TOKEN } from "./fake-api";

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

function picture(label: string, hue: number) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="hsl(${hue},55%,70%)"/><text x="200" y="160" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#222">${label}</text></svg>`;
}

/** A shop as a merchant has it after setup: keys stored, supplier connected, a catalogue and some orders. */
export function configuredShop(shop: string): FakeApi {
  const api = new FakeApi(shop);
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

export function withCatalogue(api: FakeApi) {
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
      const url = `https://img.supplier.test/products/${id}/${n + 1}.svg`;
      api.images.set(url, picture(`${name.split(" ")[0]} ${n + 1}`, (index * 47 + n * 23) % 360));
      return { urlS3: `colombia/products/${id}/${n + 1}.svg`, url };
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
  api.storeProducts = [
    {
      id: "gid://shopify/Product/801",
      title: "Camiseta Running",
      handle: "camiseta-running",
      status: "ACTIVE",
      featuredImage: null,
      variants: [],
    },
    {
      id: "gid://shopify/Product/802",
      title: "Lámpara de escritorio",
      handle: "lampara",
      status: "ACTIVE",
      featuredImage: null,
      variants: [],
    },
    {
      id: "gid://shopify/Product/803",
      title: "Organizador",
      handle: "organizador",
      status: "DRAFT",
      featuredImage: null,
      variants: [],
    },
  ];
  // A 2-option store product (Talla x Color, 6 variants) for a supplier product that varies by size only: S /
  // Negro shares the supplier's SKU (case ignored), the others match by their size option (docs/decisions/140).
  const sizes = ["S", "M", "L"];
  const colours = ["Negro", "Azul"];
  api.storeVariants.set(
    "gid://shopify/Product/801",
    sizes.flatMap((size, i) =>
      colours.map((colour, j) =>
        variant(`gid://shopify/ProductVariant/91${i}${j}`, size, colour, i + j === 0 ? "cam-dep-s" : `CR-${size}-${j}`),
      ),
    ),
  );
  const runningImage = "https://img.store.test/camiseta-running.svg";
  api.images.set(runningImage, picture("Running", 200));
  api.storeDetails.set("gid://shopify/Product/801", {
    descriptionHtml: "<p>Camiseta liviana para correr, de la tienda.</p>",
    images: [runningImage],
  });
  return api;
}

function variant(id: string, size: string, colour: string, sku: string) {
  return {
    id,
    title: `${size} / ${colour}`,
    price: "39900.00",
    sku,
    barcode: null,
    inventoryQuantity: 5,
    availableForSale: true,
    selectedOptions: [
      { name: "Talla", value: size },
      { name: "Color", value: colour },
    ],
  };
}

export function withOrdersAndDeliveries(api: FakeApi) {
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

function order(number: string, hours: number, total: string, firstName: string, tags: string[]) {
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
