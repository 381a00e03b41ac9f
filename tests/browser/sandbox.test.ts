import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_REPO } from "../../sandbox/repo-host/server";
import { adminFetch, BROWSER_USER_AGENT, startStack, type Stack } from "../../sandbox/stack";
import { BROWSER_TIME_ZONE, launchBrowser, screenshot } from "./harness/browser";
import { shown } from "./harness/shown";

const SHOP = "tienda-paginas.myshopify.com";
const POLL = { timeout: 20_000, interval: 250 };

interface SimProduct {
  id: string;
  title: string;
  media: { nodes: unknown[] };
}

/**
 * The pages against the whole product: the sandbox's simulators, the app's real endpoints, and the sandbox's admin
 * page framing the app as the platform's admin does. One merchant's first session, in order: settings, a linked
 * product, its deletion, the theme, a failed delivery retried, then the home page. What the merchant sees is
 * asserted in the frame; what reached the outside systems is asserted on the simulators.
 */
describe("admin pages in the sandbox", () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let app: Frame;

  beforeAll(async () => {
    stack = await startStack({
      databaseFile: path.resolve(`tmp/browser/sandbox-${randomUUID()}.sqlite`),
      logLevel: "warn",
    });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  async function openAdmin(locale: "es" | "en") {
    await page?.close();
    page = await browser.newPage({
      userAgent: BROWSER_USER_AGENT,
      viewport: { width: 1440, height: 1000 },
      timezoneId: BROWSER_TIME_ZONE,
    });
    await page.goto(`${stack.platformUrl}/admin?shop=${SHOP}&locale=${locale}`);
    app = (await (await page.waitForSelector("#app-frame")).contentFrame())!;
    await app.waitForFunction(() => "shopify" in window, undefined, { timeout: 30_000 });
  }

  // The app's navigation menu, as the stand-in renders it.
  const go = (name: string) => app.getByRole("link", { name, exact: true }).first().click();
  const lastToast = () => app.getByTestId("toast").last().textContent();
  const sim = async <T>(url: string, init?: RequestInit) => (await (await fetch(url, init)).json()) as T;

  it("completes the settings with the live flow list", async () => {
    await openAdmin("es");
    await go("Configuración");
    await app.getByLabel("Clave de API").fill("sandbox-automation-key");
    await app.getByRole("button", { name: "Probar conexión: Plataforma de automatización" }).click();
    await expect.poll(() => app.getByText("Conectado: 4 flujos encontrados").isVisible(), POLL).toBe(true);
    await app.getByLabel("Flujo para pedidos nuevos").selectOption({ label: "Confirmar pedido contra entrega" });
    await app.getByLabel("Flujo para carritos abandonados").selectOption({ label: "Carrito abandonado" });
    await app.getByRole("button", { name: "Guardar automatización" }).click();
    await expect.poll(lastToast, POLL).toBe("Automatización guardada");

    await app.getByLabel("Nombre de la tienda").fill("Tienda Demo");
    await app.getByLabel("País").selectOption("CO");
    await app.getByLabel("Token de integración").fill("sandbox-supplier-token");
    await app.getByRole("button", { name: "Guardar y probar conexión" }).click();
    await expect.poll(lastToast, POLL).toBe("Marketplace del proveedor conectado");
    await shown(app.getByText("Token guardado: ••••", { exact: false }));
    // The token went to the automation platform's field for Colombia; the page never shows it.
    const { botFields } = await sim<{ botFields: { fieldId: string; value: string }[] }>(
      `${stack.automationUrl}/sim/bot-fields`,
    );
    expect(botFields.at(-1)).toMatchObject({ fieldId: "640597", value: "sandbox-supplier-token" });
    expect(await app.content()).not.toContain("sandbox-supplier-token");
    expect(await app.content()).not.toContain("sandbox-automation-key");
    await screenshot(page, "sandbox-settings-es");
  });

  it("links a supplier product with variant mapping and images; the store product changes", async () => {
    await openAdmin("es");
    await go("Catálogo del proveedor");
    await app.getByLabel("Buscar productos del proveedor").fill("camiseta deportiva");
    const linkButton = app
      .getByRole("button", { name: /^Vincular a un producto de la tienda: Camiseta deportiva/ })
      .first();
    await linkButton.waitFor({ timeout: 20_000 });
    const supplierName = (await linkButton.getAttribute("aria-label"))!.replace(
      "Vincular a un producto de la tienda: ",
      "",
    );
    await screenshot(page, "sandbox-catalogue-es");
    await linkButton.click();

    const dialog = app.getByRole("dialog");
    // The store product comes from the admin's resource picker: the simulator's 2-option shirt (Talla x Color).
    await dialog.getByRole("button", { name: "Elegir un producto de la tienda" }).click();
    const picker = app.getByTestId("resource-picker");
    await picker.getByLabel("Buscar productos").fill("Camiseta deportiva");
    await picker.getByRole("radio", { name: "Camiseta deportiva", exact: true }).check();
    await picker.getByRole("button", { name: "Seleccionar" }).click();
    const variations = dialog.getByRole("combobox", { name: /^Variación del proveedor, fila \d+$/ });
    await variations.first().waitFor({ timeout: 20_000 });
    // One row per store variant (3 sizes x 2 colours), each proposed a variation; any row left empty is mapped by hand.
    const count = await variations.count();
    expect(count).toBe(6);
    for (let index = 0; index < count; index++) {
      if (!(await variations.nth(index).inputValue())) await variations.nth(index).selectOption({ index: 1 });
    }
    await dialog.getByText("Usar el nombre del proveedor como título del producto").click();
    await dialog.getByText("Agregar imágenes del proveedor").click();
    const chosenImages = await dialog.getByRole("checkbox", { name: /^Imagen \d+ de/, checked: true }).count();
    expect(chosenImages).toBeGreaterThan(0);
    expect(chosenImages).toBeLessThanOrEqual(5);
    await screenshot(page, "sandbox-link-dialog-es");
    await dialog.getByRole("button", { name: "Revisar cambios" }).click();
    await dialog.getByText("Cambios en Camiseta deportiva").waitFor();
    await screenshot(page, "sandbox-link-preview-es");
    await dialog.getByRole("button", { name: "Confirmar y vincular" }).click();
    await expect.poll(lastToast, POLL).toBe("Producto vinculado");

    const { products } = await sim<{ products: SimProduct[] }>(`${stack.platformUrl}/sim/products?shop=${SHOP}`);
    const changed = products.find((product) => product.title === supplierName);
    expect(changed).toBeDefined();
    expect(changed!.media.nodes.length).toBeGreaterThanOrEqual(chosenImages);
    await shown(app.getByText("Vinculado", { exact: true }).filter({ visible: true }).first());
  });

  it("grants the optional scopes through the admin's grant screen, then syncs the linked product's stock and previews the price rule", async () => {
    await openAdmin("es");
    await go("Productos vinculados");
    // The stock sync needs the inventory scopes the app asks for after install: the admin's own grant screen.
    await app.getByRole("button", { name: "Conceder permisos" }).click();
    const grant = app.getByTestId("scopes-grant");
    await grant.getByRole("heading", { name: "Dar más acceso a la app" }).waitFor();
    await shown(grant.getByText("Ver y ajustar tu inventario"));
    await shown(grant.getByText("Ver tus ubicaciones"));
    await screenshot(page, "sandbox-scopes-grant-es");
    await grant.getByRole("button", { name: "Conceder" }).click();
    await grant.waitFor({ state: "detached" });
    // The simulator stored them and told the app (app/scopes_update) before the screen closed.
    const { granted } = await sim<{ granted: string[] }>(`${stack.platformUrl}/admin/scopes?shop=${SHOP}`);
    expect(granted).toEqual(expect.arrayContaining(["read_inventory", "write_inventory", "read_locations"]));
    const { deliveries } = await sim<{ deliveries: { topic: string; shop: string; status?: number }[] }>(
      `${stack.platformUrl}/sim/webhooks`,
    );
    expect(deliveries.filter((d) => d.topic === "app/scopes_update" && d.shop === SHOP).at(-1)?.status).toBe(200);

    await app.getByLabel("Sincronizar el stock con el proveedor").check({ force: true });
    await app.getByLabel("Ubicación cuyo stock sigue al proveedor").selectOption({ label: "Bodega principal" });
    await app.getByRole("button", { name: "Guardar", exact: true }).first().click();
    await expect.poll(lastToast, POLL).toBe("Configuración de sincronización guardada");
    const syncAll = app.getByRole("button", { name: "Sincronizar ahora", exact: true }).first();
    await expect.poll(() => syncAll.isEnabled(), POLL).toBe(true);
    await syncAll.click();
    await expect.poll(lastToast, POLL).toMatch(/^Sincronización terminada: \d+ cambios?$/);
    await shown(app.getByText(/^Última sincronización: .+ · \d+ cambios?$/));
    // The sync read and set the store's inventory through the scopes just granted.
    const operations = (
      await sim<{ requests: { shop: string; rootFields: string[]; status?: number }[] }>(
        `${stack.platformUrl}/sim/graphql`,
      )
    ).requests
      .filter((request) => request.shop === SHOP)
      .flatMap((request) => request.rootFields);
    expect(operations).toEqual(expect.arrayContaining(["locations"]));

    await app.getByLabel("Ajustar los precios con una regla").check({ force: true });
    await app.getByLabel("Multiplica el precio del proveedor por").fill("1,8");
    await app.getByRole("button", { name: "Ver vista previa" }).click();
    await shown(app.getByText("Vista previa: lo que pondrá la próxima sincronización"));
    await shown(app.getByText(/^\d+ precios? cambian?$/));
    await screenshot(page, "sandbox-stock-price-es");
  });

  it("grants the holds' scopes from the settings, and a new order is held on the platform", async () => {
    await openAdmin("es");
    await go("Configuración");
    await app.getByLabel("Empieza con un modelo").selectOption("tags-es");
    await app.getByRole("button", { name: "Usar modelo" }).click();
    await app.getByRole("button", { name: "Guardar respuestas" }).click();
    await expect.poll(lastToast, POLL).toBe("Reglas de respuesta guardadas");
    await app.getByLabel("Retener pedidos hasta que el comprador responda").check({ force: true });
    const grant = app.getByTestId("scopes-grant");
    // On a loaded machine the banner's first press has been seen to open nothing: press again, as a merchant
    // would, until the admin's grant screen is up (at most three presses; a screen that never opens still fails).
    for (let press = 1; press <= 3 && !(await grant.isVisible()); press++) {
      await app.getByRole("button", { name: "Conceder permisos" }).click();
      await grant.waitFor({ state: "visible", timeout: 5_000 }).catch(() => undefined);
    }
    await shown(grant.getByText("Retener y liberar la preparación de pedidos de tus ubicaciones"));
    await grant.getByRole("button", { name: "Conceder" }).click();
    await grant.waitFor({ state: "detached" });
    // Granted: a toast says so (it outlives the reload), and the page reloads its data without the banner.
    await expect.poll(lastToast, POLL).toBe("Permisos concedidos.");
    await expect.poll(() => app.getByRole("button", { name: "Conceder permisos" }).count(), POLL).toBe(0);
    expect(await app.getByLabel("Retener pedidos hasta que el comprador responda").isChecked()).toBe(true);
    await app.getByRole("button", { name: "Guardar retenciones" }).click();
    await expect.poll(lastToast, POLL).toBe("Retenciones guardadas");

    const { order } = await sim<{ order: { name: string } }>(`${stack.platformUrl}/sim/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ shop: SHOP, paymentGatewayNames: ["Pago contra entrega"] }),
    });
    // Routing comes a second after the order; the hold is placed when routing owes it.
    await expect
      .poll(async () => {
        const view = await sim<{ fulfillmentOrders: { status: string; holds: { owner: string }[] }[] }>(
          `${stack.platformUrl}/sim/fulfillment?shop=${SHOP}&order=${encodeURIComponent(order.name)}`,
        );
        return view.fulfillmentOrders.map((fulfillmentOrder) => fulfillmentOrder.status);
      }, POLL)
      .toEqual(["ON_HOLD"]);
  });

  it("deletes the association after confirmation", async () => {
    await openAdmin("es");
    await go("Productos vinculados");
    const deleteButton = app.getByRole("button", { name: /^Eliminar vínculo: / }).first();
    await deleteButton.waitFor({ timeout: 20_000 });
    // The mapping the real endpoint stored: one pair per store variant of the 2-option shirt.
    await shown(app.getByText("6 variantes asignadas").filter({ visible: true }));
    await screenshot(page, "sandbox-products-es");
    await deleteButton.click();
    await app.getByRole("dialog").getByRole("button", { name: "Eliminar vínculo" }).click();
    await expect.poll(lastToast, POLL).toBe("Vínculo eliminado");
    await expect.poll(() => app.getByText("Aún no hay productos vinculados").isVisible(), POLL).toBe(true);
  });

  it("installs the theme from the private repository", async () => {
    await openAdmin("es");
    await go("Tema");
    await app.getByLabel("Propietario del repositorio").fill(SANDBOX_REPO.owner);
    await app.getByLabel("Repositorio", { exact: true }).fill(SANDBOX_REPO.repo);
    await app.getByLabel("Rama").fill(SANDBOX_REPO.branch);
    await app.getByLabel("Token de acceso").fill(SANDBOX_REPO.token);
    await app.getByLabel("Nombre del tema").fill("Tema COD sandbox");
    await app.getByRole("button", { name: "Instalar tema" }).click();
    await expect.poll(lastToast, { ...POLL, timeout: 60_000 }).toBe("Tema instalado");
    await shown(app.getByText("Tema COD sandbox se instaló como tema sin publicar."));

    const { themes } = await sim<{ themes: { id: number; name: string; role: string }[] }>(
      `${stack.platformUrl}/sim/themes?shop=${SHOP}`,
    );
    const installed = themes.find((theme) => theme.name === "Tema COD sandbox");
    expect(installed?.role).toBe("unpublished");
    expect(await app.getByRole("link", { name: "Abrir en Temas" }).first().getAttribute("href")).toBe(
      `shopify://admin/themes/${installed!.id}`,
    );
    await screenshot(page, "sandbox-theme-es");
  });

  it("retries a delivery the automation platform refused, and the order gets its tags", async () => {
    await sim(`${stack.automationUrl}/sim/mode`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ trigger: { kind: "error", status: 422 } }),
    });
    const { order } = await sim<{ order: { name: string } }>(`${stack.platformUrl}/sim/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ shop: SHOP }),
    });
    await openAdmin("es");
    await go("Actividad del flujo");
    await app.getByLabel("Estado").selectOption("dead");
    const retry = app.getByRole("button", { name: `Reintentar: ${order.name}` });
    await expect
      .poll(async () => {
        await app.getByRole("button", { name: "Actualizar" }).click();
        return retry.isVisible();
      }, POLL)
      .toBe(true);
    await screenshot(page, "sandbox-deliveries-dead-es");

    await sim(`${stack.automationUrl}/sim/mode`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ trigger: { kind: "ok" } }),
    });
    await retry.click();
    await expect.poll(lastToast, POLL).toBe("En cola para enviarse de nuevo");
    // Delivered this time; the automation platform's callback tags the order.
    await expect
      .poll(
        async () => {
          const { orders } = await sim<{ orders: { name: string; tags: string[] }[] }>(
            `${stack.platformUrl}/sim/orders?shop=${SHOP}`,
          );
          return orders.find((candidate) => candidate.name === order.name)?.tags ?? [];
        },
        { ...POLL, timeout: 30_000 },
      )
      .toContain("automation-processed");
    await app.getByLabel("Estado").selectOption("delivered");
    await expect
      .poll(async () => {
        await app.getByRole("button", { name: "Actualizar" }).click();
        return app.getByRole("table").getByText(order.name).isVisible();
      }, POLL)
      .toBe(true);
  });

  it("shows the home page in Spanish with the shop's real state", async () => {
    await openAdmin("es");
    await expect.poll(() => app.getByRole("heading", { name: "Configuración inicial" }).isVisible(), POLL).toBe(true);
    // Automation, flows, supplier and theme are done; the only link was deleted.
    await expect.poll(() => app.getByText("4 de 5 pasos completados").isVisible(), POLL).toBe(true);
    const orders = app.getByRole("table");
    await orders.waitFor();
    await shown(orders.getByText("automation-processed").first());
    expect(await orders.textContent()).toMatch(/\d{1,3}(\.\d{3})+\sCOP/);
    expect(await app.locator("html").getAttribute("lang")).toBe("es");
    await screenshot(page, "sandbox-home-es");
  });

  it("runs the whole loop from the home page: a real test order tagged by the flow's callback, then deleted", async () => {
    await sim(`${stack.automationUrl}/sim/mode`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ trigger: { kind: "ok" }, callback: { delayMs: 300, status: "success" } }),
    });
    // The merchant's order rules hold orders without a mobile and send only in a window that is closed now
    // (Bogotá): the test order has no buyer and goes past them (docs/decisions/306). Holds are on (above).
    const bogotaHour = new Date(Date.now() - 5 * 3_600_000).getUTCHours();
    const hour = (h: number) => `${String(h % 24).padStart(2, "0")}:15`;
    const rules = (window: Record<string, string>) =>
      adminFetch(stack, SHOP, "/app/order-rules", {
        method: "POST",
        body: new URLSearchParams({ noPhoneAction: "hold", ...window }),
      });
    expect(
      (
        await rules({
          sendingHoursOn: "on",
          sendingHoursFrom: hour(bogotaHour + 2),
          sendingHoursTo: hour(bogotaHour + 3),
        })
      ).status,
    ).toBe(200);
    await openAdmin("es");
    await app.getByRole("button", { name: "Iniciar la prueba" }).click();
    const result = app.locator("[data-testid=loop-test][data-outcome=passed]");
    await result.waitFor({ timeout: 30_000 });
    expect(await rules({ noPhoneAction: "send" }).then((response) => response.status)).toBe(200);
    expect(await app.locator("[data-step=tag][data-state=done]").innerText()).toMatch(/a los \d+(,\d)? s/);
    expect(await app.locator("[data-step=hold][data-state=done]").count()).toBe(1);
    expect(await app.locator("[data-step=release][data-state=done]").count()).toBe(1);
    const cleanup = app.getByText(/El pedido de prueba #\d+ se eliminó\./);
    await cleanup.waitFor();
    const name = /#\d+/.exec((await cleanup.textContent()) ?? "")![0];
    // The order went through the simulated platform and is gone from it; the flow was triggered for it once.
    expect((await fetch(`${stack.platformUrl}/sim/orders/${name.slice(1)}?shop=${SHOP}`)).status).toBe(404);
    const { triggers } = await sim<{ triggers: { payload: { orderName: string } }[] }>(
      `${stack.automationUrl}/sim/triggers`,
    );
    expect(triggers.filter((trigger) => trigger.payload.orderName === name)).toHaveLength(1);
    await screenshot(page, "sandbox-loop-test-es");
  });

  it("installs the theme from the public archive URL the sandbox prints", async () => {
    await openAdmin("es");
    await go("Tema");
    await app.getByText("URL pública de un archivo ZIP").click();
    // The URL `npm run sandbox` prints: plain http, which this server fetches (loopback), so the page takes it.
    await app.getByLabel("URL del ZIP del tema").fill(`${stack.repoHostUrl}/public/tema-cod.zip`);
    await app.getByLabel("Nombre del tema").fill("Tema COD público");
    await app.getByRole("button", { name: "Instalar tema" }).click();
    expect(await app.getByText("Ingresa una dirección que empiece por https://").count()).toBe(0);
    await expect.poll(lastToast, { ...POLL, timeout: 60_000 }).toBe("Tema instalado");
  });

  it("fits a phone: the admin stand-in and the app's pages scroll only downwards at 390 px", async () => {
    await page?.close();
    page = await browser.newPage({ userAgent: BROWSER_USER_AGENT, viewport: { width: 390, height: 844 } });
    await page.goto(`${stack.platformUrl}/admin?shop=${SHOP}&locale=es`);
    app = (await (await page.waitForSelector("#app-frame")).contentFrame())!;
    await app.waitForFunction(() => "shopify" in window, undefined, { timeout: 30_000 });
    const sideways = (target: Page | Frame) =>
      target.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    for (const [link, heading] of [
      ["Inicio", "Automatización de pedidos"],
      ["Configuración", "Configuración"],
      ["Actividad del flujo", "Actividad del flujo"],
    ] as const) {
      await go(link);
      await app.getByRole("heading", { name: heading, exact: true }).waitFor({ timeout: 20_000 });
      expect(await sideways(page), `admin, ${link}`).toBeLessThanOrEqual(0);
      expect(await sideways(app), `app, ${link}`).toBeLessThanOrEqual(0);
    }
    await screenshot(page, "sandbox-390-es");
  });

  it("shows the order page's block and action in each state", async () => {
    await page?.close();
    page = await browser.newPage({ viewport: { width: 520, height: 700 } });
    await page.goto(`${stack.platformUrl}/admin/extensions/order-automation-block?state=paused&locale=es`);
    await shown(page.getByText("La automatización está en pausa: este pedido sale al reanudarla en la app."));
    await page.goto(`${stack.platformUrl}/admin/extensions/order-automation-action?state=sent&locale=en`);
    await shown(page.getByText(/^This order's flow already ran\./));
    expect((await fetch(`${stack.platformUrl}/admin/extensions/other?state=sent`)).status).toBe(404);
  });

  it("opens every page in English, with nothing thrown", async () => {
    await openAdmin("en");
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const tour = [
      ["Settings", "Settings"],
      ["Supplier catalogue", "Supplier catalogue"],
      ["Linked products", "Linked products"],
      ["Flow activity", "Flow activity"],
      ["Theme", "Install the theme"],
      ["Home", "Order automation"],
    ] as const;
    for (const [link, heading] of tour) {
      await go(link);
      await app.getByRole("heading", { name: heading, exact: true }).waitFor({ timeout: 20_000 });
      await expect.poll(() => app.locator("[aria-busy=true]").count(), POLL).toBe(0);
      await screenshot(page, `sandbox-${link.toLowerCase().replace(/ /g, "-")}-en`);
    }
    expect(errors).toEqual([]);
  });
});
