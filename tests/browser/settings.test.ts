import { describe, expect, it } from "vitest";
import { screenshot } from "./harness/browser";
import { FakeApi, VALID_AUTOMATION_KEY, VALID_SUPPLIER_TOKEN } from "./harness/fake-api";
import { useAdmin } from "./harness/fixture";
import { withCatalogue } from "./harness/seed";

describe("settings page", () => {
  const admin = useAdmin();

  it("completes the settings of a new shop: key, flows, supplier; secrets only ever shown masked", async () => {
    const api = withCatalogue(new FakeApi(admin.shop));
    const page = await admin.open(api, "/app/settings", "en");
    const apiKey = page.getByLabel("API key");
    await apiKey.waitFor();

    // Saving without a key names the field.
    await page.getByRole("button", { name: "Save automation settings" }).click();
    await expect.poll(() => page.getByText("Enter the API key of your automation account").isVisible()).toBe(true);

    // A key the automation platform refuses: worded on the key's field, nothing stored.
    await apiKey.fill("wrong-key");
    await page.getByRole("button", { name: "Test connection: Automation platform" }).click();
    await expect
      .poll(() =>
        page.getByText("The automation platform refused the API key. Check the key and try again.").isVisible(),
      )
      .toBe(true);
    expect(api.automationKey).toBeNull();

    // A test never saves: the typed key is tried as it is, and its flows are offered.
    await apiKey.fill(VALID_AUTOMATION_KEY);
    await page.getByRole("button", { name: "Test connection: Automation platform" }).click();
    await expect.poll(() => page.getByText("Connected: 3 flows found").isVisible()).toBe(true);
    expect(api.automationKey).toBeNull();
    expect(api.callsTo("POST", "/api/integrations/automation/save")).toHaveLength(0);

    // The same flow cannot answer both events.
    await page.getByLabel("Flow for new orders").selectOption({ label: "Confirmación de pedido COD" });
    await page.getByLabel("Flow for abandoned carts").selectOption({ label: "Confirmación de pedido COD" });
    await page.getByRole("button", { name: "Save automation settings" }).click();
    await expect
      .poll(() => page.getByText("Choose a different flow for abandoned carts than for new orders.").isVisible())
      .toBe(true);
    await page.getByLabel("Flow for abandoned carts").selectOption({ label: "Recuperar carrito abandonado" });
    await page.getByRole("button", { name: "Save automation settings" }).click();
    await expect.poll(() => page.getByTestId("toast").textContent()).toBe("Automation settings saved");
    // The key field is emptied and the saved key appears masked only.
    expect(await apiKey.inputValue()).toBe("");
    expect(await page.getByText("Saved key: ••••41c7.", { exact: false }).isVisible()).toBe(true);
    expect(api.configuration).toMatchObject({ newOrderFlowId: "flow_nuevos", abandonedCartFlowId: "flow_carritos" });

    // Supplier: inline validation first, then a real save.
    await page.getByRole("button", { name: "Save and test connection" }).click();
    await expect.poll(() => page.getByText("Enter the name of your supplier store").isVisible()).toBe(true);
    expect(await page.getByText("Choose the country of your supplier store").isVisible()).toBe(true);
    expect(await page.getByText("Enter the integration token of your supplier store").isVisible()).toBe(true);
    expect(api.callsTo("POST", "/api/integrations/supplier/save")).toHaveLength(0);

    await page.getByLabel("Store name").fill("Importadora Andina");
    await page.getByLabel("Country").selectOption("CO");
    await page.getByLabel("Integration token").fill(VALID_SUPPLIER_TOKEN);
    await page.getByRole("button", { name: "Save and test connection" }).click();
    await expect.poll(() => page.getByText("Supplier marketplace connected").isVisible()).toBe(true);
    const [save] = api.callsTo("POST", "/api/integrations/supplier/save");
    expect(Object.fromEntries(save.form)).toEqual({
      store_name: "Importadora Andina",
      country: "CO",
      supplier_token: VALID_SUPPLIER_TOKEN,
    });
    expect(save.authorization).toMatch(/^Bearer ey/);
    expect(await page.getByText("Saved token: ••••3a90.", { exact: false }).isVisible()).toBe(true);

    await page.getByRole("button", { name: "Test connection: Supplier marketplace" }).click();
    await expect.poll(() => page.getByText("Connected: 8 products available").isVisible()).toBe(true);

    // No secret anywhere in the page.
    const html = await page.content();
    expect(html).not.toContain(VALID_AUTOMATION_KEY);
    expect(html).not.toContain(VALID_SUPPLIER_TOKEN);
    await screenshot(page, "settings-en");
  });

  it("shows the saved configuration masked, in Spanish", async () => {
    const api = withCatalogue(new FakeApi(admin.shop));
    api.automationKey = VALID_AUTOMATION_KEY;
    Object.assign(api.configuration, {
      newOrderFlowId: "flow_nuevos",
      abandonedCartFlowId: "flow_carritos",
      supplierStoreName: "Importadora Andina",
      supplierCountry: "PE",
      supplierTokenValue: VALID_SUPPLIER_TOKEN,
    });
    const page = await admin.open(api, "/app/settings", "es");
    await expect.poll(() => page.getByText("Clave guardada: ••••41c7.", { exact: false }).isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel("Flujo para pedidos nuevos").inputValue()).toBe("flow_nuevos");
    expect(await page.getByLabel("País").inputValue()).toBe("PE");
    expect(await page.getByLabel("Nombre de la tienda").inputValue()).toBe("Importadora Andina");
    expect(await page.content()).not.toContain(VALID_SUPPLIER_TOKEN);
    await screenshot(page, "settings-es");
  });
});
