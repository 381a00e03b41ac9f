import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { extensionPage, type ExtensionName, type StandInOptions } from "../../../sandbox/extension-stand-in";
import { BROWSER_TIME_ZONE, launchBrowser } from "./browser";

/**
 * An admin UI extension rendered on its own in Chromium, in the browser's zone (Bogotá), for one describe block:
 * the browser opened before its tests and closed after, each test's pages closed after it, and a test fails on any
 * error its pages threw or logged.
 */
export function extensionPages(extension: ExtensionName) {
  let browser: Browser;
  const pages: Page[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(pages.splice(0).map((page) => page.context().close()));
    expect(errors.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  return async function render(options: StandInOptions, width: number) {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      locale: options.locale,
      timezoneId: BROWSER_TIME_ZONE,
    });
    const page = await context.newPage();
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    pages.push(page);
    await page.setContent(await extensionPage(extension, options));
    return page;
  };
}
