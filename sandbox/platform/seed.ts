/** The demo shop the platform simulator starts with: a Colombian cash-on-delivery store, prices in COP. */

export interface SimVariant {
  id: number;
  title: string;
  price: string;
  /** Absent until something sets it (the admin or productVariantsBulkUpdate). */
  compareAtPrice?: string | null;
  sku: string;
  barcode: string | null;
  inventoryQuantity: number;
  selectedOptions: { name: string; value: string }[];
}

export interface SimMedia {
  id: number;
  alt: string;
  originalSource: string;
  mediaContentType: string;
}

export interface SimProduct {
  id: number;
  title: string;
  handle: string;
  status: "ACTIVE" | "DRAFT" | "ARCHIVED";
  descriptionHtml: string;
  vendor: string;
  productType: string;
  createdAt: string;
  updatedAt: string;
  options: { name: string; values: string[] }[];
  variants: SimVariant[];
  media: SimMedia[];
}

export interface SimAddress {
  firstName: string;
  lastName: string;
  address1: string;
  city: string;
  province: string;
  provinceCode: string;
  country: string;
  countryCode: string;
  zip: string;
  phone: string;
}

export interface SimCustomer {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
}

export interface SimLineItem {
  id: number;
  productId: number;
  variantId: number;
  title: string;
  variantTitle: string;
  quantity: number;
  price: string;
  sku: string;
}

export interface SimOrder {
  id: number;
  number: number;
  name: string;
  createdAt: string;
  updatedAt: string;
  currency: string;
  totalPrice: string;
  subtotalPrice: string;
  financialStatus: string;
  fulfillmentStatus: string | null;
  email: string;
  note: string;
  tags: string[];
  /** Null for an order placed without a buyer (orderCreate without customer or address, like the loop test's). */
  customer: SimCustomer | null;
  shippingAddress: SimAddress | null;
  lineItems: SimLineItem[];
  /** A test order (orderCreate `test: true`): no money moves; the platform marks it in the admin and webhooks. */
  test?: boolean;
  /** Created through orderCreate: the platform lets an app delete such orders (orderDelete). */
  createdByApp?: boolean;
  cancelledAt?: string | null;
  /** The staff note the cancel carried (the order's `cancellation.staffNote`). */
  cancelStaffNote?: string | null;
  closedAt?: string | null;
  /** The order's payment gateways (`paymentGatewayNames`); absent: cash on delivery, the demo shop's only method. */
  paymentGatewayNames?: string[];
  /** OrderReturnStatus while a return is open or done (sandbox/platform/returns.ts); none: NO_RETURN. */
  returnStatus?: "IN_PROGRESS" | "RETURNED";
  /** The risk assessments apps added (orderRiskAssessmentCreate, sandbox/platform/risk.ts). */
  riskAssessments?: {
    riskLevel: string;
    facts: { description: string; sentiment: string }[];
    provider: { id: string; title: string };
    createdAt: string;
  }[];
}

export interface SimDraftOrder {
  id: number;
  name: string;
  createdAt: string;
  currency: string;
  totalPrice: string;
  email: string;
  customer: SimCustomer;
  shippingAddress: SimAddress;
  lineItems: SimLineItem[];
}

export const DEMO_SHOP = "tienda-demo.myshopify.com";

const CREATED = "2026-10-01T14:00:00Z";

let nextId = 8_000_000_000;
export const newId = () => ++nextId;

export function product(
  title: string,
  handle: string,
  price: number,
  description: string,
  options: { name: string; values: string[] }[] = [],
  productType = "Hogar",
): SimProduct {
  const combinations = options.reduce<{ name: string; value: string }[][]>(
    (rows, option) => rows.flatMap((row) => option.values.map((value) => [...row, { name: option.name, value }])),
    [[]],
  );
  const skuBase = handle.slice(0, 10).toUpperCase().replace(/-/g, "");
  const variants = combinations.map((selected, index) => ({
    id: newId(),
    title: selected.length ? selected.map((s) => s.value).join(" / ") : "Default Title",
    price: price.toFixed(2),
    sku: `${skuBase}-${String(index + 1).padStart(2, "0")}`,
    barcode: null,
    inventoryQuantity: 20 + ((index * 7) % 30),
    selectedOptions: selected.length ? selected : [{ name: "Title", value: "Default Title" }],
  }));
  return {
    id: newId(),
    title,
    handle,
    status: "ACTIVE",
    descriptionHtml: `<p>${description}</p>`,
    vendor: "Tienda Demo",
    productType,
    createdAt: CREATED,
    updatedAt: CREATED,
    options: options.length ? options : [{ name: "Title", values: ["Default Title"] }],
    variants,
    media: [],
  };
}

