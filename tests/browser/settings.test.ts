import { describe, expect, it } from "vitest";
import { botFieldIdFor } from "~/lib/countries";
import { open } from "~/lib/crypto.server";
import { seriousAxeFindings } from "./harness/axe";
import { screenshot } from "./harness/browser";
import { browserDatabase, newShop } from "./harness/database";
import { useAdmin } from "./harness/fixture";
import {
  configuredShop,
  newShopFixture,
  VALID_AUTOMATION_KEY,
  VALID_SUPPLIER_TOKEN,
  withCatalogue,
} from "./harness/seed";
import { newShopFrom } from "./harness/shops";
import { automationBotFields, seedAutomationAccount, seedSupplierAccount } from "./harness/simulator-seed";
import { shown } from "./harness/shown";

let accounts = 0;

/** What the settings service stored for the shop, secrets opened (they are sealed at rest). */
async function stored(shop: string) {
  const row = await browserDatabase().shopConfiguration.findUnique({ where: { shop } });
  if (!row) return null;
  return {
    automationApiKey: row.automationApiKey ? open(row.automationApiKey) : null,
    newOrderFlowId: row.newOrderFlowId,
    abandonedCartFlowId: row.abandonedCartFlowId,
    supplierStoreName: row.supplierStoreName,
    supplierCountry: row.supplierCountry,
    supplierToken: row.supplierToken ? open(row.supplierToken) : null,
  };
}

