import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "../../../sandbox/lib/chromium";
import { RESOURCE_PICKER_SOURCE } from "../../../sandbox/platform/resource-picker";
import { sessionToken } from "../../helpers/requests";
import type { RunningApp } from "./app-server";
import { storePickerProducts } from "./catalogue-seed";

export const SCREENSHOT_DIR = path.resolve("test-results/screenshots");
/**
 * The browser's own time zone: Bogotá unless BROWSER_TIME_ZONE names another, while the app's server runs in UTC. A
 * page that printed a time in either process's default zone would differ between the server's HTML and the
 * browser's render, and React's hydration error fails the test (harness/fixture.ts).
 */
export const BROWSER_TIME_ZONE = process.env.BROWSER_TIME_ZONE || "America/Bogota";
// The stand-in, then the resource picker both App Bridge stand-ins share, reading the test's store products.
const STAND_IN = `${readFileSync(path.resolve("tests/browser/harness/app-bridge-stand-in.js"), "utf8")}
(${RESOURCE_PICKER_SOURCE})(window.shopify, () => window.__resourcePickerProducts());
`;

export const launchBrowser = launchChromium;

export interface AdminPage {
  page: Page;
  context: BrowserContext;
  /** Errors the page threw or logged: a test fails on any it did not expect. */
  pageErrors: string[];
  /**
   * The `/api/*` requests the page made, as "METHOD path": a page reads through loaders and fetchers and writes
   * through actions (docs/decisions/133, 145), so a test fails on any (the JSON routes are for the callback, the
   * extensions and the sandbox).
   */
  apiCalls: string[];
}

/**
 * Opens an app page the way the admin does: the document request carries `embedded=1`, the shop, the host,
 * a fresh session token (`id_token`) and the merchant's `locale`; App Bridge is the stand-in above.
 */
export async function openAdmin(
  browser: Browser,
  app: Pick<RunningApp, "url">,
  options: {
    path: string;
    locale: "en" | "es";
    width?: number;
    /** The test's own shop (harness/database.ts), whose data the app's loaders read. */
    shop: string;
    /** Origins the page may load from besides the app: the simulators' (supplier images, docs/decisions/133). */
    reachable?: string[];
    /** Page time is Playwright's clock from the first script on, so a test can move it on (`page.clock`). */
    clock?: boolean;
    /** False: the page as the server sent it, never hydrated (the first paint, docs/decisions/147). */
    javaScript?: boolean;
    /** The app's paths that fail as a dropped connection would (a chunk the browser cannot fetch). */
    unreachable?: RegExp;
    /** The browser's own zone (BROWSER_TIME_ZONE unless given). */
    timeZone?: string;
  },
): Promise<AdminPage> {
  const reachable = new Set((options.reachable ?? []).map((url) => new URL(url).origin));
  const shop = options.shop;
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    locale: options.locale,
    timezoneId: options.timeZone ?? BROWSER_TIME_ZONE,
    javaScriptEnabled: options.javaScript ?? true,
    // The platform library answers 410 to bots, and "HeadlessChrome" is one: present as the desktop browser it is.
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`,
  });
  await context.exposeFunction("__sessionToken", () => sessionToken(shop));
  // The resource picker stand-in lists the store's products as the platform would (docs/decisions/140, 143): the
  // platform simulator's for the shop.
  await context.exposeFunction("__resourcePickerProducts", () => storePickerProducts(shop));
  if (options.clock) await context.clock.install();
  const apiCalls: string[] = [];
  await context.route(/^https?:\/\//, async (route) => {
    const url = new URL(route.request().url());
    if (url.origin === app.url && url.pathname.startsWith("/api/")) {
      apiCalls.push(`${route.request().method()} ${url.pathname}`);
    }
    if (url.origin === app.url && options.unreachable?.test(url.pathname)) return route.abort("connectionfailed");
    if (url.origin === app.url || reachable.has(url.origin)) return route.continue();
    if (url.hostname === "cdn.shopify.com" && url.pathname.endsWith("/app-bridge.js")) {
      return route.fulfill({ contentType: "text/javascript", body: STAND_IN });
    }
    if (url.hostname === "cdn.shopify.com") return route.fulfill({ contentType: "text/css", body: "" });
    // Nothing else is reachable from a test: an unexpected outside request fails loudly instead of hanging.
    return route.abort("blockedbyclient");
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  page.on("console", (message) => {
    // Failed answers are part of what the tests drive (a refused key is a 400 from the page's action).
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      pageErrors.push(message.text());
    }
  });
  const host = Buffer.from(`admin.shopify.com/store/${shop.replace(".myshopify.com", "")}`).toString("base64url");
  const query = new URLSearchParams({
    embedded: "1",
    shop,
    host,
    id_token: await sessionToken(shop),
    locale: options.locale,
  });
  await page.goto(`${app.url}${options.path}${options.path.includes("?") ? "&" : "?"}${query}`);
  return { page, context, pageErrors, apiCalls };
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
