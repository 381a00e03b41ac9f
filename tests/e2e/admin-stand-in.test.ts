import type { Browser, Frame, Page } from "playwright-core";
import { launchChromium } from "../../sandbox/lib/chromium";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifySessionToken } from "../../sandbox/lib/jwt";
import { BROWSER_USER_AGENT, SANDBOX } from "../../sandbox/stack";
import { eventually, startE2eStack, type Stack } from "./helpers";

const SHOP = "tienda-navegador.myshopify.com";

describe("the admin stand-in, in a browser", () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startE2eStack();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  async function openAdmin(locale?: string): Promise<{ page: Page; app: Frame }> {
    // Headless Chromium names itself in its user agent, and the platform library turns bots away (410).
    const page = await browser.newPage({ userAgent: BROWSER_USER_AGENT });
    await page.goto(`${stack.platformUrl}/admin?shop=${SHOP}${locale ? `&locale=${locale}` : ""}`);
    const handle = await page.waitForSelector("#app-frame");
    const app = (await handle.contentFrame())!;
    await app.waitForFunction(() => "shopify" in window, undefined, { timeout: 20_000 });
    return { page, app };
  }

  it("frames the installed app, with App Bridge's config for the shop and the admin's locale", async () => {
    const { page, app } = await openAdmin();
    expect(app.url().startsWith(`${stack.appUrl}/app?`)).toBe(true);
    expect(
      await app.evaluate(() => (window as unknown as { shopify: { config: unknown } }).shopify.config),
    ).toMatchObject({
      apiKey: SANDBOX.apiKey,
      shop: SHOP,
      locale: "es",
    });
    await page.close();
    const english = await openAdmin("en");
    expect(
      await english.app.evaluate(
        () => (window as unknown as { shopify: { config: { locale: string } } }).shopify.config.locale,
      ),
    ).toBe("en");
    await english.page.close();
  });

  it("renders the app's ui-nav-menu links as a visible navigation", async () => {
    const { page, app } = await openAdmin();
    const nav = app.getByTestId("nav-menu");
    await nav.waitFor({ state: "visible" });
    // The admin stand-in's default language is Spanish, and the menu speaks it.
    expect(await nav.getByText("Inicio", { exact: true }).isVisible()).toBe(true);
    await page.close();
  });

  it("hands out fresh session tokens signed with the app secret for the shop", async () => {
    const { page, app } = await openAdmin();
    const token = await app.evaluate(() =>
      (window as unknown as { shopify: { idToken(): Promise<string> } }).shopify.idToken(),
    );
    expect(verifySessionToken(token, SANDBOX.secret)).toMatchObject({ dest: `https://${SHOP}`, aud: SANDBOX.apiKey });
    await page.close();
  });

  it("adds the session token to the app's same-origin requests, as App Bridge does", async () => {
    const { page, app } = await openAdmin();
    const request = page.waitForRequest((candidate) => candidate.url() === `${stack.appUrl}/healthz`);
    await app.evaluate(() => fetch("/healthz").then((response) => response.status));
    const authorization = (await request).headers()["authorization"] ?? "";
    expect(authorization).toMatch(/^Bearer /);
    expect(verifySessionToken(authorization.slice(7), SANDBOX.secret)).toMatchObject({ dest: `https://${SHOP}` });
    await page.close();
  });

  it("shows a toast as a visible status element, marked when it is an error", async () => {
    const { page, app } = await openAdmin();
    const show = () =>
      app.evaluate(() =>
        (window as unknown as { shopify: { toast: { show(m: string, o?: object): void } } }).shopify.toast.show(
          "No se pudo guardar",
          { isError: true, duration: 60_000 },
        ),
      );
    const toast = app.getByTestId("toast");
    // The app's first load may still replace the frame's document (the session bounce): show it again until it stays.
    await expect
      .poll(
        async () => {
          if (!(await toast.isVisible())) await show().catch(() => undefined);
          return toast.isVisible();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    expect(await toast.textContent()).toBe("No se pudo guardar");
    expect(await toast.getAttribute("role")).toBe("status");
    expect(await toast.getAttribute("data-error")).toBe("true");
    await page.close();
  });

  it("shows and hides a save bar and a modal as app-bridge-react's SaveBar and Modal drive them", async () => {
    const { page, app } = await openAdmin();
    const events = await app.evaluate(async () => {
      const seen: string[] = [];
      document.body.insertAdjacentHTML(
        "beforeend",
        '<ui-save-bar id="cambios"><button>Guardar</button></ui-save-bar><ui-modal id="confirmar"><p>¿Borrar el vínculo?</p></ui-modal>',
      );
      const saveBar = document.getElementById("cambios")!;
      saveBar.addEventListener("show", () => seen.push("save-bar shown"));
      saveBar.addEventListener("hide", () => seen.push("save-bar hidden"));
      const shopify = (
        window as unknown as {
          shopify: Record<string, { show(id: string): Promise<void>; hide(id: string): Promise<void> }>;
        }
      ).shopify;
      await shopify.saveBar.show("cambios");
      (document.getElementById("confirmar") as unknown as { show(): void }).show();
      return seen;
    });
    expect(events).toEqual(["save-bar shown"]);
    expect(await app.getByTestId("save-bar").getByRole("button", { name: "Guardar" }).isVisible()).toBe(true);
    expect(await app.getByRole("dialog").getByText("¿Borrar el vínculo?").isVisible()).toBe(true);
    await app.evaluate(() =>
      (window as unknown as { shopify: { saveBar: { hide(id: string): Promise<void> } } }).shopify.saveBar.hide(
        "cambios",
      ),
    );
    expect(await app.getByTestId("save-bar").isVisible()).toBe(false);
    await page.close();
  });

  it("fires a test order from the admin page's button and shows the order on the platform", async () => {
    const { page } = await openAdmin();
    const before = stack.platform.shops.get(SHOP)?.orders.length ?? 0;
    const deliveriesBefore = stack.platform.deliveries.length;
    await page.getByRole("button", { name: "Send test order" }).click();
    await page.waitForFunction(
      (count) => document.querySelectorAll("[data-testid=platform-orders] li").length > count,
      before,
    );
    expect(stack.platform.shops.get(SHOP)!.orders.length).toBe(before + 1);
    // The platform lists the order as soon as it exists, and sends its webhook after: wait for the delivery.
    const delivery = await eventually(
      async () => stack.platform.deliveries.slice(deliveriesBefore).find((sent) => sent.shop === SHOP),
      10_000,
      "the order's webhook",
    );
    expect(delivery).toMatchObject({ topic: "orders/create", shop: SHOP });
    await page.close();
  });
});