describe("settings page", () => {
  const admin = useAdmin();

  it("completes the settings of a new shop through the action: key, flows, supplier; secrets only ever masked", async () => {
    const api = withCatalogue(newShopFixture());
    const shop = await newShop("settings-new");
    // The shop's own accounts at the simulators; the secrets end like the fixture's, so their masks read the same.
    const unique = `${process.pid}-${++accounts}`;
    const automationKey = `settings-${unique}-${VALID_AUTOMATION_KEY}`;
    const supplierToken = `settings-${unique}-${VALID_SUPPLIER_TOKEN}`;
    await seedAutomationAccount(automationKey);
    await seedSupplierAccount(supplierToken, api.supplierProducts);
    const page = await admin.open(shop, "/app/settings", "en", 1400);
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
    expect(await stored(shop)).toBeNull();

    // A test never saves: the typed key is tried as it is, and its flows are offered.
    await apiKey.fill(automationKey);
    await page.getByRole("button", { name: "Test connection: Automation platform" }).click();
    await expect.poll(() => page.getByText("Connected: 3 flows found").isVisible()).toBe(true);
    expect(await stored(shop)).toBeNull();
    // The save bar offers to keep what was typed.
    await expect.poll(() => page.getByTestId("save-bar").getAttribute("data-open")).toBe("");

    // The same flow cannot answer both events.
    await page.getByLabel("Flow for new orders").selectOption({ label: "Confirmación de pedido COD" });
    await page.getByLabel("Flow for abandoned carts").selectOption({ label: "Confirmación de pedido COD" });
    await page.getByRole("button", { name: "Save automation settings" }).click();
    await expect
      .poll(() => page.getByText("Choose a different flow for abandoned carts than for new orders.").isVisible())
      .toBe(true);
    expect(await stored(shop)).toBeNull();
    await page.getByLabel("Flow for abandoned carts").selectOption({ label: "Recuperar carrito abandonado" });
    await page.getByRole("button", { name: "Save automation settings" }).click();
    await expect.poll(() => page.getByTestId("toast").textContent()).toBe("Automation settings saved");
    await expect
      .poll(() => stored(shop))
      .toMatchObject({
        automationApiKey: automationKey,
        newOrderFlowId: "flow_nuevos",
        abandonedCartFlowId: "flow_carritos",
      });
    // The key field is emptied and the saved key appears masked only (the loader's answer after the write).
    expect(await apiKey.inputValue()).toBe("");
    await expect.poll(() => page.getByText("Saved key: ••••41c7.", { exact: false }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId("save-bar").getAttribute("data-open")).toBeNull();

    // Supplier: inline validation first, nothing sent.
    await page.getByRole("button", { name: "Save and test connection" }).click();
    await expect.poll(() => page.getByText("Enter the name of your supplier store").isVisible()).toBe(true);
    await shown(page.getByText("Choose the country of your supplier store"));
    await shown(page.getByText("Enter the integration token of your supplier store"));

    // A token the marketplace refuses: on the token's field, no success toast, nothing stored or sent on.
    await page.getByLabel("Store name").fill("Importadora Andina");
    await page.getByLabel("Country").selectOption("CO");
    await page.getByLabel("Integration token").fill("refused-token-0000");
    await page.getByRole("button", { name: "Save and test connection" }).click();
    await expect
      .poll(() =>
        page.getByText("The supplier marketplace refused the integration token. Nothing was saved.").isVisible(),
      )
      .toBe(true);
    expect(await page.getByTestId("toast").filter({ hasText: "Supplier marketplace connected" }).count()).toBe(0);
    expect(await stored(shop)).toMatchObject({ supplierStoreName: null, supplierToken: null });
    expect(await automationBotFields(automationKey)).toEqual([]);

    await page.getByLabel("Integration token").fill(supplierToken);
    await page.getByRole("button", { name: "Save and test connection" }).click();
    await expect.poll(() => page.getByTestId("toast").last().textContent()).toBe("Supplier marketplace connected");
    await expect
      .poll(() => stored(shop))
      .toMatchObject({
        supplierStoreName: "Importadora Andina",
        supplierCountry: "CO",
        supplierToken,
      });
    // The chatbot reads the token from the country's bot field at the automation platform.
    expect(await automationBotFields(automationKey)).toMatchObject([
      { fieldId: botFieldIdFor("CO"), value: supplierToken },
    ]);
    await expect.poll(() => page.getByText("Saved token: ••••3a90.", { exact: false }).isVisible()).toBe(true);

    // The test counts all products, as the catalogue's "All products" does.
    await page.getByRole("button", { name: "Test connection: Supplier marketplace" }).click();
    await expect.poll(() => page.getByText("Connected: 8 products available").isVisible()).toBe(true);

    // No secret anywhere in the page.
    const html = await page.content();
    expect(html).not.toContain(automationKey);
    expect(html).not.toContain(supplierToken);
    await screenshot(page, "settings-en-1400");
    expect(await seriousAxeFindings(page)).toEqual([]);
  });

  it("shows the saved configuration masked in the first HTML, in Spanish at 390 px; the save bar saves and discards", async () => {
    const api = configuredShop();
    api.configuration.supplierCountry = "PE";
    const seeded = await newShopFrom("settings-saved", api);
    const page = await admin.open(seeded.shop, "/app/settings", "es", 390);
    await page.getByText("Clave guardada: ••••41c7.", { exact: false }).waitFor();
    // The flows come with the page (the stored key's account at the automation platform).
    expect(await page.getByLabel("Flujo para pedidos nuevos").inputValue()).toBe("flow_nuevos");
    expect(await page.getByLabel("Flujo para carritos abandonados").inputValue()).toBe("flow_carritos");
    expect(await page.getByLabel("País").inputValue()).toBe("PE");
    expect(await page.getByLabel("Nombre de la tienda").inputValue()).toBe("Importadora Andina");
    expect(await page.content()).not.toContain(seeded.supplierToken!);
    expect(await page.content()).not.toContain(seeded.automationApiKey!);
    await screenshot(page, "settings-es-390");
    expect(await seriousAxeFindings(page)).toEqual([]);

    // A change opens the admin's save bar; Discard puts the saved value back.
    const storeName = page.getByLabel("Nombre de la tienda");
    await storeName.fill("Importadora del Sur");
    const bar = page.getByTestId("save-bar");
    await expect.poll(() => bar.getAttribute("data-open")).toBe("");
    // Leaving through the app's navigation asks first; staying keeps what was typed.
    await page.locator("ui-nav-menu").getByRole("link", { name: "Actividad del flujo" }).click();
    // (At phone widths Polaris draws the modal as a sheet whose dialog box has no height: found by its words.)
    const leave = page.getByText("Los cambios de esta página no se han guardado. Si sales, se pierden.");
    await leave.waitFor();
    await page.getByRole("button", { name: "Quedarme" }).click();
    await expect.poll(() => leave.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/app/settings");
    expect(await storeName.inputValue()).toBe("Importadora del Sur");
    await bar.getByRole("button", { name: "Descartar" }).click();
    await expect.poll(() => storeName.inputValue()).toBe("Importadora Andina");
    // The bar closes on the render after the discard, not necessarily with the field's value.
    await expect.poll(() => bar.getAttribute("data-open")).toBeNull();

    // Its Save saves the changed form through the page's action (the stored token is kept and sent again).
    await storeName.fill("Importadora del Sur");
    await page.getByLabel("País").selectOption("CO");
    await bar.getByRole("button", { name: "Guardar" }).click();
    await expect.poll(() => page.getByTestId("toast").textContent()).toBe("Marketplace del proveedor conectado");
    await expect
      .poll(() => stored(seeded.shop))
      .toMatchObject({
        supplierStoreName: "Importadora del Sur",
        supplierCountry: "CO",
        supplierToken: seeded.supplierToken,
      });
    await expect.poll(() => bar.getAttribute("data-open")).toBeNull();
    expect(await automationBotFields(seeded.automationApiKey!)).toMatchObject([
      { fieldId: botFieldIdFor("CO"), value: seeded.supplierToken },
    ]);
  });
});
