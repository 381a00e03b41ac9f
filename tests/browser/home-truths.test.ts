import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./harness/axe";
import { screenshot } from "./harness/browser";
import { browserDatabase, seedDeliveries } from "./harness/database";
import { useAdmin } from "./harness/fixture";
import { configuredShop, withOrdersAndDeliveries } from "./harness/seed";
import { newShopFrom } from "./harness/shops";
import { shown } from "./harness/shown";

/** A delivery of the last minutes that the automation platform refused for its key, as the worker leaves it. */
function refusedForItsKey(shop: string) {
  return {
    id: `${shop.split(".")[0]}_refused`,
    topic: "orders/create",
    eventId: `evt_refused_${shop}`,
    orderName: "#2001",
    status: "retrying",
    attempts: 1,
    lastError: "Automation platform answered HTTP 401: invalid API key",
    lastErrorCode: "trigger_http",
    lastErrorParams: JSON.stringify({ status: 401 }),
    nextAttemptAt: new Date(Date.now() + 60_000),
    createdAt: new Date(Date.now() - 5 * 60_000),
  };
}

describe("what home says is true", () => {
  const admin = useAdmin();

  for (const [locale, width] of [
    ["es", 1400],
    ["en", 390],
  ] as const) {
    it(`asks before pausing and resuming, toasts each, and home says the automation is paused (${locale})`, async () => {
      const es = locale === "es";
      const seeded = await newShopFrom("pause-confirm", withOrdersAndDeliveries(configuredShop()));
      const page = await admin.open(seeded.shop, "/app/deliveries", locale, width);
      await page.getByRole("button", { name: es ? "Pausar la automatización" : "Pause automation" }).click();
      const pauseDialog = page.getByRole("dialog", { name: es ? "¿Pausar la automatización?" : "Pause automation?" });
      await shown(
        pauseDialog.getByText(es ? /^Los pedidos nuevos no se enviarán/ : /^New orders won't go to your flow/),
      );
      // Asked, not done: nothing is paused until the merchant confirms.
      expect(await browserDatabase().automationPause.findUnique({ where: { shop: seeded.shop } })).toBeNull();
      await screenshot(page, `deliveries-pause-confirm-${locale}-${width}`);
      await pauseDialog.getByRole("button", { name: es ? "Pausar" : "Pause", exact: true }).click();
      await expect
        .poll(() => page.getByTestId("toast").textContent())
        .toBe(es ? "Automatización en pausa" : "Automation paused");
      await expect.poll(() => pauseDialog.count()).toBe(0);
      await expect
        .poll(() => browserDatabase().automationPause.findUnique({ where: { shop: seeded.shop } }))
        .not.toBeNull();

      const home = await admin.open(seeded.shop, "/app", locale, width);
      await shown(home.getByText(es ? "La automatización está en pausa" : "Automation is paused", { exact: true }));
      await screenshot(home, `home-paused-${locale}-${width}`);

      // Resuming says what goes out at once (#1003 waits), and cancelling changes nothing.
      await page.getByRole("button", { name: es ? "Reanudar la automatización" : "Resume automation" }).click();
      const resumeDialog = page.getByRole("dialog", {
        name: es ? "¿Reanudar la automatización?" : "Resume automation?",
      });
      await shown(
        resumeDialog.getByText(
          es ? "1 pedido en espera se enviará a tu flujo ahora." : "1 waiting order will go to your flow now.",
        ),
      );
      await resumeDialog.getByRole("button", { name: es ? "Cancelar" : "Cancel" }).click();
      await expect.poll(() => resumeDialog.count()).toBe(0);
      expect(await browserDatabase().automationPause.findUnique({ where: { shop: seeded.shop } })).not.toBeNull();
      await page.getByRole("button", { name: es ? "Reanudar la automatización" : "Resume automation" }).click();
      await resumeDialog.getByRole("button", { name: es ? "Reanudar" : "Resume", exact: true }).click();
      await expect
        .poll(() => page.getByTestId("toast").textContent())
        .toBe(es ? "Automatización reanudada" : "Automation resumed");
      await expect
        .poll(() => browserDatabase().automationPause.findUnique({ where: { shop: seeded.shop } }))
        .toBeNull();
    });

    it(`shows the refused key on the checklist's first step, not "Done" (${locale})`, async () => {
      const es = locale === "es";
      const seeded = await newShopFrom("key-refused-step", configuredShop());
      await seedDeliveries(seeded.shop, [refusedForItsKey(seeded.shop)]);
      const page = await admin.open(seeded.shop, "/app", locale, width);
      await shown(
        page.getByText(
          es
            ? "La plataforma de automatización rechaza tu clave de API"
            : "The automation platform is refusing your API key",
          { exact: false },
        ),
      );
      // These orders may never have reached the flow: the alert asks to retry them, never to send them "again".
      await shown(
        page.getByText(
          es
            ? "guárdala en Configuración; luego reintenta los pedidos sin enviar."
            : "save it in Settings; then retry the orders not sent.",
          { exact: false },
        ),
      );
      expect(await page.getByText(es ? /envía de nuevo/ : /send again/i).count()).toBe(0);
      const step = page.getByRole("listitem").filter({
        hasText: es ? "Conecta la plataforma de automatización" : "Connect the automation platform",
      });
      await shown(step.getByText(es ? "Clave rechazada" : "Key refused", { exact: true }));
      expect(await step.getByText(es ? "Listo" : "Done", { exact: true }).count()).toBe(0);
      await shown(
        step.getByText(
          es
            ? "La plataforma de automatización rechaza la clave guardada: pega una nueva en Configuración."
            : "The automation platform refuses the saved key: paste a new one in Settings.",
        ),
      );
      expect(
        await step
          .getByRole("link", {
            name: es
              ? "Configurar: Conecta la plataforma de automatización"
              : "Set up: Connect the automation platform",
          })
          .getAttribute("href"),
      ).toContain("/app/settings");
      // The flows and the supplier stay done: the key is refused, not missing.
      await shown(page.getByText(es ? "2 de 5 pasos completados" : "2 of 5 steps completed"));
      await screenshot(page, `home-key-refused-${locale}-${width}`);
      expect(await seriousAxeFindings(page)).toEqual([]);
    });

    it(`dates the last loop test, and a failure from a pause no longer reads as current once resumed (${locale})`, async () => {
      const es = locale === "es";
      const seeded = await newShopFrom("loop-dated", configuredShop());
      // A test that failed at the trigger two days ago, 09:30 in Bogotá, while automation was paused.
      const startedAt = new Date("2026-11-24T14:30:00Z");
      const evaluation = {
        outcome: "failed",
        steps: [
          { key: "webhook", state: "done", afterMs: 1200 },
          { key: "trigger", state: "failed", afterMs: null },
          { key: "callback", state: "pending", afterMs: null },
          { key: "tag", state: "pending", afterMs: null },
        ],
        failedStep: "trigger",
        problem: "automation_paused",
        detail: null,
        flowReportedFailure: false,
      };
      await browserDatabase().loopTest.create({
        data: {
          shop: seeded.shop,
          orderName: "#1099",
          orderId: "gid://shopify/Order/1099",
          startedAt,
          outcome: "failed",
          failedStep: "trigger",
          problem: "automation_paused",
          result: JSON.stringify(evaluation),
          finishedAt: new Date(startedAt.getTime() + 5_000),
          cleanup: "deleted",
        },
      });
      const pausedAgain = async () => {
        const page = await admin.open(seeded.shop, "/app", locale, width);
        const card = page.getByTestId("loop-test");
        // The shop's day and month, whatever its zone: the test ran mid-day UTC.
        await shown(card.getByText(es ? /^Prueba del 24 nov 2026/ : /^Test run on Nov 24, 2026/));
        return { page, card };
      };
      // Still paused: what to check is the pause.
      await browserDatabase().automationPause.create({ data: { shop: seeded.shop } });
      const paused = await pausedAgain();
      await shown(paused.card.getByText(es ? /^Qué revisar/ : /^What to check/));
      expect(await paused.card.getByText(es ? /ya la reanudaste/ : /you have resumed it since/).count()).toBe(0);

      // Resumed since: the old failure says it was the pause, and to test again.
      await browserDatabase().automationPause.delete({ where: { shop: seeded.shop } });
      const resumed = await pausedAgain();
      await shown(
        resumed.card.getByText(
          es
            ? "La automatización estaba en pausa durante esta prueba y ya la reanudaste: vuelve a probar el circuito."
            : "Automation was paused during this test and you have resumed it since: test the loop again.",
        ),
      );
      expect(await resumed.card.getByText(es ? /^Qué revisar/ : /^What to check/).count()).toBe(0);
      await screenshot(resumed.page, `home-loop-test-resumed-${locale}-${width}`);
    });
  }
});
