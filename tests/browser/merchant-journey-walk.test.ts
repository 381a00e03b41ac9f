import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extensionPage } from "../../sandbox/extension-stand-in";
import { registerStatusReceiver } from "../../sandbox/status-receiver";
import {
  adminFetch,
  BROWSER_USER_AGENT,
  configureShop,
  installShop,
  SANDBOX_SUPPLIER_TOKEN,
  startStack,
  type Stack,
} from "../../sandbox/stack";
import { BROWSER_TIME_ZONE, launchBrowser, screenshot } from "./harness/browser";
import { shown } from "./harness/shown";

const SHOP = "tienda-recorrido.myshopify.com";
const POLL = { timeout: 30_000, interval: 300 };

/**
 * A Colombian merchant's walk through the parcel's journey in the sandbox, in Spanish: turn on following the
 * parcel (granting the scopes on the admin's screen), an order confirmed by the buyer (the flow places the supplier
 * order), one parcel walked to ENTREGADO and another to DEVUELTO by the supplier simulator, then every screen read
 * as the merchant reads it, at 1400 and 390 px. What the platform simulator holds is checked against what was said.
 */
describe("the merchant's walk through the parcel's journey in the sandbox (es)", () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  const sim = async <T>(url: string, init?: RequestInit) => (await (await fetch(url, init)).json()) as T;
  const post = (url: string, body: unknown) =>
    sim<Record<string, unknown>>(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    stack = await startStack({
      databaseFile: path.resolve(`tmp/browser/journey-walk-${randomUUID()}.sqlite`),
      logLevel: "warn",
    });
    await post(`${stack.platformUrl}/sim/shops`, { shop: SHOP });
    await post(`${stack.platformUrl}/sim/shops/time-zone`, { shop: SHOP, timeZone: "America/Bogota" });
    await installShop(stack, SHOP);
    for (const result of await configureShop(stack, SHOP)) expect(result.status, result.step).toBe(200);
    await registerStatusReceiver(stack, SHOP, SANDBOX_SUPPLIER_TOKEN);
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await page?.close();
    await browser?.close();
    await stack?.stop();
  });

  async function openAdmin(width: number): Promise<Frame> {
    await page?.close();
    page = await browser.newPage({
      userAgent: BROWSER_USER_AGENT,
      viewport: { width, height: 1000 },
      timezoneId: BROWSER_TIME_ZONE,
    });
    await page.goto(`${stack.platformUrl}/admin?shop=${SHOP}&locale=es`);
    const app = (await (await page.waitForSelector("#app-frame")).contentFrame())!;
    await app.waitForFunction(() => "shopify" in window, undefined, { timeout: 30_000 });
    return app;
  }
  const go = (app: Frame, name: string) => app.getByRole("link", { name, exact: true }).first().click();

  /** A new order, the flow's trigger, the buyer's "sí": the flow places the supplier order; its id. */
  async function confirmedOrder(): Promise<{ name: string; id: string; supplierOrderId: string }> {
    const created = (await post(`${stack.platformUrl}/sim/orders`, { shop: SHOP })) as {
      order: { id: string; name: string };
    };
    const { name, id } = created.order;
    await expect
      .poll(async () => {
        const { triggers } = await sim<{ triggers: { payload: { orderName: string } }[] }>(
          `${stack.automationUrl}/sim/triggers`,
        );
        return triggers.some((trigger) => trigger.payload.orderName === name);
      }, POLL)
      .toBe(true);
    await post(`${stack.automationUrl}/sim/answer`, { orderName: name, status: "confirmed" });
    const { placed } = await sim<{ placed: { orderName: string; supplierOrderId: string | null; error: string }[] }>(
      `${stack.automationUrl}/sim/supplier-orders`,
    );
    const mine = placed.find((record) => record.orderName === name);
    expect(mine?.error ?? null).toBeNull();
    return { name, id, supplierOrderId: String(mine!.supplierOrderId) };
  }

  const journey = async (orderId: string) =>
    (await (await adminFetch(stack, SHOP, `/api/orders/journey?orderId=${encodeURIComponent(orderId)}`)).json()) as {
      supplierOrders: { guide: string | null; stage: string; rawStatus: string }[];
    };

  async function moveTo(order: { id: string; supplierOrderId: string }, status: string) {
    const moved = await post(`${stack.supplierUrl}/sim/orders/${order.supplierOrderId}/status`, { status });
    expect(moved.error ?? null, `${status}: ${JSON.stringify(moved)}`).toBeNull();
    await expect.poll(async () => JSON.stringify(await journey(order.id)), POLL).toContain(status);
  }

  let delivered: { name: string; id: string; supplierOrderId: string };
  let returned: { name: string; id: string; supplierOrderId: string };

  it("turns on following the parcel and grants the scopes on the admin's screen (1400 px)", async () => {
    const app = await openAdmin(1400);
    await go(app, "Configuración");
    const toggle = app.getByLabel("Actualizar el pedido de la tienda a medida que avanza el paquete");
    await toggle.waitFor();
    await toggle.check({ force: true });
    const grant = app.getByTestId("scopes-grant");
    await grant.waitFor({ state: "visible", timeout: 10_000 });
    await screenshot(page, "journey-walk-grant-es-1400");
    await grant.getByRole("button", { name: "Conceder" }).click();
    await grant.waitFor({ state: "detached" });
    await shown(app.getByText("La tienda seguirá cada paquete"));
    await screenshot(page, "journey-walk-settings-es-1400");
  });

  it("walks one parcel to ENTREGADO and another to DEVUELTO", async () => {
    delivered = await confirmedOrder();
    for (const status of ["GUIA_GENERADA", "EN TRANSITO", "EN REPARTO", "ENTREGADO"]) await moveTo(delivered, status);
    returned = await confirmedOrder();
    for (const status of ["GUIA_GENERADA", "EN TRANSITO", "NOVEDAD", "DEVOLUCION", "DEVUELTO"]) {
      await moveTo(returned, status);
    }
    console.log(JSON.stringify(await journey(delivered.id), null, 1));
  }, 120_000);

  it("the platform holds the delivered order fulfilled with its tracking and paid, the returned one cancelled", async () => {
    const platformOrder = async (name: string) =>
      (
        await sim<{ order: Record<string, unknown> }>(
          `${stack.platformUrl}/sim/orders/${encodeURIComponent(name)}?shop=${SHOP}`,
        )
      ).order;
    // The guide came within a second of the buyer's "sí", before the platform routed the order: the fulfilment
    // waits for its fulfilment orders and is tried again on the step's schedule (30 s).
    const LATER = { timeout: 120_000, interval: 1_000 };
    await expect.poll(async () => (await platformOrder(delivered.name)).displayFinancialStatus, LATER).toBe("PAID");
    const order = await platformOrder(delivered.name);
    console.log(JSON.stringify({ ...order, lineItems: undefined, customer: undefined, shippingAddress: undefined }));
    expect(order.displayFulfillmentStatus).toBe("FULFILLED");
    // What the app asked of the platform, in order (the simulator's log keeps operation names, not variables).
    const { requests } = await sim<{ requests: { shop: string; rootFields: string[] }[] }>(
      `${stack.platformUrl}/sim/graphql`,
    );
    const asked = requests.filter((request) => request.shop === SHOP).flatMap((request) => request.rootFields);
    console.log(`ASKED ${asked.join(" ")}`);
    expect(asked).toEqual(expect.arrayContaining(["fulfillmentCreate", "fulfillmentEventCreate", "orderMarkAsPaid"]));
    await expect.poll(async () => (await platformOrder(returned.name)).cancelledAt, LATER).not.toBeNull();
    const back = await platformOrder(returned.name);
    console.log(JSON.stringify({ ...back, lineItems: undefined, customer: undefined, shippingAddress: undefined }));
  }, 300_000);

  it("reads home, settings and the log with each parcel's stage (1400 and 390 px)", async () => {
    for (const width of [1400, 390]) {
      const app = await openAdmin(width);
      await shown(app.getByRole("heading", { name: "Automatización de pedidos", exact: true }).first());
      await page.waitForTimeout(1000);
      await screenshot(page, `journey-walk-home-es-${width}`);
      await go(app, "Configuración");
      const toggle = app.getByLabel("Actualizar el pedido de la tienda a medida que avanza el paquete");
      await toggle.waitFor();
      await toggle.scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
      await screenshot(page, `journey-walk-settings-es-${width}`);
      // Saved and granted: on again, and the card asks for nothing more.
      expect(await toggle.isChecked()).toBe(true);
      expect(await app.getByText("Seguir el paquete en la tienda necesita más permisos").count()).toBe(0);
      await go(app, "Actividad del flujo");
      const link = app.getByRole("link", { name: delivered.name, exact: true }).first();
      await shown(link);
      await page.waitForTimeout(500);
      await screenshot(page, `journey-walk-log-es-${width}`);
      // At 390 px the stand-in stacks its own "Orders on the platform" panel over the frame, which clips the log
      // after its first row: the parcel shows there (screenshot) but is not asserted.
      if (width === 1400) {
        await shown(app.locator('[data-parcel="delivered"]').first());
        await shown(app.locator('[data-parcel="returned"]').first());
      }
    }
  });

  it("exports the log with each parcel's stage", async () => {
    const response = await adminFetch(stack, SHOP, "/app/deliveries/export?locale=es");
    const csv = await response.text();
    console.log(`EXPORT ${response.status}\n${csv}`);
    expect(response.status).toBe(200);
  });

  it("reads the order page's block with the app's real answers (1400 and 390 px)", async () => {
    for (const order of [delivered, returned]) {
      const answers: Record<string, { status: number; body: unknown }> = {};
      for (const pathname of ["/api/deliveries", "/api/orders/journey", "/api/orders/hold"]) {
        const response = await adminFetch(stack, SHOP, `${pathname}?orderId=${encodeURIComponent(order.id)}`);
        answers[`GET ${pathname}`] = { status: response.status, body: await response.json() };
      }
      for (const width of [1400, 390]) {
        await page?.close();
        page = await browser.newPage({ viewport: { width, height: 900 }, timezoneId: BROWSER_TIME_ZONE });
        await page.setContent(
          await extensionPage("order-automation-block", { locale: "es", orderId: order.id, answers }),
        );
        await page.waitForTimeout(1500);
        await screenshot(page, `journey-walk-block-${order === delivered ? "delivered" : "returned"}-es-${width}`);
      }
    }
  });
});
