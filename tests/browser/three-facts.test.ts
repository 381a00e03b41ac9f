import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./harness/axe";
import { screenshot } from "./harness/browser";
import { browserDatabase } from "./harness/database";
import { holdingShop } from "./harness/holding-shop";
import { useAdmin } from "./harness/fixture";
import { shown } from "./harness/shown";

const WORDS = {
  es: {
    finished: "Resultado: Terminado",
    waiting: "Esperando respuesta",
    refused: "Rechazó",
    held: "Envío retenido",
    released: "Envío liberado",
    cancelled: "Cancelado por la app",
    cancelRefused: "No se pudo cancelar",
    heldByRules: "Retenido por tus reglas",
    skipped: "Omitido",
    appActionFilter: "Lo que hizo la app",
    flowResult: "Resultado del flujo",
    buyerAnswer: "Respuesta del comprador",
    appAction: "Lo que hizo la app",
    fulfilled: "El pedido ya tiene envíos preparados, así que tu tienda no deja cancelarlo.",
  },
  en: {
    finished: "Result: Finished",
    waiting: "Waiting for an answer",
    refused: "Refused",
    held: "Shipping held",
    released: "Shipping released",
    cancelled: "Cancelled by the app",
    cancelRefused: "Could not cancel",
    heldByRules: "Held by your rules",
    skipped: "Skipped",
    appActionFilter: "What the app did",
    flowResult: "Your flow's result",
    buyerAnswer: "Buyer's answer",
    appAction: "What the app did",
    fulfilled: "The order already has fulfilments in progress, so your store does not let it be cancelled.",
  },
} as const;

/** "Confirmed" is the buyer's word (es "Confirmó"): nothing else on a page may say it (the old "Confirmado"). */
const CONFIRMED = /Confirmad[oa]|\bConfirmed\b/;

/** The page's text without the buyers' answers: what else it says. */
function textBesideAnswers(page: Page) {
  return page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const answer of copy.querySelectorAll("[data-answer]")) answer.remove();
    document.body.append(copy);
    copy.style.position = "absolute";
    const text = copy.innerText;
    copy.remove();
    return text;
  });
}

const COMBINATIONS = [
  ["es", 1400],
  ["en", 1400],
  ["es", 390],
  ["en", 390],
] as const;

