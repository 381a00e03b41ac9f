import { newId, type SimLineItem, type SimOrder, type SimProduct, type SimVariant } from "./seed";
import type { ShopState, SimTheme } from "./state";
import { flowResolvers } from "./flow";
import { fulfillmentResolvers } from "./fulfillment";
import { inventoryResolvers } from "./inventory";
import { orderJourneyResolvers } from "./order-read";
import { sweepResolvers } from "./reconcile";
import { riskResolvers } from "./risk";
import { createProcessingTheme } from "./themes";
import { validateOperation, type PlatformGraphqlError } from "./schema";
import { GraphqlFieldError } from "./field-error";

/**
 * The part of the GraphQL admin API (2026-10) the app uses, answered by root field. Selections are not
 * interpreted: each root field answers its whole object in the platform's shape, which a client that asked
 * for less reads just the same. Arguments come from variables or simple literals.
 */

export interface RootField {
  alias: string;
  name: string;
  args: string;
  /** The field's directives (`@idempotent(key: $key)`), each with its arguments' text. */
  directives?: { name: string; args: string }[];
}

/** The top-level fields of the operation's selection set (aliases kept), skipping strings and comments. */
export function rootFields(query: string): RootField[] {
  const fields: RootField[] = [];
  let depth = 0;
  let i = 0;
  const n = query.length;
  const skipString = () => {
    const quote = query[i];
    if (query.startsWith('"""', i)) {
      const end = query.indexOf('"""', i + 3);
      i = end < 0 ? n : end + 3;
      return;
    }
    i++;
    while (i < n && query[i] !== quote) i += query[i] === "\\" ? 2 : 1;
    i++;
  };
  const readBalanced = (open: string, close: string) => {
    const start = i;
    let level = 0;
    while (i < n) {
      const c = query[i];
      if (c === '"') {
        skipString();
        continue;
      }
      if (c === open) level++;
      if (c === close && --level === 0) {
        i++;
        return query.slice(start + 1, i - 1);
      }
      i++;
    }
    return query.slice(start + 1);
  };
  while (i < n) {
    const c = query[i];
    if (c === "#") {
      while (i < n && query[i] !== "\n") i++;
    } else if (c === '"') {
      skipString();
    } else if (c === "(" && depth === 0) {
      readBalanced("(", ")");
    } else if (c === "{") {
      depth++;
      i++;
    } else if (c === "}") {
      depth--;
      i++;
      if (depth === 0) break;
    } else if (depth === 1 && /[A-Za-z_]/.test(c)) {
      const first = /^[A-Za-z_]\w*/.exec(query.slice(i))![0];
      i += first.length;
      let name = first;
      const alias = first;
      const afterName = /^\s*:\s*([A-Za-z_]\w*)/.exec(query.slice(i));
      if (afterName) {
        name = afterName[1];
        i += afterName[0].length;
      }
      while (i < n && /\s/.test(query[i])) i++;
      const args = query[i] === "(" ? readBalanced("(", ")") : "";
      while (i < n && /\s/.test(query[i])) i++;
      const directives: { name: string; args: string }[] = [];
      for (
        let directive = /^@(\w+)\s*/.exec(query.slice(i));
        directive;
        directive = /^@(\w+)\s*/.exec(query.slice(i))
      ) {
        i += directive[0].length;
        directives.push({ name: directive[1], args: query[i] === "(" ? readBalanced("(", ")") : "" });
        while (i < n && /\s/.test(query[i])) i++;
      }
      if (query[i] === "{") readBalanced("{", "}");
      if (name !== "on" && alias !== "__typename") fields.push({ alias, name, args, directives });
      else if (alias === "__typename") fields.push({ alias, name: "__typename", args: "" });
    } else {
      i++;
    }
  }
  return fields;
}

/** The value of one argument: a `$variable`, a string, number or boolean literal. */
export function argument(field: Pick<RootField, "args">, name: string, variables: Record<string, unknown>): unknown {
  const match = new RegExp(`\\b${name}\\s*:\\s*(\\$\\w+|"(?:[^"\\\\]|\\\\.)*"|-?\\d+(?:\\.\\d+)?|true|false)`).exec(
    field.args,
  );
  if (!match) return undefined;
  const raw = match[1];
  if (raw.startsWith("$")) return variables[raw.slice(1)];
  if (raw.startsWith('"')) return JSON.parse(raw);
  if (raw === "true" || raw === "false") return raw === "true";
  return Number(raw);
}

