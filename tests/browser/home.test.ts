import { describe, expect, it } from "vitest";
import { screenshot } from "./harness/browser";
import { FakeApi } from "./harness/fake-api";
import { useAdmin } from "./harness/fixture";
import { configuredShop, withOrdersAndDeliveries } from "./harness/seed";

describe("home page", () => {
  const admin = useAdmin();

  it("shows the checklist, delivery health and recent orders in Spanish", async () => {
    const api = withOrdersAndDeliveries(configuredShop(admin.shop));
    const page = await admin.open(api, "/app", "es");

    await expect.poll(() => page.getByRole("heading", { name: "Configuración inicial" }).isVisible()).toBe(true);
    // Automation, flows and supplier are set; no product linked and no theme yet.
    await expect.poll(() => page.getByText("3 de 5 pasos completados").isVisible()).toBe(true);
    expect(
      await page
        .getByRole("link", { name: "Configurar: Vincula un producto del proveedor con un producto de la tienda" })
        .isVisible(),
    ).toBe(true);
    // Each step says what it is for.
    expect(await page.getByText("Un producto vinculado toma el nombre").isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Pedidos enviados al flujo, últimas 24 horas" }).isVisible()).toBe(
      true,
    );
    expect(await page.getByRole("link", { name: "Ver la actividad del flujo", exact: true }).isVisible()).toBe(true);
    // Each non-zero count leads to the log filtered by its status.
    expect(await page.getByRole("link", { name: "Ver la actividad del flujo: Sin enviar" }).getAttribute("href")).toBe(
      "/app/deliveries?status=dead",
    );

    const orders = page.getByRole("table");
    await expect.poll(() => orders.getByText("#1004").isVisible()).toBe(true);
    // Colombian pesos as a Spanish-speaking merchant reads them, and the tags the automation left.
    expect(await orders.textContent()).toMatch(/139\.800\sCOP/);
    expect(await orders.getByText("automation-error").isVisible()).toBe(true);
    // An order placed before the app was installed says so, not that it has no tags yet (docs/decisions/131).
    expect(await orders.getByText("Anterior a la instalación de la app", { exact: true }).isVisible()).toBe(true);
    expect(await orders.getByText("Sin etiquetas", { exact: true }).count()).toBe(0);
    // The navigation menu speaks Spanish too.
    expect(await page.getByRole("navigation", { name: "App" }).textContent()).toContain("Catálogo del proveedor");
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    await screenshot(page, "home-es");
  });

  it("guides a new shop through every setup step, in English", async () => {
    const page = await admin.open(new FakeApi(admin.shop), "/app", "en");
    await expect.poll(() => page.getByText("0 of 5 steps completed").isVisible()).toBe(true);
    expect(
      await page.getByRole("link", { name: "Set up: Connect the automation platform" }).getAttribute("href"),
    ).toContain("/app/settings");
    // Sequential: the flows wait for the API key; the theme needs nothing first.
    expect(
      await page.getByRole("link", { name: "Set up: Choose the new-order and abandoned-cart flows" }).count(),
    ).toBe(0);
    expect(await page.getByText("Available after: Connect the automation platform").first().isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Set up: Install the theme" }).isVisible()).toBe(true);
    // The orders card loads on its own and may answer after the checklist.
    await expect.poll(() => page.getByText("No orders yet.", { exact: false }).isVisible()).toBe(true);
    await screenshot(page, "home-en-new-shop");
  });
});