describe("the flow's result, the buyer's answer and what the app did: three facts, three words", () => {
  const admin = useAdmin();

  for (const [locale, width] of COMBINATIONS) {
    it(`the log shows each fact in its own words and filters by what the app did (${locale}, ${width} px)`, async () => {
      const w = WORDS[locale];
      const seeded = await holdingShop();
      const page = await admin.open(seeded.shop, "/app/deliveries", locale, width);
      const rows = page.locator("tr, li").filter({ visible: true });
      const row = (name: string) => rows.filter({ hasText: `#${name}` }).first();
      await shown(row("4002"));
      // Waiting for the buyer: the flow's technical success is not a confirmation.
      expect(await row("4001").locator("[data-answer]").innerText()).toContain(w.waiting);
      expect(await row("4001").locator("[data-app-action]").innerText()).toContain(w.held);
      // Refused and cancelled: the app's own act is shown, not only "sent to the flow".
      expect(await row("4002").locator("[data-answer]").innerText()).toContain(w.refused);
      expect(await row("4002").locator("[data-app-action]").innerText()).toContain(w.cancelled);
      expect(await row("4005").locator("[data-app-action]").innerText()).toContain(w.released);
      // Held by the shop's rules: never a grey "skipped" beside its reason.
      expect(await row("4003").innerText()).toContain(w.heldByRules);
      expect(await row("4003").innerText()).not.toContain(w.skipped);
      expect(await textBesideAnswers(page)).not.toMatch(CONFIRMED);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      await screenshot(page, `log-three-facts-${locale}-${width}`);
      expect(await seriousAxeFindings(page)).toEqual([]);

      await page.getByLabel(w.appActionFilter, { exact: true }).selectOption("cancelled");
      await expect.poll(() => new URL(page.url()).searchParams.get("appAction")).toBe("cancelled");
      await expect.poll(() => rows.filter({ hasText: /#400\d/ }).count()).toBe(1);
      expect(await row("4002").locator("[data-app-action]").innerText()).toContain(w.cancelled);
    });

    it(`an order's page says the flow finished, the buyer has not answered and the app holds it (${locale}, ${width} px)`, async () => {
      const w = WORDS[locale];
      const seeded = await holdingShop();
      const page = await admin.open(seeded.shop, `/app/deliveries/${seeded.deliveryId("4001")}`, locale, width);
      const summary = page.locator("dl");
      await shown(summary.getByText(w.buyerAnswer));
      expect(await summary.locator("[data-answer]").innerText()).toContain(w.waiting);
      expect(await summary.getByText(w.appAction, { exact: true }).count()).toBe(1);
      expect(await summary.locator("[data-app-action]").innerText()).toContain(w.held);
      await shown(page.getByRole("heading", { name: w.flowResult }));
      await shown(page.getByText(w.finished, { exact: true }));
      expect(await textBesideAnswers(page)).not.toMatch(CONFIRMED);
      await screenshot(page, `delivery-three-facts-${locale}-${width}`);
      expect(await seriousAxeFindings(page)).toEqual([]);

      // A refused cancel says why in the merchant's words, never the platform's English.
      const refused = await admin.open(seeded.shop, `/app/deliveries/${seeded.deliveryId("4006")}`, locale, width);
      await shown(refused.locator("dl [data-app-action]").getByText(w.cancelRefused));
      await shown(refused.getByText(w.fulfilled));
      expect(await refused.locator("body").innerText()).not.toContain("INVALID");
    });
  }

  const HOME = {
    es: {
      title: "Envíos retenidos por la app",
      waitingBuyer: "1 pedido enviado al comprador, esperando su respuesta",
      heldByRules: /^1 pedido retenido por tus reglas \(sin celular o posible duplicado\): no se envió al comprador/,
      sendingHours: /^1 pedido esperando tu horario de envío: sale el /,
      since: /^Retenido desde el /,
      hours: /\b0 horas?\b/,
    },
    en: {
      title: "Shipping held by the app",
      waitingBuyer: "1 order sent to the buyer, waiting for their answer",
      heldByRules: /^1 order held by your rules \(no mobile or a possible duplicate\): not sent to the buyer/,
      sendingHours: /^1 order waiting for your sending hours: it goes out on /,
      since: /^Held since /,
      hours: /\b0 hours?\b/,
    },
  } as const;

  for (const [locale, width] of COMBINATIONS) {
    it(`home says which held orders wait for the buyer and which were never sent, and links to them (${locale}, ${width} px)`, async () => {
      const h = HOME[locale];
      const seeded = await holdingShop();
      const page = await admin.open(seeded.shop, "/app", locale, width);
      await shown(page.getByRole("heading", { name: h.title }));
      const link = (name: string | RegExp) => page.getByRole("link", { name });
      await shown(link(h.waitingBuyer));
      expect(await link(h.waitingBuyer).getAttribute("href")).toContain("appAction=held&status=delivered");
      expect(await link(h.heldByRules).getAttribute("href")).toContain("appAction=held&status=skipped");
      expect(await link(h.sendingHours).getAttribute("href")).toContain("appAction=held&status=queued");
      expect(await page.getByText(h.since).count()).toBe(3);
      expect(await page.locator("body").innerText()).not.toMatch(h.hours);
      await screenshot(page, `home-held-${locale}-${width}`);
      expect(await seriousAxeFindings(page)).toEqual([]);

      // The waiting line opens the log on that one order.
      await link(h.waitingBuyer).click();
      await expect.poll(() => new URL(page.url()).searchParams.get("status")).toBe("delivered");
      const rows = page.locator("tr, li").filter({ visible: true, hasText: /#400\d/ });
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().innerText()).toContain("#4001");
    });
  }

  const INSIGHTS = {
    es: {
      finished: "Terminados",
      confirmed: "Confirmaron: 1",
      waiting: "Esperando respuesta ahora: 2",
      time: /mediana 40\s?s/,
    },
    en: {
      finished: "Finished",
      confirmed: "Confirmed: 1",
      waiting: "Waiting for an answer now: 2",
      time: /median 40\s?s/,
    },
  } as const;

  for (const [locale, width] of COMBINATIONS) {
    it(`insights: the flows finished, the buyers confirmed, the ones still waiting, by the flow's name (${locale}, ${width} px)`, async () => {
      const words = INSIGHTS[locale];
      const seeded = await holdingShop();
      const page = await admin.open(seeded.shop, "/app/insights", locale, width);
      await shown(page.getByText(words.confirmed, { exact: true }).first());
      await shown(page.getByText(words.waiting));
      await shown(page.getByText(words.time));
      expect(await page.getByText(words.finished).filter({ visible: true }).count()).toBeGreaterThan(0);
      const text = await page.locator("body").innerText();
      // The flow by its name everywhere; no "0 min" median.
      expect(text).not.toContain("flow_nuevos");
      expect(text).toContain("Confirmación de pedido COD");
      expect(text).not.toMatch(/\b0 min\b/);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      await screenshot(page, `insights-three-facts-${locale}-${width}`);
      expect(await seriousAxeFindings(page)).toEqual([]);
    });
  }

  for (const [locale, width] of [
    ["es", 390],
    ["en", 1400],
  ] as const) {
    it(`settings explain each tag the app adds and offer the answer tag (${locale}, ${width} px)`, async () => {
      const es = locale === "es";
      const seeded = await holdingShop();
      const page = await admin.open(seeded.shop, "/app/settings", locale, width);
      const refusedTag = page.locator('[data-tag="automation-buyer-refused"]');
      await shown(refusedTag);
      expect(await refusedTag.innerText()).toBe(
        es
          ? "automation-buyer-refused: el comprador rechazó el pedido"
          : "automation-buyer-refused: the buyer refused the order",
      );
      expect(await page.locator('[data-tag="automation-no-phone"]').innerText()).toContain(
        es ? "retenido por tus reglas" : "held by your rules",
      );
      const checkbox = page.getByRole("checkbox", {
        name: es ? "Añadir la respuesta del comprador como etiqueta" : "Add the buyer's answer as a tag",
      });
      expect(await checkbox.isChecked()).toBe(true);
      await screenshot(page, `settings-order-tags-${locale}-${width}`);
      expect(await seriousAxeFindings(page)).toEqual([]);
      await checkbox.uncheck();
      await expect
        .poll(() => browserDatabase().orderTagPolicy.findUnique({ where: { shop: seeded.shop } }))
        .toMatchObject({ answerTag: false, replaceOutcomeTag: false });
    });
  }
});