export { GraphqlFieldError };

export const gid = (type: string, id: number | string) => `gid://shopify/${type}/${id}`;
const legacyId = (value: unknown, type: string): number => {
  const match = new RegExp(`^gid://(?:shopify|platform)/${type}/(\\d+)$`).exec(String(value ?? ""));
  if (!match) throw new GraphqlFieldError(`Invalid global id '${String(value)}'`, "argumentLiteralsIncompatible");
  return Number(match[1]);
};
const money = (amount: string, currencyCode: string) => ({
  shopMoney: { amount, currencyCode },
  presentmentMoney: { amount, currencyCode },
});

function connection<T>(nodes: T[], hasNextPage = false) {
  return {
    edges: nodes.map((node, index) => ({ cursor: Buffer.from(`cursor:${index}`).toString("base64"), node })),
    nodes,
    pageInfo: {
      hasNextPage,
      hasPreviousPage: false,
      startCursor: nodes.length ? Buffer.from("cursor:0").toString("base64") : null,
      endCursor: nodes.length ? Buffer.from(`cursor:${nodes.length - 1}`).toString("base64") : null,
    },
  };
}

export function orderNode(order: SimOrder) {
  return {
    __typename: "Order",
    id: gid("Order", order.id),
    legacyResourceId: String(order.id),
    name: order.name,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    email: order.email,
    phone: order.customer?.phone ?? null,
    note: order.note,
    tags: [...order.tags],
    test: order.test === true,
    cancelledAt: order.cancelledAt ?? null,
    closedAt: order.closedAt ?? null,
    currencyCode: order.currency,
    displayFinancialStatus: order.financialStatus.toUpperCase(),
    // The REST word "partial" (webhooks) is PARTIALLY_FULFILLED in GraphQL.
    displayFulfillmentStatus:
      order.fulfillmentStatus === "partial"
        ? "PARTIALLY_FULFILLED"
        : (order.fulfillmentStatus ?? "unfulfilled").toUpperCase(),
    totalPriceSet: money(order.totalPrice, order.currency),
    subtotalPriceSet: money(order.subtotalPrice, order.currency),
    customer: order.customer
      ? {
          id: gid("Customer", order.customer.id),
          email: order.customer.email,
          firstName: order.customer.firstName,
          lastName: order.customer.lastName,
          phone: order.customer.phone,
          displayName: `${order.customer.firstName} ${order.customer.lastName}`,
        }
      : null,
    shippingAddress: order.shippingAddress
      ? { ...order.shippingAddress, countryCodeV2: order.shippingAddress.countryCode, address2: null }
      : null,
    lineItems: connection(
      order.lineItems.map((item) => ({
        id: gid("LineItem", item.id),
        name: item.variantTitle ? `${item.title} - ${item.variantTitle}` : item.title,
        title: item.title,
        variantTitle: item.variantTitle || null,
        quantity: item.quantity,
        sku: item.sku,
        originalUnitPriceSet: money(item.price, order.currency),
        variant: {
          id: gid("ProductVariant", item.variantId),
          sku: item.sku,
          title: item.variantTitle || "Default Title",
        },
        product: { id: gid("Product", item.productId) },
      })),
    ),
  };
}

function variantNode(product: SimProduct, variant: SimVariant) {
  return {
    id: gid("ProductVariant", variant.id),
    title: variant.title,
    price: variant.price,
    sku: variant.sku,
    barcode: variant.barcode,
    inventoryQuantity: variant.inventoryQuantity,
    availableForSale: product.status === "ACTIVE" && variant.inventoryQuantity > 0,
    selectedOptions: variant.selectedOptions,
  };
}

export function productNode(product: SimProduct) {
  const firstImage = product.media[0];
  return {
    __typename: "Product",
    id: gid("Product", product.id),
    legacyResourceId: String(product.id),
    title: product.title,
    handle: product.handle,
    status: product.status,
    descriptionHtml: product.descriptionHtml,
    description: product.descriptionHtml.replace(/<[^>]+>/g, ""),
    vendor: product.vendor,
    productType: product.productType,
    createdAt: product.createdAt,
    updatedAt: product.updatedAt,
    totalInventory: product.variants.reduce((sum, v) => sum + v.inventoryQuantity, 0),
    featuredImage: firstImage ? { url: firstImage.originalSource, altText: firstImage.alt } : null,
    featuredMedia: firstImage
      ? { preview: { image: { url: firstImage.originalSource, altText: firstImage.alt }, status: "READY" } }
      : null,
    options: product.options.map((option, index) => ({ id: gid("ProductOption", product.id * 10 + index), ...option })),
    variants: connection(product.variants.map((variant) => variantNode(product, variant))),
    media: connection(
      product.media.map((media) => ({
        id: gid("MediaImage", media.id),
        alt: media.alt,
        mediaContentType: media.mediaContentType,
        status: "READY",
        preview: { image: { url: media.originalSource } },
      })),
    ),
  };
}

