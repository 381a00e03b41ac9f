import { http, HttpResponse } from "msw";

export interface GraphqlCall {
  shop: string;
  operationName: string;
  variables: Record<string, unknown>;
  accessToken: string | null;
}

type Answer = (call: GraphqlCall) => Response | Promise<Response>;

/**
 * The platform's GraphQL admin endpoint for every shop, answering by operation name (as the sandbox's
 * simulator does). An operation without an answer fails the test loudly.
 */
export function platformGraphqlHandler(answers: Record<string, Answer>, calls: GraphqlCall[] = []) {
  return http.post("https://:shop/admin/api/2025-10/graphql.json", async ({ request, params }) => {
    const body = (await request.json()) as { operationName?: string; variables?: Record<string, unknown> };
    const call = {
      shop: String(params.shop),
      operationName: body.operationName ?? "anonymous",
      variables: body.variables ?? {},
      accessToken: request.headers.get("X-Shopify-Access-Token"),
    };
    calls.push(call);
    const answer = answers[call.operationName];
    if (!answer)
      return HttpResponse.json({ errors: [{ message: `no answer for ${call.operationName}` }] }, { status: 500 });
    return answer(call);
  });
}

export const orderNode = (id: number, name: string) => ({ id: `gid://shopify/Order/${id}`, name, tags: [] });

export function ordersByName(orders: { id: string; name: string }[]): Answer {
  return () => HttpResponse.json({ data: { orders: { nodes: orders } } });
}

export function tagsAdded(): Answer {
  return (call) => HttpResponse.json({ data: { tagsAdd: { node: { id: call.variables.id }, userErrors: [] } } });
}
