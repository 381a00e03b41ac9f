import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./harness/axe";
import { screenshot } from "./harness/browser";
import { newShop } from "./harness/database";
import { useAdmin } from "./harness/fixture";
import { configuredShop, withOrdersAndDeliveries } from "./harness/seed";
import { newShopFrom } from "./harness/shops";
import { revokePlatformTokens, seedPlatformShop } from "./harness/simulator-seed";
import { shown } from "./harness/shown";

describe("home page", () => {
  const admin = useAdmin();

  it("shows the checklist, delivery health and recent orders in Spanish, from the loader", async () => {
    const api = withOrdersAndDeliveries(configuredShop());
    const seeded = await newShopFrom("home", api);
    const page = await admin.open(seeded.shop, "/app", "es");

    await expect.poll(() => page.getByRole("heading", { name: "Configuración inicial" }).isVisible()).toBe(true);
    // Automation, flows and supplier are set; no product linked and no theme yet.
    await expect.poll(() => page.getByText("3 de 5 pasos completados").isVisible()).toBe(true);
    await shown(
      page.getByRole("link", { name: "Configurar: Vincula un producto del proveedor con un producto de la tienda" }),
    );
    // Each step says what it is for.
    await shown(page.getByText("Un producto vinculado toma el nombre"));
    await shown(page.getByRole("heading", { name: "Pedidos enviados al flujo, últimas 24 horas" }));
    await shown(page.getByRole("link", { name: "Ver la actividad del flujo", exact: true }));
    // Each non-zero count leads to the log filtered by its status.
    expect(await page.getByRole("link", { name: "Ver la actividad del flujo: Sin enviar" }).getAttribute("href")).toBe(
      "/app/deliveries?status=dead",
    );

    const orders = page.getByRole("table");
    await expect.poll(() => orders.getByText("#1004").isVisible()).toBe(true);
    // Colombian pesos as a Spanish-speaking merchant reads them, and the tags the automation left.
    expect(await orders.textContent()).toMatch(/\d{1,3}(\.\d{3})+\sCOP/);
    await shown(orders.getByText("automation-error"));
    // An order placed before the app was installed says so, not that it has no tags yet (docs/decisions/131).
    await shown(orders.getByText("Anterior a la instalación de la app", { exact: true }));
    expect(await orders.getByText("Sin etiquetas", { exact: true }).count()).toBe(0);
    // The navigation menu speaks Spanish too.
    expect(await page.getByRole("navigation", { name: "App" }).textContent()).toContain("Catálogo del proveedor");
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    await screenshot(page, "home-es");
    expect(await seriousAxeFindings(page)).toEqual([]);
  });

  it("guides a new shop through every setup step, in English", async () => {
    const shop = await newShop("new-shop");
    // A store with no orders yet.
    await seedPlatformShop(shop, { orders: [] });
    const page = await admin.open(shop, "/app", "en", 390);
    await expect.poll(() => page.getByText("0 of 5 steps completed").isVisible()).toBe(true);
    expect(
      await page.getByRole("link", { name: "Set up: Connect the automation platform" }).getAttribute("href"),
    ).toContain("/app/settings");
    // Sequential: the flows wait for the API key; the theme needs nothing first.
    expect(
      await page.getByRole("link", { name: "Set up: Choose the new-order and abandoned-cart flows" }).count(),
    ).toBe(0);
    await shown(page.getByText("Available after: Connect the automation platform").first());
    await shown(page.getByRole("link", { name: "Set up: Install the theme" }));
    // The orders card loads on its own and may answer after the checklist.
    await expect.poll(() => page.getByText("No orders yet.", { exact: false }).isVisible()).toBe(true);
    await screenshot(page, "home-en-new-shop-390");
    expect(await seriousAxeFindings(page)).toEqual([]);
  });

  it("says the platform's failure on the orders card, in the merchant's language, and keeps the rest", async () => {
    const api = configuredShop();
    const seeded = await newShopFrom("home-refused", api);
    // The platform no longer takes the app's token (the shop removed the app meanwhile).
    await revokePlatformTokens(seeded.shop);
    const page = await admin.open(seeded.shop, "/app", "en", 1400);
    await expect.poll(() => page.getByText("3 of 5 steps completed").isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("button", { name: "Try again" }).isVisible()).toBe(true);
    // What happened and what to do, not "Something went wrong".
    const banner = page.locator(".Polaris-Banner");
    expect(await banner.textContent()).toContain(
      "Your store no longer accepts the app's access. Open the app again from your store's admin to reconnect it",
    );
    expect(await page.getByText("Something went wrong").count()).toBe(0);
    expect(await page.getByText(/Invalid API key or access token|refused to refresh/).count()).toBe(0);
    await screenshot(page, "home-en-orders-failed");

    // What the message says is what fixes it (docs/decisions/187): the refused token was cleared, so the page's
    // next request exchanges its session token for a new one, and the orders card loads; no reinstall.
    await page.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Try again" }).count()).toBe(0);
    expect(await page.getByText("Your store no longer accepts the app's access", { exact: false }).count()).toBe(0);
    // The card now lists the store's orders (the platform's five seeded ones).
    await expect.poll(() => page.getByRole("table").getByText("#1005").isVisible()).toBe(true);
  });

  it("tells a Spanish-speaking merchant to reconnect when the platform refuses the app's token", async () => {
    const api = configuredShop();
    const seeded = await newShopFrom("home-refused-es", api);
    await revokePlatformTokens(seeded.shop);
    const page = await admin.open(seeded.shop, "/app", "es", 390);
    await expect.poll(() => page.getByRole("button", { name: "Reintentar" }).isVisible()).toBe(true);
    expect(await page.locator(".Polaris-Banner").textContent()).toContain(
      "Tu tienda ya no acepta el acceso de la app. Vuelve a abrir la app desde el administrador de tu tienda",
    );
    expect(await page.getByText(/Algo salió mal|no longer accepts/).count()).toBe(0);
    await screenshot(page, "home-es-orders-refused-390");
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});
