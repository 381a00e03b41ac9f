import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BROWSER_USER_AGENT, startStack, type Stack } from "../../sandbox/stack";
import { seriousAxeFindings } from "./harness/axe";
import { BROWSER_TIME_ZONE, launchBrowser, screenshot } from "./harness/browser";
import { shown } from "./harness/shown";

const POLL = { timeout: 20_000, interval: 250 };

/**
 * "Follow the parcel in the store" against the sandbox's admin (docs/decisions/308): turning it on asks for the
 * fulfilment scopes through the admin's own grant screen, as holds do. Granted, the card asks for nothing more;
 * cancelled, the switch stays on and the card says what is missing and that the journey is still recorded.
 */
describe("settings: following the parcel in the store asks for the fulfilment scopes", () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack({
      databaseFile: path.resolve(`tmp/browser/follow-${randomUUID()}.sqlite`),
      logLevel: "warn",
    });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await page?.close();
    await browser?.close();
    await stack?.stop();
  });

  async function openSettings(shop: string, locale: "es" | "en", width: number): Promise<Frame> {
    await page?.close();
    page = await browser.newPage({
      userAgent: BROWSER_USER_AGENT,
      viewport: { width, height: 1000 },
      timezoneId: BROWSER_TIME_ZONE,
    });
    await page.goto(`${stack.platformUrl}/admin?shop=${shop}&locale=${locale}`);
    const app = (await (await page.waitForSelector("#app-frame")).contentFrame())!;
    await app.waitForFunction(() => "shopify" in window, undefined, { timeout: 30_000 });
    await app
      .getByRole("link", { name: locale === "es" ? "Configuración" : "Settings", exact: true })
      .first()
      .click();
    return app;
  }

  const followInStore = async (shop: string) =>
    (await (await fetch(`${stack.platformUrl}/admin/scopes?shop=${shop}`)).json()) as { granted: string[] };

  it("asks for the scopes when turned on, and asks nothing more once granted (es, 390 px)", async () => {
    const shop = "tienda-seguimiento.myshopify.com";
    const app = await openSettings(shop, "es", 390);
    const toggle = app.getByLabel("Actualizar el pedido de la tienda a medida que avanza el paquete");
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check({ force: true });
    const grant = app.getByTestId("scopes-grant");
    await grant.waitFor({ state: "visible", timeout: 10_000 });
    await shown(grant.getByText("Retener y liberar la preparación de pedidos de tus ubicaciones"));
    await screenshot(page, "follow-in-store-grant-es-390");
    await grant.getByRole("button", { name: "Conceder" }).click();
    await grant.waitFor({ state: "detached" });
    expect((await followInStore(shop)).granted).toEqual(
      expect.arrayContaining(["write_merchant_managed_fulfillment_orders", "write_third_party_fulfillment_orders"]),
    );
    await expect.poll(() => toggle.isChecked(), POLL).toBe(true);
    await shown(app.getByText("La tienda seguirá cada paquete"));
    await expect
      .poll(() => app.getByText("Seguir el paquete en la tienda necesita más permisos").count(), POLL)
      .toBe(0);
    expect(await app.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it("keeps the switch on when the merchant cancels, and says what is missing (en, 1400 px)", async () => {
    const shop = "tienda-sin-permisos.myshopify.com";
    const app = await openSettings(shop, "en", 1400);
    const toggle = app.getByLabel("Update the store order as the parcel moves");
    await toggle.waitFor();
    await toggle.check({ force: true });
    const grant = app.getByTestId("scopes-grant");
    await grant.waitFor({ state: "visible", timeout: 10_000 });
    await grant.getByRole("button", { name: "Cancel" }).click();
    await grant.waitFor({ state: "detached" });
    await shown(app.getByText("Following the parcel in the store needs more permissions"));
    await shown(app.getByText("hold, release and fulfil the shipments you fulfil yourself", { exact: false }));
    await shown(app.getByText("each parcel's statuses are still recorded and shown in this app", { exact: false }));
    expect(await toggle.isChecked()).toBe(true);
    expect((await followInStore(shop)).granted).not.toContain("write_merchant_managed_fulfillment_orders");
    await screenshot(page, "follow-in-store-missing-en-1400");
    expect(await seriousAxeFindings(app as unknown as Page)).toEqual([]);
    // Saved: opened again, the switch is on and the card still says what is missing.
    const again = await openSettings(shop, "en", 1400);
    await shown(again.getByText("Following the parcel in the store needs more permissions"));
    expect(await again.getByLabel("Update the store order as the parcel moves").isChecked()).toBe(true);
  });
});
