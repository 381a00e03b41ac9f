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
