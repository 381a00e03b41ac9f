import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { launchBrowser, openAdmin, type AdminPage } from "./browser";
import type { FakeApi } from "./fake-api";

/**
 * One browser per test file; `open` gives a fresh admin page per test. After each test the page must not
 * have thrown or logged an error (React hydration mismatches included) nor called an endpoint docs/api.md lacks.
 */
export function useAdmin() {
  let browser: Browser;
  const opened: AdminPage[] = [];
  const apis: FakeApi[] = [];
  const app = { url: inject("appUrl"), shop: inject("shop") };
  const simulators = inject("simulators");

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    const errors = [
      ...opened.flatMap((admin) => admin.pageErrors),
      ...apis.splice(0).flatMap((api) => api.unknownCalls),
    ];
    await Promise.all(opened.splice(0).map((admin) => admin.context.close()));
    expect(errors).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    shop: app.shop,
    /** `shop`: one of the test's own (harness/database.ts), for a page that reads the app's database. */
    async open(
      api: FakeApi,
      path: string,
      locale: "en" | "es" = "en",
      width?: number,
      shop?: string,
      { javaScript = true }: { javaScript?: boolean } = {},
    ) {
      apis.push(api);
      const admin = await openAdmin(browser, app, api, {
        path,
        locale,
        width,
        shop,
        reachable: [simulators.supplier],
        javaScript,
      });
      opened.push(admin);
      return admin.page;
    },
  };
}
