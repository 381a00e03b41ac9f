import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./harness/axe";
import { screenshot } from "./harness/browser";
import { browserDatabase, newShop } from "./harness/database";
import { useAdmin } from "./harness/fixture";
import { shown } from "./harness/shown";

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

  // What a flow's no-answer callback does to a held order, said where the merchant sets the hours (decision 305).
  for (const [locale, width, words] of [
    ["es", 1400, SPANISH_HOURS],
    ["es", 390, SPANISH_HOURS],
    ["en", 1400, ENGLISH_HOURS],
    ["en", 390, ENGLISH_HOURS],
  ] as const) {
    it(`says that the hours alone apply the no-answer policy, a flow's no-answer only noted (${locale}, ${width} px)`, async () => {
      const shop = await newShop(`answers-hours-${locale}-${width}`);
      await browserDatabase().shopTimeZone.create({
        data: { shop, timeZone: "America/Bogota", fetchedAt: new Date() },
      });
      const page = await admin.open(shop, "/app/settings", locale, width);
      await page.getByLabel(words.enable).check();
      const hours = page.getByLabel(words.hours);
      await shown(hours);
      // The help under the field is its description: the words a merchant reads beside the hours.
      const described = await hours.evaluate((input) =>
        (input.getAttribute("aria-describedby") ?? "")
          .split(" ")
          .map((id) => document.getElementById(id)?.textContent ?? "")
          .join(" "),
      );
      expect(described).toContain(words.help);
      await shown(page.getByText(words.help));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousAxeFindings(page)).toEqual([]);
      await screenshot(page, `settings-no-answer-hours-${locale}-${width}`);
    });
  }
});

const SPANISH_HOURS = {
  enable: "Retener pedidos hasta que el comprador responda",
  hours: "Horas sin respuesta",
  help: "Contadas desde que la app retiene el pedido. Si tu flujo avisa que el comprador no respondió, la app lo anota y sigue esperando a que pasen estas horas: el comprador aún puede responder. Vacío: esperar lo que haga falta.",
};
const ENGLISH_HOURS = {
  enable: "Hold orders until the buyer answers",
  hours: "Hours without an answer",
  help: "Counted from when the app holds the order. If your flow reports that the buyer did not answer, the app records it and keeps waiting until these hours have passed: the buyer can still answer. Empty: wait as long as it takes.",
};
