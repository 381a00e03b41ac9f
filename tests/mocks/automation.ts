import { http, HttpResponse } from "msw";
import { TEST_ENV } from "../helpers/test-env";

const base = TEST_ENV.AUTOMATION_API_URL;

export interface TriggerCall {
  flowId: string;
  headers: Headers;
  body: Record<string, unknown>;
}

/** GET /api/accounts/flows answering `body` (any of the shapes in the reference) to the given key. */
export function flowsHandler(body: unknown, options: { apiKey?: string; calls?: string[] } = {}) {
  return http.get(`${base}/api/accounts/flows`, ({ request }) => {
    const key = request.headers.get("X-ACCESS-TOKEN") ?? "";
    options.calls?.push(key);
    if (options.apiKey && key !== options.apiKey) {
      return HttpResponse.json({ error: "invalid token" }, { status: 401 });
    }
    return HttpResponse.json(body as Record<string, unknown>);
  });
}

/**
 * POST /api/flows/:flowId/trigger: records each call and answers with the next response in `responses`
 * (the last one repeats); 200 `{ ok: true }` when none are given.
 */
export function triggerHandler(calls: TriggerCall[], responses: (() => Response)[] = []) {
  return http.post(`${base}/api/flows/:flowId/trigger`, async ({ request, params }) => {
    calls.push({
      flowId: String(params.flowId),
      headers: request.headers,
      body: (await request.json()) as Record<string, unknown>,
    });
    const next = responses[Math.min(calls.length, responses.length) - 1];
    return next ? next() : HttpResponse.json({ ok: true });
  });
}