function findProduct(shop: ShopState, id: unknown) {
  return shop.products.find((product) => product.id === legacyId(id, "Product"));
}

function tagList(value: unknown): string[] {
  const list = Array.isArray(value) ? value : String(value ?? "").split(",");
  return list.map((tag) => String(tag).trim()).filter(Boolean);
}

interface OrderCreateInput {
  lineItems?: {
    title?: string;
    quantity?: number;
    variantId?: string;
    priceSet?: { shopMoney?: { amount?: string | number; currencyCode?: string } };
    requiresShipping?: boolean;
    sku?: string;
  }[];
  test?: boolean;
  tags?: string[] | string;
  note?: string;
  email?: string;
  currency?: string;
  financialStatus?: string;
}

/** orderCreate's input checks, with the platform's userErrors shape (OrderCreateUserError: field, message, code). */
function orderCreateErrors(shop: ShopState, input: OrderCreateInput) {
  const errors: { field: string[]; message: string; code: string }[] = [];
  const items = input.lineItems ?? [];
  if (!items.length)
    errors.push({ field: ["order", "lineItems"], message: "Line items can't be blank", code: "INVALID" });
  items.forEach((item, index) => {
    const field = ["order", "lineItems", String(index)];
    if (!Number.isInteger(item.quantity) || (item.quantity ?? 0) < 1)
      errors.push({ field: [...field, "quantity"], message: "Quantity must be greater than 0", code: "INVALID" });
    if (item.variantId) {
      const known = shop.products.some((product) =>
        product.variants.some((variant) => gid("ProductVariant", variant.id) === item.variantId),
      );
      if (!known)
        errors.push({ field: [...field, "variantId"], message: "Product variant does not exist", code: "INVALID" });
    } else {
      if (!item.title?.trim())
        errors.push({ field: [...field, "title"], message: "Title can't be blank", code: "INVALID" });
      const amount = Number(item.priceSet?.shopMoney?.amount);
      if (!Number.isFinite(amount) || amount < 0 || !item.priceSet?.shopMoney?.currencyCode)
        errors.push({ field: [...field, "priceSet"], message: "Price set is invalid", code: "INVALID" });
    }
  });
  return errors;
}

function createOrderFromInput(shop: ShopState, input: OrderCreateInput): SimOrder {
  const number = shop.nextOrderNumber++;
  const createdAt = new Date().toISOString();
  const currency = input.currency ?? "COP";
  const lineItems: SimLineItem[] = (input.lineItems ?? []).map((item) => {
    const product = shop.products.find((candidate) =>
      candidate.variants.some((variant) => gid("ProductVariant", variant.id) === item.variantId),
    );
    const variant = product?.variants.find((candidate) => gid("ProductVariant", candidate.id) === item.variantId);
    return {
      id: newId(),
      productId: product?.id ?? 0,
      variantId: variant?.id ?? 0,
      title: product?.title ?? item.title ?? "",
      variantTitle: variant && variant.title !== "Default Title" ? variant.title : "",
      quantity: item.quantity ?? 1,
      price: variant?.price ?? Number(item.priceSet?.shopMoney?.amount ?? 0).toFixed(2),
      sku: variant?.sku ?? item.sku ?? "",
    };
  });
  const total = lineItems.reduce((sum, item) => sum + Number(item.price) * item.quantity, 0).toFixed(2);
  const order: SimOrder = {
    id: newId(),
    number,
    name: `#${number}`,
    createdAt,
    updatedAt: createdAt,
    currency,
    totalPrice: total,
    subtotalPrice: total,
    financialStatus: (input.financialStatus ?? "pending").toLowerCase(),
    fulfillmentStatus: null,
    email: input.email ?? "",
    note: input.note ?? "",
    tags: tagList(input.tags ?? []),
    customer: null,
    shippingAddress: null,
    lineItems,
    test: input.test === true,
    createdByApp: true,
    // No transaction given: the order has no payment gateway (the demo's cash on delivery is not assumed).
    paymentGatewayNames: [],
    cancelledAt: null,
    closedAt: null,
  };
  shop.orders.push(order);
  return order;
}

