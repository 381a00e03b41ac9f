import { describe, expect, it } from "vitest";
import { screenshot } from "./harness/browser";
import { useAdmin } from "./harness/fixture";
import { browserDatabase } from "./harness/database";
import type { FakeApi } from "./harness/fake-api";
import { configuredShop, withOrdersAndDeliveries } from "./harness/seed";
import { newShopFrom } from "./harness/shops";

/** The `/api/*` calls the page made (the layout's alert check aside, which every page makes). */
function pageApiCalls(api: FakeApi) {
  return api.calls.filter((call) => call.path !== "/api/alerts").map((call) => `${call.method} ${call.path}`);
}

describe("deliveries", () => {
  const admin = useAdmin();

  for (const locale of ["es", "en"] as const) {
    it(`filters the log to failed deliveries and retries a dead one, through the loader and action (${locale})`, async () => {
      const es = locale === "es";
      const api = withOrdersAndDeliveries(configuredShop(admin.shop));
      const seeded = await newShopFrom("deliveries", api);
      const page = await admin.open(api, "/app/deliveries", locale, undefined, seeded.shop);
      // The first HTML already holds the log: no skeleton, no request for it from the browser.
      const table = page.getByRole("table");
      await table.getByText("#1004").waitFor();
      // A dead delivery offers a retry, a waiting one is sent now; a delivered one offers neither.
      expect(await page.getByRole("button", { name: es ? /^Reintentar: / : /^Retry: / }).count()).toBe(1);
      expect(await page.getByRole("button", { name: es ? "Enviar ahora: #1003" : "Send now: #1003" }).isVisible()).toBe(
        true,
      );
      // The order opens in the store's admin: the platform's id of the order the webhook brought.
      const stored = await browserDatabase().delivery.findUniqueOrThrow({ where: { id: seeded.deliveryId("d_1004") } });
      expect(await table.getByRole("link", { name: "#1004", exact: true }).getAttribute("href")).toBe(
        `shopify://admin/orders/${stored.orderId!.split("/").at(-1)}`,
      );
      await screenshot(page, `deliveries-${locale}`);

      await page.getByLabel(es ? "Estado" : "Status").selectOption("dead");
      await expect.poll(() => table.getByText("#1004").count()).toBe(0);
      expect(new URL(page.url()).searchParams.get("status")).toBe("dead");
      // Why it failed in the merchant's language, not the server's English sentence (docs/decisions/130).
      const why = es
        ? "La plataforma de automatización no aceptó el pedido (HTTP 422)"
        : "The automation platform did not accept the order (HTTP 422)";
      expect(await table.getByText(why).isVisible()).toBe(true);
      if (es) expect(await page.getByText(/Automation platform answered/).count()).toBe(0);

      await page.getByRole("button", { name: es ? "Reintentar: #1002" : "Retry: #1002" }).click();
      await expect
        .poll(() => page.getByTestId("toast").textContent())
        .toBe(es ? "En cola para enviarse de nuevo" : "Queued to be sent again");
      // What the action stored: the dead delivery queued again as a replay with fresh attempts.
      await expect
        .poll(() => browserDatabase().delivery.findUnique({ where: { id: seeded.deliveryId("d_1002") } }))
        .toMatchObject({ status: "queued", attempts: 0, replays: 1, lastErrorCode: null });
      // Requeued, it leaves the list of dead deliveries (the action's answer reloads the loader).
      // An empty filter says so, and offers the way back (not "orders appear here when they arrive").
      const emptyFilter = es ? "No hay pedidos con el estado «Sin enviar»" : "No orders with the status “Not sent”";
      await expect.poll(() => page.getByText(emptyFilter).isVisible()).toBe(true);
      await page.getByRole("button", { name: es ? "Ver todos" : "Show all" }).click();
      await expect.poll(() => table.getByText("#1004").isVisible()).toBe(true);
      expect(pageApiCalls(api)).toEqual([]);
    });
  }

  it("shows a delivery's attempts, callback and order summary, and retries it from there", async () => {
    const api = withOrdersAndDeliveries(configuredShop(admin.shop));
    const page = await admin.open(api, "/app/deliveries/d_1002", "en");
    await expect
      .poll(() => page.getByRole("heading", { name: "Order sent to the flow: #1002" }).isVisible())
      .toBe(true);
    expect(await page.getByText("Not sent", { exact: true }).first().isVisible()).toBe(true);
    // The flow by its name, and the attempts as many as the log shows.
    expect(await page.getByText("Confirmación de pedido COD", { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByRole("table").getByRole("row").count()).toBe(9);
    expect(await page.getByText("The automation platform has not called back yet.").isVisible()).toBe(true);
    // The platform's own words only as a detail under the message, on the summary and on every attempt.
    expect(await page.getByText("The automation platform did not accept the order (HTTP 422)").count()).toBe(9);
    expect(await page.getByText("Detail: Flow is paused").count()).toBe(9);
    expect(await page.getByText(/^Total: COP\s89,900$/).isVisible()).toBe(true);
    await screenshot(page, "delivery-detail-en");

    await page.getByRole("button", { name: "Retry" }).click();
    await expect.poll(() => page.getByTestId("toast").textContent()).toBe("Queued to be sent again");
    await expect.poll(() => page.getByText("Queued", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Retry" }).count()).toBe(0);
  });

  it("words a missing delivery in the merchant's language, not the server's sentence", async () => {
    const page = await admin.open(configuredShop(admin.shop), "/app/deliveries/d_missing", "es");
    await expect.poll(() => page.getByText("Este elemento ya no existe. Recarga la página.").isVisible()).toBe(true);
    expect(await page.getByText("Delivery not found").count()).toBe(0);
  });
});