export function seedProducts(): SimProduct[] {
  return [
    product("Lámpara LED recargable", "lampara-led-recargable", 45_000, "Luz portátil con batería de 8 horas."),
    product("Camiseta deportiva", "camiseta-deportiva", 59_900, "Tela fresca de secado rápido.", [
      { name: "Talla", values: ["S", "M", "L"] },
      { name: "Color", values: ["Negro", "Azul"] },
    ]),
    product("Kit organizador de cocina", "kit-organizador-cocina", 89_900, "Tres piezas apilables.", [], "Cocina"),
    product("Audífonos inalámbricos", "audifonos-inalambricos", 129_000, "Bluetooth 5.3 con estuche de carga.", [
      { name: "Color", values: ["Blanco", "Negro"] },
    ]),
    product("Faja reductora", "faja-reductora", 75_000, "Compresión media, uso diario.", [
      { name: "Talla", values: ["S", "M", "L", "XL"] },
    ]),
    product(
      "Cepillo alisador eléctrico",
      "cepillo-alisador",
      99_900,
      "Cerámica iónica, 5 temperaturas.",
      [],
      "Belleza",
    ),
  ];
}

const FIRST_NAMES = ["Laura", "Andrés", "Valentina", "Santiago", "Camila", "Juan Pablo", "Daniela", "Mateo"];
const LAST_NAMES = ["Gómez", "Rodríguez", "Martínez", "López", "García", "Hernández", "Ramírez", "Torres"];
const CITIES = [
  { city: "Bogotá", province: "Bogotá, D.C.", code: "DC", zip: "110111" },
  { city: "Medellín", province: "Antioquia", code: "ANT", zip: "050001" },
  { city: "Cali", province: "Valle del Cauca", code: "VAC", zip: "760001" },
  { city: "Barranquilla", province: "Atlántico", code: "ATL", zip: "080001" },
];

/** A buyer and an address, varied by n so every order reads differently. */
export function demoBuyer(n: number): { customer: SimCustomer; address: SimAddress } {
  const firstName = FIRST_NAMES[n % FIRST_NAMES.length];
  const lastName = LAST_NAMES[(n * 3) % LAST_NAMES.length];
  const place = CITIES[n % CITIES.length];
  const phone = `+57 3${String(100_000_000 + ((n * 7_919) % 899_999_999)).slice(0, 9)}`;
  const email = `${firstName
    .toLowerCase()
    .replace(/\s/g, ".")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")}.${n}@example.com`;
  return {
    customer: { id: 7_000_000 + n, email, firstName, lastName, phone },
    address: {
      firstName,
      lastName,
      address1: `Calle ${10 + (n % 90)} # ${n % 50}-${(n * 7) % 99}`,
      city: place.city,
      province: place.province,
      provinceCode: place.code,
      country: "Colombia",
      countryCode: "CO",
      zip: place.zip,
      phone,
    },
  };
}

/** Line items for order n: one or two products of the catalogue. */
export function demoLineItems(products: SimProduct[], n: number): SimLineItem[] {
  const picks = n % 3 === 0 ? [n % products.length, (n + 1) % products.length] : [n % products.length];
  return picks.map((index, position) => {
    const chosen = products[index];
    const variant = chosen.variants[(n + position) % chosen.variants.length];
    return {
      id: newId(),
      productId: chosen.id,
      variantId: variant.id,
      title: chosen.title,
      variantTitle: variant.title === "Default Title" ? "" : variant.title,
      quantity: 1 + ((n + position) % 2),
      price: variant.price,
      sku: variant.sku,
    };
  });
}

export function totalOf(lineItems: SimLineItem[]) {
  return lineItems.reduce((sum, item) => sum + Number(item.price) * item.quantity, 0).toFixed(2);
}
