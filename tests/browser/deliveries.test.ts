import { describe, expect, it } from "vitest";
import { screenshot } from "./harness/browser";
import { useAdmin } from "./harness/fixture";
import { configuredShop, withOrdersAndDeliveries } from "./harness/seed";

describe("deliveries", () => {
  const admin = useAdmin();

  it("filters the log to failed deliveries and retries a dead one", async () => {
    const api = withOrdersAndDeliveries(configuredShop(admin.shop));
    const page = await admin.open(api, "/app/deliveries", "es");
    const table = page.getByRole("table");
    await table.getByText("#1004").waitFor();
    // A dead delivery offers a retry, a waiting one is sent now; a delivered one offers neither.
    expect(await page.getByRole("button", { name: /^Reintentar/ }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Enviar ahora: #1003" }).isVisible()).toBe(true);
    // The order opens in the store's admin.
    expect(await table.getByRole("link", { name: "#1004", exact: true }).getAttribute("href")).toBe(
      "shopify://admin/orders/551004",
    );
    await screenshot(page, "deliveries-es");

    await page.getByLabel("Estado").selectOption("dead");
    await expect.poll(() => table.getByText("#1004").count()).toBe(0);
    expect(api.callsTo("GET", "/api/deliveries").at(-1)?.query.get("status")).toBe("dead");
    // Why it failed in the merchant's language, not the server's English sentence (docs/decisions/130).
    expect(await table.getByText("La plataforma de automatización no aceptó el pedido (HTTP 422)").isVisible()).toBe(
      true,
    );
    expect(await page.getByText(/Automation platform answered/).count()).toBe(0);

    await page.getByRole("button", { name: "Reintentar: #1002" }).click();
    await expect.poll(() => page.getByTestId("toast").textContent()).toBe("En cola para enviarse de nuevo");
    expect(api.callsTo("POST", "/api/deliveries/d_1002/retry")).toHaveLength(1);
    // Requeued, it leaves the list of dead deliveries.
    // An empty filter says so, and offers the way back (not "orders appear here when they arrive").
    await expect.poll(() => page.getByText("No hay pedidos con el estado «Sin enviar»").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Ver todos" }).click();
    await expect.poll(() => table.getByText("#1004").isVisible()).toBe(true);
  });

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
