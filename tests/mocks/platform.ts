import { http, HttpResponse } from "msw";
import { graphqlUrl } from "~/services/platform/graphql.server";
import { server } from "./server";

export interface PlatformCall {
  shop: string;
  operationName: string;
  query: string;
  variables: Record<string, unknown>;
  accessToken: string | null;
}

/** Answers one operation: the `data` object, or a whole Response (errors, HTTP failures). */
export type OperationResolver = (variables: Record<string, unknown>, call: number) => unknown;

/**
 * The platform's GraphQL admin API for one shop, answering by operation name. Records every call;
 * an operation without a resolver fails the test loudly, like an unhandled request.
 */
export function mockPlatform(shop: string, resolvers: Record<string, OperationResolver>) {
  const calls: PlatformCall[] = [];
  server.use(
    http.post(graphqlUrl(shop), async ({ request }) => {
      const body = (await request.json()) as {
        query: string;
        variables?: Record<string, unknown>;
        operationName?: string;
      };
      // The library's client sends the document and variables only: the operation is named in the document.
      const operationName = body.operationName ?? /\b(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1] ?? "anonymous";
      const call: PlatformCall = {
        shop: new URL(request.url).hostname,
        operationName,
        query: body.query,
        variables: body.variables ?? {},
        accessToken: request.headers.get("X-Shopify-Access-Token"),
      };
      calls.push(call);
      const resolver = resolvers[operationName];
      if (!resolver) {
        return HttpResponse.json({ errors: [{ message: `test platform: no resolver for ${operationName}` }] });
      }
      const answer = resolver(call.variables, calls.filter((c) => c.operationName === operationName).length);
      return answer instanceof Response ? answer : HttpResponse.json({ data: answer });
    }),
  );
  return calls;
}

let sequence = 0;

export function platformProduct(overrides: Partial<{ id: string; title: string; variantCount: number }> = {}) {
  const n = ++sequence;
  const id = overrides.id ?? `gid://shopify/Product/${7000 + n}`;
  const numeric = id.split("/").pop();
  return {
    id,
    title: overrides.title ?? `Producto tienda ${n}`,
    handle: `producto-tienda-${n}`,
    status: "ACTIVE",
    featuredMedia: { preview: { image: { url: `https://cdn.shop.test/${n}.jpg`, altText: null } } },
    variants: {
      nodes: Array.from({ length: overrides.variantCount ?? 2 }, (_, i) => ({
        id: `gid://shopify/ProductVariant/${numeric}${i + 1}`,
        title: i === 0 ? "S" : `Talla ${i + 1}`,
        price: "95000.00",
      })),
    },
  };
}

export function platformVariant(productNumber: string, index: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `gid://shopify/ProductVariant/${productNumber}${index}`,
    title: `Talla ${index}`,
    price: "95000.00",
    sku: `CAM-${index}`,
    barcode: null,
    inventoryQuantity: 10 * index,
    availableForSale: true,
    selectedOptions: [{ name: "Talla", value: String(index) }],
    ...overrides,
  };
}

export interface ThemeCreateRequest {
  url: string;
  headers: Record<string, string>;
  body: { query: string; variables: { source: string; name: string } };
}

/**
 * The platform's `themeCreate` (GraphQL), answering like the platform; `respond` may inspect the request and
 * answers the `data` or a whole Response. Other operations fall through to the test's other handlers.
 */
export function themesCreate(
  shop: string,
  respond: (request: ThemeCreateRequest) => Promise<unknown> | unknown = ({ body }) =>
    themeCreated(body.variables.name),
) {
  const requests: ThemeCreateRequest[] = [];
  const handler = http.post(graphqlUrl(shop), async ({ request }) => {
    const body = (await request.clone().json()) as ThemeCreateRequest["body"];
    if (!/mutation ThemeCreate\b/.test(body.query)) return undefined;
    const recorded: ThemeCreateRequest = {
      url: request.url,
      headers: Object.fromEntries(request.headers.entries()),
      body,
    };
    requests.push(recorded);
    const answer = await respond(recorded);
    return answer instanceof Response ? answer : HttpResponse.json({ data: answer });
  });
  return { handler, requests };
}

/** What `themeCreate` answers: the new unpublished theme (already processed unless `processing`). */
export function themeCreated(name: string, id = 828155753, processing = false) {
  return { themeCreate: { theme: onlineStoreTheme(name, id, { processing }), userErrors: [] } };
}

export function onlineStoreTheme(
  name: string,
  id = 828155753,
  state: { processing?: boolean; processingFailed?: boolean } = {},
) {
  return {
    id: `gid://shopify/OnlineStoreTheme/${id}`,
    name,
    role: "UNPUBLISHED",
    processing: state.processing ?? false,
    processingFailed: state.processingFailed ?? false,
    createdAt: "2026-11-22T06:50:00Z",
  };
}

/** The platform finds these orders by name (OrderByName). */
export function ordersByName(orders: { id: string; name: string }[]): OperationResolver {
  return () => ({ orders: { nodes: orders } });
}

/** The platform accepts the tags (OrderTagsAdd). */
export function tagsAdded(): OperationResolver {
  return (variables) => ({ tagsAdd: { node: { id: variables.id }, userErrors: [] } });
}
