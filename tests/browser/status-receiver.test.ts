import { describe, expect, it } from "vitest";
import { lookupHash } from "~/lib/crypto.server";
import { seriousAxeFindings } from "./harness/axe";
import { screenshot } from "./harness/browser";
import { browserDatabase, newShop } from "./harness/database";
import { useAdmin } from "./harness/fixture";

describe("settings page: the supplier's status URL and the shop's own statuses", () => {
  const admin = useAdmin();

  it("makes the status URL, shows it whole once with where to paste it, in Spanish at 390 px", async () => {
    const shop = await newShop("status-receiver");
    const page = await admin.open(shop, "/app/settings", "es", 390);
    await page.getByText("pega esta URL en el panel de tu marketplace de proveedores", { exact: false }).waitFor();
    await page.getByRole("button", { name: "Crear URL de estados" }).click();
    const field = page.getByLabel("URL de estados");
    await field.waitFor();
    const url = await field.inputValue();
    expect(url).toMatch(/\/webhooks\/supplier\/status\/[A-Za-z0-9_-]{43}$/);
    await page.getByText("por tu seguridad solo se muestra esta vez", { exact: false }).waitFor();
    const token = url.split("/").at(-1)!;
    const row = await browserDatabase().supplierJourneySettings.findUnique({ where: { shop } });
    expect(row?.receiverTokenHash).toBe(lookupHash(token));
    await screenshot(page, "status-receiver-es-390");
    expect(await seriousAxeFindings(page)).toEqual([]);

    // Reopened: masked, with the way to make a new one.
    await page.reload();
    await page.getByText(`URL actual: `, { exact: false }).waitFor();
    expect(await page.content()).not.toContain(token);
    await page.getByRole("button", { name: "Generar una URL nueva" }).waitFor();
  });

  it("saves a status of the shop's own, read as the stage chosen, in English", async () => {
    const shop = await newShop("status-map");
    const page = await admin.open(shop, "/app/settings", "en", 1400);
    await page.getByRole("button", { name: "Add a status" }).click();
    await page.getByLabel("Status as the marketplace sends it").fill("EN ADUANA");
    await page.getByLabel("Read it as").selectOption({ label: "Out for delivery" });
    await page.getByRole("button", { name: "Save statuses" }).click();
    await expect.poll(() => page.getByTestId("toast").textContent()).toBe("Statuses saved");
    const row = await browserDatabase().supplierJourneySettings.findUnique({ where: { shop } });
    expect(JSON.parse(row!.statusMap)).toEqual({ "EN ADUANA": "out_for_delivery" });
    await screenshot(page, "status-map-en-1400");
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});
