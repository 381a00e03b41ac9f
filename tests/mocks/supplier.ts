import { http, HttpResponse } from "msw";
import { TEST_ENV } from "../helpers/test-env";
import reference from "../fixtures/reference/supplier-products-index.json";
import { server } from "./server";

export const SUPPLIER_PRODUCTS_URL = `${TEST_ENV.SUPPLIER_API_URL}/integrations/products/index`;

export interface SupplierCall {
  headers: Headers;
  body: Record<string, unknown>;
}

/**
 * The marketplace's product index. Answers the deployed shape unless told otherwise and records
 * every request it receives (headers and JSON body) so tests can assert the exact outbound call.
 */
export function mockSupplierProducts(reply: () => Response = () => HttpResponse.json(reference.deployed_shape)) {
  const calls: SupplierCall[] = [];
  server.use(
    http.post(SUPPLIER_PRODUCTS_URL, async ({ request }) => {
      calls.push({ headers: request.headers, body: (await request.json()) as Record<string, unknown> });
      return reply();
    }),
  );
  return calls;
}

export { reference as supplierReference };

export interface MarketOrder {
  status: string;
  history: { status: string; created_at: string }[];
  shop_order_id?: string;
}

/**
 * The marketplace's order read, `GET /orders/myorders/{id}` under the integration key: each token's orders as the
 * test sets them, an answer the test may replace (a 429, an outage), and every call recorded with its token.
 */
export function mockSupplierOrderReads() {
  const orders = new Map<string, Map<string, MarketOrder>>();
  const calls: { token: string; id: string }[] = [];
  let override: ((token: string, id: string) => Response | null) | null = null;
  server.use(
    http.get(`${TEST_ENV.SUPPLIER_API_URL}/orders/myorders/:id`, ({ request, params }) => {
      const token = request.headers.get("supplier-integration-key") ?? "";
      const id = String(params.id);
      calls.push({ token, id });
      const replaced = override?.(token, id);
      if (replaced) return replaced;
      const order = orders.get(token)?.get(id);
      if (!order)
        return HttpResponse.json({ isSuccess: false, status: 404, message: "Orden no encontrada" }, { status: 404 });
      const objects = {
        id: Number(id),
        status: order.status,
        shop_order_id: order.shop_order_id ?? "",
        shipping_guide: "240012345678",
        shipping_company: "COORDINADORA",
        updated_at: order.history.at(-1)?.created_at ?? null,
        history: order.history.map((entry) => ({ ...entry, notes: "" })),
      };
      return HttpResponse.json({ isSuccess: true, status: 200, message: "", objects });
    }),
  );
  return {
    calls,
    set(token: string, id: string, order: MarketOrder) {
      if (!orders.has(token)) orders.set(token, new Map());
      orders.get(token)!.set(id, order);
    },
    answer(reply: ((token: string, id: string) => Response | null) | null) {
      override = reply;
    },
  };
}
