import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { launchBrowser, openAdmin, type AdminPage } from "./browser";

/**
 * One browser per test file; `open` gives a fresh admin page per test. After each test the page must not have
 * thrown or logged an error (React hydration mismatches included) nor called `/api/*` (docs/decisions/145): every
 * page, the home page's loop test card and the layout's alert banner included, reads through loaders and fetchers.
 */
export function useAdmin() {
  let browser: Browser;
  const opened: AdminPage[] = [];
  const app = { url: inject("appUrl") };
  const simulators = inject("simulators");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    const errors = opened.flatMap((admin) => [
      ...admin.pageErrors,
      ...admin.apiCalls.map((call) => `the page called ${call}`),
    ]);
    await Promise.all(opened.splice(0).map((admin) => admin.context.close()));
    expect(errors).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    /**
     * The admin opens `path` for `shop` (one of the test's own, harness/database.ts). `clock`: the page's timers
     * run on Playwright's clock, which the test moves on (`page.clock.fastForward`). `javaScript: false`: the page
     * as the server sent it, never hydrated (docs/decisions/147). `unreachable`: app paths that fail to load.
     * `timeZone`: the browser's own zone, when the test needs another than BROWSER_TIME_ZONE.
     */
    async open(
      shop: string,
      path: string,
      locale: "en" | "es" = "en",
      width?: number,
      options: { clock?: boolean; javaScript?: boolean; unreachable?: RegExp; timeZone?: string } = {},
    ) {
      const admin = await openAdmin(browser, app, {
        path,
        locale,
        width,
        shop,
        reachable: [simulators.supplier],
        clock: options.clock,
        javaScript: options.javaScript,
        unreachable: options.unreachable,
        timeZone: options.timeZone,
      });
      opened.push(admin);
      return admin.page;
    },
  };
}
