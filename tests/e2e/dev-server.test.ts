import type { Browser } from "playwright-core";
import { launchChromium } from "../../sandbox/lib/chromium";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BROWSER_USER_AGENT, installShop, SANDBOX } from "../../sandbox/stack";
import { startE2eStack, type Stack } from "./helpers";

const SHOP = "tienda-dev.myshopify.com";

/**
 * The web process as `shopify app dev` runs it (shopify.web.toml's dev command: the Vite dev server), against the
 * simulators, loaded in a browser through the admin stand-in.
 */
describe("the Vite dev server (shopify app dev's web process)", () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startE2eStack({ appServer: "dev" });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it("installs the shop and serves /app from Vite, with the favicon from public/", async () => {
    await installShop(stack, SHOP);
    const favicon = await fetch(`${stack.appUrl}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect(Buffer.from(await favicon.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  });

  it("loads /app through the admin stand-in, with App Bridge configured for the shop", async () => {
    // On a fresh checkout Vite optimises the client's dependencies on the first page load and then reloads it (a
    // dev-server behaviour, not the app's): one warm-up visit, whatever it shows, so the visit below is the real one.
    const warmUp = await browser.newPage({ userAgent: BROWSER_USER_AGENT });
    await warmUp.goto(`${stack.platformUrl}/admin?shop=${SHOP}`);
    const warmFrame = await (await warmUp.waitForSelector("#app-frame")).contentFrame();
    await warmFrame
      ?.getByTestId("nav-menu")
      .waitFor({ state: "visible", timeout: 60_000 })
      .catch(() => undefined);
    await warmUp.close();

    const page = await browser.newPage({ userAgent: BROWSER_USER_AGENT });
    const scripts: string[] = [];
    const problems: string[] = [];
    page.on("request", (request) => scripts.push(request.url()));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(`${stack.platformUrl}/admin?shop=${SHOP}`);
    const frame = (await (await page.waitForSelector("#app-frame")).contentFrame())!;
    await frame.waitForFunction(() => "shopify" in window, undefined, { timeout: 60_000 });
    expect(frame.url().startsWith(`${stack.appUrl}/app?`)).toBe(true);
    expect(
      await frame.evaluate(() => (window as unknown as { shopify: { config: unknown } }).shopify.config),
    ).toMatchObject({ apiKey: SANDBOX.apiKey, shop: SHOP });
    await frame
      .getByTestId("nav-menu")
      .waitFor({ state: "visible", timeout: 60_000 })
      .catch((error: Error) => {
        throw new Error(
          `${error.message}\nbrowser errors: ${problems.join("\n")}\napp: ${stack.appOutput.slice(-20).join("\n")}`,
        );
      });
    // Served by the dev server, not a build: Vite's client and the app's modules straight from app/.
    expect(scripts.some((url) => url.startsWith(`${stack.appUrl}/@vite/client`))).toBe(true);
    expect(scripts.some((url) => url.startsWith(`${stack.appUrl}/app/root.tsx`))).toBe(true);
    await page.close();
  }, 120_000);
});
