import { http, HttpResponse } from "msw";
import { graphqlUrl } from "~/services/platform/graphql.server";
import { execute } from "../../sandbox/platform/graphql";
import { createOrder, newShopState } from "../../sandbox/platform/state";
import { server } from "./server";

/**
 * The platform's Admin API for one shop as the platform simulator answers it (sandbox/platform/): every operation
 * validated against the published 2026-10 schema, flowTriggerReceive checked against the app's trigger extensions
 * and recorded on `state.flowTriggers`. `failNext` answers that many calls 503 first, as a platform outage;
 * `loseNext` runs that many calls and then answers 502: the platform took them and the answer was lost on the way.
 */
export function simulatedFlowPlatform(
  shop: string,
  orderIds: number[],
  options: { failNext?: number; loseNext?: number } = {},
) {
  const state = newShopState(shop, "");
  for (const id of orderIds) createOrder(state).id = id;
  const control = { failNext: options.failNext ?? 0, loseNext: options.loseNext ?? 0, calls: 0 };
  server.use(
    http.post(graphqlUrl(shop), async ({ request }) => {
      const body = (await request.json()) as { query: string; variables?: Record<string, unknown> };
      control.calls++;
      if (control.failNext > 0) {
        control.failNext--;
        return new HttpResponse("Service Unavailable", { status: 503 });
      }
      const result = execute(state, body.query, body.variables ?? {});
      if (control.loseNext > 0) {
        control.loseNext--;
        return new HttpResponse("Bad Gateway", { status: 502 });
      }
      return HttpResponse.json({ data: result.data, ...(result.errors.length ? { errors: result.errors } : {}) });
    }),
  );
  return { state, control };
}
