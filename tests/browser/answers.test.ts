import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./harness/axe";
import { screenshot } from "./harness/browser";
import { browserDatabase, newShop } from "./harness/database";
import { useAdmin } from "./harness/fixture";

describe("settings: the buyer's answer and holds", () => {
  const admin = useAdmin();

  it("fills the rules from a preset, previews them against recent callbacks and saves them (English, 1400 px)", async () => {
    const shop = await newShop("answers-en");
    await browserDatabase().delivery.create({
      data: {
        shop,
        topic: "orders/create",
        eventId: `answers-${shop}`,
        orderName: "#1001",
        status: "delivered",
        callbackAt: new Date("2026-11-26T10:00:00Z"),
        callbackStatus: "tagged",
        tagsApplied: '["confirmado"]',
      },
    });
    const page = await admin.open(shop, "/app/settings", "en", 1400);
    await page.getByLabel("Start from a preset").waitFor();
    await expect.poll(() => page.getByText("No rule matches").isVisible()).toBe(true);
    await page.getByLabel("Start from a preset").selectOption("tags-es");
    await page.getByRole("button", { name: "Use preset" }).click();
    // The preview reads the callback with the rules being edited, before they are saved.
    await expect.poll(() => page.getByText("1 of 1 callback gives an answer with these rules.").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Save answers" }).click();
    await expect
      .poll(async () => (await browserDatabase().answerRuleSet.findUnique({ where: { shop } }))?.rules ?? null)
      .toContain('"tag":"confirmado"');

    await page.getByLabel("Hold orders until the buyer answers").check();
    await page.getByLabel("When the buyer refuses").selectOption("cancel");
    await expect.poll(() => page.getByText("Cancelling cannot be undone").isVisible()).toBe(true);
    // The shop has not granted the fulfillment-order scopes: the card says which.
    await expect.poll(() => page.getByText("Holding orders needs more permissions").isVisible()).toBe(true);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshot(page, "settings-answers-holds-en-1400");
  });

  it("reads in Spanish at 390 px and saves the hold policy", async () => {
    const shop = await newShop("answers-es");
    const page = await admin.open(shop, "/app/settings", "es", 390);
    await page.getByLabel("Retener pedidos hasta que el comprador responda").waitFor();
    await page.getByLabel("Retener pedidos hasta que el comprador responda").check();
    await page.getByLabel("Horas sin respuesta").fill("24");
    await page.getByLabel("Pasadas esas horas").selectOption("release");
    await page.getByRole("button", { name: "Guardar retenciones" }).click();
    await expect
      .poll(async () => await browserDatabase().holdSettings.findUnique({ where: { shop } }))
      .toMatchObject({ enabled: true, noAnswerHours: 24, onNoAnswer: "release", onRefused: "keep" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, "settings-answers-holds-es-390");
  });
});