/** What a resolver may need beyond the shop: how the platform behaves, and where its events go. */
export interface ExecuteContext {
  /** The Admin API version serving the request (its published schema validates it); default: the app's. */
  version?: string;
  themeProcessingMs: number;
  /** True when this theme's processing is to fail (a simulator control). */
  failThemeProcessing?: () => boolean;
  emit: (message: string) => void;
  /** An order was created through the API: the platform sends its orders/create webhook after the answer. */
  orderCreated?: (order: SimOrder) => void;
  /** An order was cancelled (its job done): the platform sends its orders/cancelled webhook. */
  orderCancelled?: (order: SimOrder) => void;
}

export type Resolver = (
  shop: ShopState,
  field: RootField,
  variables: Record<string, unknown>,
  context: ExecuteContext,
) => unknown;

function themeNode(theme: SimTheme) {
  return {
    __typename: "OnlineStoreTheme",
    id: gid("OnlineStoreTheme", theme.id),
    name: theme.name,
    role: theme.role.toUpperCase(),
    processing: theme.processing,
    processingFailed: theme.processingFailed,
    prefix: `/t/${theme.id}`,
    themeStoreId: null,
    createdAt: new Date(theme.createdAt).toISOString().replace(".000Z", "Z"),
    updatedAt: new Date(theme.updatedAt).toISOString().replace(".000Z", "Z"),
  };
}

