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
    // Only dead (and skipped) deliveries offer a retry.
    expect(await page.getByRole("button", { name: /^Reintentar/ }).count()).toBe(1);
    await screenshot(page, "deliveries-es");

    await page.getByLabel("Estado").selectOption("dead");
    await expect.poll(() => table.getByText("#1004").count()).toBe(0);
    expect(api.callsTo("GET", "/api/deliveries").at(-1)?.query.get("status")).toBe("dead");
    expect(await table.getByText("HTTP 422: flow is paused").isVisible()).toBe(true);

    await page.getByRole("button", { name: "Reintentar: #1002" }).click();
    await expect.poll(() => page.getByTestId("toast").textContent()).toBe("Envío en cola de nuevo");
    expect(api.callsTo("POST", "/api/deliveries/d_1002/retry")).toHaveLength(1);
    // Requeued, it leaves the list of dead deliveries.
    await expect.poll(() => page.getByText("No hay envíos").isVisible()).toBe(true);
  });

  it("shows a delivery's attempts, callback and order summary, and retries it from there", async () => {
    const api = withOrdersAndDeliveries(configuredShop(admin.shop));
    const page = await admin.open(api, "/app/deliveries/d_1002", "en");
    await expect.poll(() => page.getByRole("heading", { name: "Delivery #1002" }).isVisible()).toBe(true);
    expect(await page.getByText("Failed", { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByRole("table").getByRole("row").count()).toBe(9);
    expect(await page.getByText("The automation platform has not called back yet.").isVisible()).toBe(true);
    expect(await page.getByText(/^Total: COP\s89,900$/).isVisible()).toBe(true);
    await screenshot(page, "delivery-detail-en");

    await page.getByRole("button", { name: "Retry" }).click();
    await expect.poll(() => page.getByTestId("toast").textContent()).toBe("Delivery queued again");
    await expect.poll(() => page.getByText("Queued", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Retry" }).count()).toBe(0);
  });

  it("shows the server's message when a delivery does not exist", async () => {
    const page = await admin.open(configuredShop(admin.shop), "/app/deliveries/d_missing", "en");
    await expect.poll(() => page.getByText("Delivery not found").isVisible()).toBe(true);
  });
});
