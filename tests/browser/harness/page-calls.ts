import type { FakeApi } from "./fake-api";

/**
 * The `/api/*` calls a page made itself, as "METHOD path": a page on loaders and actions makes none
 * (docs/decisions/133). The layout's alert banner still reads `/api/alerts` until its own migration; it is the
 * layout's call, not the page's.
 */
export function pageCalls(api: FakeApi) {
  return api.calls.filter((call) => call.path !== "/api/alerts").map((call) => `${call.method} ${call.path}`);
}