const resolvers: Record<string, Resolver> = {
  __typename: () => "QueryRoot",
  // orders, draftOrders and nodes: paged lists and the full reads of the reconciliation sweep.
  ...sweepResolvers,
  // One `nodes` for every kind of id the app asks for: orders and draft orders (the sweep), products and variants
  // with their inventory (the stock sync); an id of neither kind is null, as on the platform.
  nodes: (shop, field, variables, context) => {
    const orders = sweepResolvers.nodes(shop, field, variables) as unknown[];
    const catalogue = inventoryResolvers.nodes(shop, field, variables, context) as unknown[];
    return orders.map((node, index) => node ?? catalogue[index] ?? null);
  },
  theme: (shop, field, variables) => {
    const id = argument(field, "id", variables);
    const theme = shop.themes.find((candidate) => gid("OnlineStoreTheme", candidate.id) === id);
    return theme ? themeNode(theme) : null;
  },
  themeCreate: (shop, field, variables, context) => {
    const source = String(argument(field, "source", variables) ?? "");
    const name = String(argument(field, "name", variables) ?? "").trim();
    const role = String(argument(field, "role", variables) ?? "UNPUBLISHED");
    if (!/^https?:\/\//.test(source)) {
      return {
        theme: null,
        userErrors: [{ field: ["source"], message: "Source is not a valid URL", code: "INVALID" }],
      };
    }
    if (role !== "UNPUBLISHED") {
      return {
        theme: null,
        userErrors: [{ field: ["role"], message: "Only unpublished themes can be created here", code: "INVALID" }],
      };
    }
    const theme = createProcessingTheme(
      shop,
      { name: name || "Untitled", source },
      {
        processingMs: context.themeProcessingMs,
        fail: context.failThemeProcessing?.() ?? false,
        emit: context.emit,
      },
    );
    context.emit(`themeCreate "${theme.name}": processing`);
    return { theme: themeNode(theme), userErrors: [] };
  },
  shop: (shop) => ({
    id: gid("Shop", 1),
    name: "Tienda Demo",
    myshopifyDomain: shop.domain,
    currencyCode: "COP",
    ianaTimezone: shop.ianaTimezone,
  }),
  tagsAdd: (shop, field, variables) => {
    const rawId = argument(field, "id", variables);
    const tags = tagList(argument(field, "tags", variables));
    const order = shop.orders.find((candidate) => gid("Order", candidate.id) === rawId);
    if (!order) return { node: null, userErrors: [{ field: ["id"], message: "Resource not found" }] };
    for (const tag of tags) if (!order.tags.includes(tag)) order.tags.push(tag);
    order.updatedAt = new Date().toISOString();
    return { node: { __typename: "Order", id: gid("Order", order.id) }, userErrors: [] };
  },
  tagsRemove: (shop, field, variables) => {
    const rawId = argument(field, "id", variables);
    const tags = tagList(argument(field, "tags", variables));
    const order = shop.orders.find((candidate) => gid("Order", candidate.id) === rawId);
    if (!order) return { node: null, userErrors: [{ field: ["id"], message: "Resource not found" }] };
    order.tags = order.tags.filter((tag) => !tags.includes(tag));
    order.updatedAt = new Date().toISOString();
    return { node: { __typename: "Order", id: gid("Order", order.id) }, userErrors: [] };
  },
  orderCreate: (shop, field, variables, context) => {
    const input = (argument(field, "order", variables) ?? {}) as OrderCreateInput;
    const userErrors = orderCreateErrors(shop, input);
    if (userErrors.length) return { order: null, userErrors };
    if (shop.refuseOrderCreate > 0) {
      shop.refuseOrderCreate--;
      return {
        order: null,
        userErrors: [{ field: ["order"], message: "This store can't accept orders right now", code: "INVALID" }],
      };
    }
    const order = createOrderFromInput(shop, input);
    context.emit(`orderCreate ${order.name}${order.test ? " (test order)" : ""}`);
    context.orderCreated?.(order);
    return { order: orderNode(order), userErrors: [] };
  },
  orderDelete: (shop, field, variables, context) => {
    const id = argument(field, "orderId", variables);
    const index = shop.orders.findIndex((candidate) => gid("Order", candidate.id) === id);
    if (index < 0)
      return {
        deletedId: null,
        userErrors: [{ field: ["orderId"], message: "Order does not exist", code: "NOT_FOUND" }],
      };
    const order = shop.orders[index];
    // The platform deletes only some orders: test orders, orders an app created, and cancelled or archived ones.
    if (!order.test && !order.createdByApp && !order.cancelledAt && !order.closedAt)
      return {
        deletedId: null,
        userErrors: [
          { field: ["orderId"], message: "This order can't be deleted; cancel it instead", code: "INVALID" },
        ],
      };
    shop.orders.splice(index, 1);
    context.emit(`order ${order.name} deleted`);
    return { deletedId: gid("Order", order.id), userErrors: [] };
  },
  products: (shop, field, variables) => {
    const first = Number(argument(field, "first", variables) ?? 50);
    return connection(shop.products.slice(0, first).map(productNode), shop.products.length > first);
  },
  product: (shop, field, variables) => {
    const product = findProduct(shop, argument(field, "id", variables));
    return product ? productNode(product) : null;
  },
  productUpdate: (shop, field, variables) => {
    const input = (argument(field, "product", variables) ?? argument(field, "input", variables)) as
      { id?: string; title?: string; descriptionHtml?: string } | undefined;
    const product = input?.id ? findProduct(shop, input.id) : undefined;
    if (!product)
      return { product: null, userErrors: [{ field: ["product", "id"], message: "Product does not exist" }] };
    // productCreateMedia's replacement: media attached in the same call, refused whole when a source is invalid.
    const media = (argument(field, "media", variables) ?? []) as {
      originalSource?: string;
      alt?: string;
      mediaContentType?: string;
    }[];
    const invalid = media.findIndex((item) => !/^https?:\/\//.test(item.originalSource ?? ""));
    if (invalid >= 0) {
      return {
        product: null,
        userErrors: [{ field: ["media", String(invalid), "originalSource"], message: "Image URL is invalid" }],
      };
    }
    if (typeof input?.title === "string") {
      if (!input.title.trim())
        return { product: null, userErrors: [{ field: ["product", "title"], message: "Title can't be blank" }] };
      product.title = input.title;
    }
    if (typeof input?.descriptionHtml === "string") product.descriptionHtml = input.descriptionHtml;
    product.media.push(
      ...media.map((item) => ({
        id: newId(),
        alt: item.alt ?? "",
        originalSource: item.originalSource!,
        mediaContentType: item.mediaContentType ?? "IMAGE",
      })),
    );
    product.updatedAt = new Date().toISOString();
    return { product: productNode(product), userErrors: [] };
  },
  productVariantsBulkUpdate: (shop, field, variables) => {
    const product = findProduct(shop, argument(field, "productId", variables));
    const updates = (argument(field, "variants", variables) ?? []) as {
      id?: string;
      barcode?: string;
      price?: string;
      compareAtPrice?: string | null;
      sku?: string;
    }[];
    if (!product)
      return {
        product: null,
        productVariants: [],
        userErrors: [{ field: ["productId"], message: "Product does not exist" }],
      };
    const userErrors: { field: string[]; message: string }[] = [];
    // Money input: a non-negative decimal string; a refused price changes no variant of the call.
    updates.forEach((update, index) => {
      if (update.price !== undefined && !/^\d+(\.\d+)?$/.test(String(update.price)))
        userErrors.push({ field: ["variants", String(index), "price"], message: "Price must be a valid amount" });
    });
    if (userErrors.length) return { product: null, productVariants: [], userErrors };
    updates.forEach((update, index) => {
      const variant = product.variants.find((candidate) => gid("ProductVariant", candidate.id) === update.id);
      if (!variant)
        return userErrors.push({ field: ["variants", String(index), "id"], message: "Product variant does not exist" });
      if (update.barcode !== undefined) variant.barcode = update.barcode;
      if (update.price !== undefined) variant.price = String(update.price);
      if (update.compareAtPrice !== undefined) variant.compareAtPrice = update.compareAtPrice;
      if (update.sku !== undefined) variant.sku = update.sku;
    });
    if (userErrors.length) return { product: null, productVariants: [], userErrors };
    product.updatedAt = new Date().toISOString();
    return {
      product: { id: gid("Product", product.id) },
      productVariants: product.variants.map((variant) => variantNode(product, variant)),
      userErrors: [],
    };
  },
  webhookSubscriptions: (shop) =>
    connection(
      shop.webhookSubscriptions.map((subscription) => ({
        id: gid("WebhookSubscription", subscription.id),
        topic: subscription.topic,
        endpoint: { __typename: "WebhookHttpEndpoint", callbackUrl: subscription.callbackUrl },
      })),
    ),
  webhookSubscriptionCreate: (shop, field, variables) => {
    const topic = String(argument(field, "topic", variables) ?? "");
    const input = (argument(field, "webhookSubscription", variables) ?? {}) as { callbackUrl?: string; uri?: string };
    const subscription = { id: newId(), topic, callbackUrl: input.callbackUrl ?? input.uri ?? "" };
    shop.webhookSubscriptions.push(subscription);
    return { webhookSubscription: { id: gid("WebhookSubscription", subscription.id), topic }, userErrors: [] };
  },
};

/** Rough query cost, as the platform reports it: 1 per object plus the size of each connection asked for. */
export function estimateCost(fields: RootField[], variables: Record<string, unknown>, isMutation: boolean) {
  return fields.reduce((sum, field) => {
    const first = Number(argument(field, "first", variables) ?? 0);
    return sum + (isMutation ? 10 : 1 + Math.ceil(first / 10) * 2);
  }, 0);
}

/**
 * Executes an operation against one shop's state: `{ data }` or `{ data: null, errors }` like the platform, or
 * `{ errors }` alone for an operation that does not validate against the published schema (./schema.ts).
 */
export function execute(
  shop: ShopState,
  query: string,
  variables: Record<string, unknown>,
  context: ExecuteContext = { themeProcessingMs: 0, emit: () => undefined },
) {
  // An operation the published schema refuses is answered with its errors alone, no data, and runs nothing.
  const invalid = validateOperation(query, variables, context.version);
  if (invalid.length) return { data: undefined, errors: invalid, cost: 0 };
  const fields = rootFields(query);
  const data: Record<string, unknown> = {};
  const errors: PlatformGraphqlError[] = [];
  if (!fields.length) errors.push({ message: "Parse error: no field selected", extensions: { code: "parseError" } });
  const isMutation = /^\s*(?:#[^\n]*\n\s*)*mutation\b/.test(query);
  for (const field of fields) {
    const resolve =
      resolvers[field.name] ??
      orderJourneyResolvers[field.name] ??
      fulfillmentResolvers[field.name] ??
      inventoryResolvers[field.name] ??
      flowResolvers[field.name] ??
      riskResolvers[field.name];
    if (!resolve) {
      errors.push({
        message: `Field '${field.name}' doesn't exist on type '${isMutation ? "Mutation" : "QueryRoot"}'`,
        path: [isMutation ? "mutation" : "query", field.alias],
        extensions: { code: "undefinedField" },
      });
      continue;
    }
    try {
      data[field.alias] = resolve(shop, field, variables, context);
    } catch (error) {
      if (!(error instanceof GraphqlFieldError)) throw error;
      data[field.alias] = null;
      errors.push({ message: error.message, path: [field.alias], extensions: { code: error.code } });
    }
  }
  return {
    data: errors.length && !Object.keys(data).length ? null : data,
    errors,
    cost: estimateCost(fields, variables, isMutation),
  };
}
