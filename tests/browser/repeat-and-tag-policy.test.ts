import { describe, expect, it } from "vitest";
import { useAdmin } from "./harness/fixture";
import { browserDatabase } from "./harness/database";
import { configuredShop, withOrdersAndDeliveries } from "./harness/seed";
import { newShopFrom } from "./harness/shops";

describe("running an order's flow again, and the outcome tag setting", () => {
  const admin = useAdmin();

  it("asks before retrying a flow-failed delivery, says the buyer may get another message, and sends on confirm", async () => {
    const seeded = await newShopFrom("repeat-flow", withOrdersAndDeliveries(configuredShop()));
    const id = seeded.deliveryId("d_1002");
    const ranAt = new Date(Date.now() - 10 * 60_000);
    await browserDatabase().delivery.update({
      where: { id },
      data: { status: "flow_failed", deliveredAt: ranAt, callbackStatus: "failed", callbackAt: ranAt },
    });
    const page = await admin.open(seeded.shop, `/app/deliveries/${id}`, "es", 390);
    await page.getByRole("heading", { name: "Pedido #1002" }).waitFor();

    // Cancelled: nothing is sent.
    await page.getByRole("button", { name: "Reintentar", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("¿Ejecutar el flujo otra vez?").waitFor();
    expect(await dialog.getByText(/el comprador puede recibir otro mensaje/).isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    expect(await browserDatabase().delivery.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "flow_failed",
      replays: 0,
    });

    // Confirmed: replayed once.
    await page.getByRole("button", { name: "Reintentar", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Ejecutar otra vez" }).click();
    await expect
      .poll(() => browserDatabase().delivery.findUniqueOrThrow({ where: { id } }))
      .toMatchObject({ status: "queued", replays: 1 });
  });

  it("keeps outcome tags add-only until the merchant ticks the setting, and remembers it", async () => {
    const seeded = await newShopFrom("tag-policy", configuredShop());
    const page = await admin.open(seeded.shop, "/app/settings", "es", 390);
    const checkbox = page.getByRole("checkbox", { name: "Reemplazar la etiqueta de resultado del flujo anterior" });
    await checkbox.waitFor();
    expect(await checkbox.isChecked()).toBe(false);
    expect(await page.getByText(/las etiquetas solo se añaden/).isVisible()).toBe(true);

    await checkbox.check();
    await expect
      .poll(() => browserDatabase().orderTagPolicy.findUnique({ where: { shop: seeded.shop } }))
      .toMatchObject({ replaceOutcomeTag: true });
    const again = await admin.open(seeded.shop, "/app/settings", "es", 390);
    const reloaded = again.getByRole("checkbox", { name: "Reemplazar la etiqueta de resultado del flujo anterior" });
    await reloaded.waitFor();
    expect(await reloaded.isChecked()).toBe(true);
  });
});
