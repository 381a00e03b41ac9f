import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  EXTENSION_STATES,
  extensionPage,
  storyDelivery as delivery,
  type ExtensionName,
  type StandInOptions,
} from "../../sandbox/extension-stand-in";
import { launchBrowser, screenshot } from "./harness/browser";
import { shown } from "./harness/shown";

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const story = (deliveries: unknown[], paused = false) => ({
  status: 200,
  body: { success: true, orderId: "gid://shopify/Order/1001", paused, deliveries },
});

const REFUSED = {
  status: 409,
  body: { success: false, error: "This delivery already reached the automation platform", code: "already_delivered" },
};

/** The English the server or the browser would have put in front of the merchant before. */
const RAW_ENGLISH = /already reached the automation platform|Failed to fetch|TypeError|Unauthorized|HTTP \d{3}$/;

describe("the order page's extensions, rendered with a stand-in for the admin", () => {
  let browser: Browser;
  const pages: Page[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(pages.splice(0).map((page) => page.context().close()));
    expect(errors.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function render(name: ExtensionName, options: StandInOptions, width = 520) {
    const context = await browser.newContext({ viewport: { width, height: 700 }, locale: options.locale });
    const page = await context.newPage();
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    pages.push(page);
    await page.setContent(await extensionPage(name, options));
    return page;
  }

  const expectNoRawEnglish = async (page: Page) =>
    expect(await page.locator("body").innerText()).not.toMatch(RAW_ENGLISH);

  const requests = (page: Page) =>
    page.evaluate(() => (window as unknown as { __requests: { call: string; body: unknown }[] }).__requests);

  for (const locale of ["es", "en"] as const) {
    const es = locale === "es";

    it(`block: an order the app never received (${locale})`, async () => {
      const page = await render("order-automation-block", { locale, answers: { "GET /api/deliveries": story([]) } });
      await shown(page.getByText(es ? "No recibido" : "Not received", { exact: true }));
      await shown(
        page.getByText(es ? /^La app no tiene registro de este pedido/ : /^The app has no record of this order/),
      );
      expect(await page.getByRole("button").count()).toBe(0);
      await screenshot(page, `extension-block-none-${locale}`);
    });

    it(`block: waiting for its next try, then sent now on request (${locale})`, async () => {
      const waiting = delivery({
        status: "retrying",
        attempts: 2,
        nextAttemptAt: inMinutes(30),
        lastErrorCode: "trigger_http",
        lastErrorParams: { status: 503 },
        lastError: "Automation platform answered HTTP 503",
      });
      const page = await render("order-automation-block", {
        locale,
        answers: {
          "GET /api/deliveries": story([waiting]),
          "POST /api/deliveries/d1/retry": { status: 200, body: { success: true } },
        },
      });
      await shown(page.getByText(es ? "Reintentando" : "Retrying", { exact: true }));
      await shown(page.getByText(es ? /^Próximo intento en (29|30) minutos$/ : /^Next try in (29|30) minutes$/));
      await shown(page.getByText(es ? "2 intentos" : "2 attempts", { exact: true }));
      await shown(
        page.getByText(
          es
            ? "La plataforma de automatización tuvo un problema propio (HTTP 503)"
            : "The automation platform had a problem of its own (HTTP 503)",
        ),
      );
      await screenshot(page, `extension-block-waiting-${locale}`);
      await page.getByRole("button", { name: es ? "Enviar ahora" : "Send now" }).click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __calls: string[] }).__calls))
        .toContain("POST /api/deliveries/d1/retry");
    });

    it(`block: sent to the flow and finished, never "confirmed": that word is the buyer's (${locale})`, async () => {
      const sent = delivery({ status: "delivered", callbackStatus: "success", tagsApplied: ["automation-processed"] });
      const page = await render("order-automation-block", {
        locale,
        answers: { "GET /api/deliveries": story([sent]) },
      });
      // The app's state, not the parcel's: "Enviado al flujo" beside the platform's own fulfilment badge.
      await shown(page.getByText(es ? "Enviado al flujo" : "Sent to the flow", { exact: true }));
      expect(await page.getByText(es ? "Entregado" : "Delivered", { exact: true }).count()).toBe(0);
      await shown(page.getByText(es ? "Flujo: Confirmación de pedido COD" : "Flow: Confirmación de pedido COD"));
      await shown(page.getByText(es ? "Resultado del flujo: terminado" : "Flow result: finished"));
      expect(await page.getByText(es ? "Tu flujo confirmó el pedido" : "Your flow confirmed the order").count()).toBe(
        0,
      );
      await shown(page.getByRole("button", { name: es ? "Enviar de nuevo al flujo" : "Send to the flow again" }));
      await screenshot(page, `extension-block-sent-${locale}`);
    });

    it(`block: not sent, and a refused retry worded by its code (${locale})`, async () => {
      const dead = delivery({
        status: "dead",
        attempts: 8,
        lastErrorCode: "trigger_http",
        lastErrorParams: { status: 422, gaveUpAfter: 8 },
        lastError: "Gave up after 8 attempts. Automation platform answered HTTP 422: Request refused",
      });
      const page = await render("order-automation-block", {
        locale,
        answers: { "GET /api/deliveries": story([dead]), "POST /api/deliveries/d1/retry": REFUSED },
      });
      await shown(page.getByText(es ? "Sin enviar" : "Not sent", { exact: true }));
      expect(await page.getByText(es ? "Fallido" : "Failed", { exact: true }).count()).toBe(0);
      await shown(
        page.getByText(
          es
            ? "La plataforma de automatización no aceptó el pedido (HTTP 422)"
            : "The automation platform did not accept the order (HTTP 422)",
        ),
      );
      await page.getByRole("button", { name: es ? "Enviar de nuevo" : "Send again", exact: true }).click();
      await shown(
        page
          .getByRole("alert")
          .getByText(
            es
              ? "Este pedido ya llegó al flujo; no se envía dos veces."
              : "This order already reached the flow; it is not sent twice.",
          ),
      );
      await expectNoRawEnglish(page);
      await screenshot(page, `extension-block-failed-${locale}`);
    });

    it(`block: a waiting order while automation is paused (${locale})`, async () => {
      const queued = delivery({ status: "queued", attempts: 0, nextAttemptAt: inMinutes(-5) });
      const page = await render("order-automation-block", {
        locale,
        answers: { "GET /api/deliveries": story([queued], true) },
      });
      await shown(page.getByText(es ? "En cola" : "Queued", { exact: true }));
      await shown(
        page.getByText(
          es
            ? "La automatización está en pausa: este pedido sale al reanudarla en la app."
            : "Automation is paused: this order goes out when you resume it in the app.",
        ),
      );
      await screenshot(page, `extension-block-paused-${locale}`);
    });

    it(`block: the app's refusal and an unreachable app, never their English (${locale})`, async () => {
      const refused = await render("order-automation-block", {
        locale,
        answers: {
          "GET /api/deliveries": { status: 401, body: { success: false, error: "Unauthorized", code: "unauthorized" } },
        },
      });
      await shown(
        refused
          .getByRole("alert")
          .getByText(
            es
              ? "Tu sesión terminó. Recarga la página para continuar."
              : "Your session ended. Reload the page to continue.",
          ),
      );
      await expectNoRawEnglish(refused);
      await screenshot(refused, `extension-block-error-${locale}`);

      const offline = await render("order-automation-block", { locale, answers: { "GET /api/deliveries": "network" } });
      await shown(
        offline.getByRole("alert").getByText(es ? /^No se pudo contactar la app/ : /^The app could not be reached/),
      );
      await expectNoRawEnglish(offline);
    });

    it(`block: an order held for the buyer, released or cancelled once confirmed (${locale})`, async () => {
      const release = es ? "Liberar ahora" : "Release now";
      const cancel = es ? "Cancelar pedido" : "Cancel order";
      const yes = es ? "Sí" : "Yes";
      const no = "No";
      const page = await render("order-automation-block", { locale, answers: EXTENSION_STATES.held() });
      // No answer yet: what the merchant reads is the wait and the hold, each with its age.
      await shown(page.getByText(es ? "Respuesta del comprador" : "Buyer's answer", { exact: true }));
      await shown(
        page.getByText(es ? "Esperando al comprador desde hace 5 horas" : "Waiting for the buyer for 5 hours", {
          exact: true,
        }),
      );
      await shown(page.getByText(es ? "Retenido desde hace 5 horas" : "On hold for 5 hours", { exact: true }));
      for (const answer of ["Confirmó", "Rechazó", "Sin respuesta", "Confirmed", "Refused", "No answer"]) {
        expect(await page.getByText(answer, { exact: true }).count()).toBe(0);
      }
      await screenshot(page, `extension-block-held-${locale}`);

      // Each button asks first; "No" goes back without sending anything.
      await page.getByRole("button", { name: cancel, exact: true }).click();
      const cancelWarning = page.getByRole("alert");
      await shown(
        cancelWarning.getByText(
          es
            ? "¿Cancelar el pedido y reponer el inventario? No se puede deshacer."
            : "Cancel the order and restock? This cannot be undone.",
          { exact: true },
        ),
      );
      expect(await page.getByRole("button", { name: release, exact: true }).count()).toBe(0);
      await screenshot(page, `extension-block-held-cancel-confirm-${locale}`);
      await cancelWarning.getByRole("button", { name: no, exact: true }).click();
      await shown(page.getByRole("button", { name: release, exact: true }));
      expect(await page.getByRole("alert").count()).toBe(0);

      await page.getByRole("button", { name: release, exact: true }).click();
      const releaseWarning = page.getByRole("status");
      await shown(
        releaseWarning.getByText(
          es
            ? "¿Liberar la retención? El pedido se podrá preparar."
            : "Release the hold? The order can then be fulfilled.",
          { exact: true },
        ),
      );
      await screenshot(page, `extension-block-held-release-confirm-${locale}`);
      expect((await requests(page)).filter((request) => request.call.startsWith("POST"))).toEqual([]);
      await releaseWarning.getByRole("button", { name: yes, exact: true }).click();

      await shown(page.getByText(es ? "Liberando…" : "Releasing…", { exact: true }));
      expect((await requests(page)).filter((request) => request.call.startsWith("POST"))).toEqual([
        { call: "POST /api/orders/hold", body: { orderId: "gid://shopify/Order/1001", action: "release" } },
      ]);
      // On its way: the hold is still shown, and neither button is offered again.
      await shown(page.getByText(es ? "Retenido desde hace 5 horas" : "On hold for 5 hours", { exact: true }));
      expect(await page.getByRole("button", { name: release, exact: true }).count()).toBe(0);
      expect(await page.getByRole("button", { name: cancel, exact: true }).count()).toBe(0);
      await screenshot(page, `extension-block-held-releasing-${locale}`);

      const cancelling = await render("order-automation-block", { locale, answers: EXTENSION_STATES.held() });
      await cancelling.getByRole("button", { name: cancel, exact: true }).click();
      await cancelling.getByRole("alert").getByRole("button", { name: yes, exact: true }).click();
      await shown(cancelling.getByText(es ? "Cancelando…" : "Cancelling…", { exact: true }));
      expect((await requests(cancelling)).filter((request) => request.call.startsWith("POST"))).toEqual([
        { call: "POST /api/orders/hold", body: { orderId: "gid://shopify/Order/1001", action: "cancel" } },
      ]);
      expect(await cancelling.getByRole("button", { name: cancel, exact: true }).count()).toBe(0);
      await expectNoRawEnglish(cancelling);
    });

    it(`block: a release refused because holds are off, in the merchant's words, cleared once it goes through (${locale})`, async () => {
      const held = EXTENSION_STATES.held();
      const holdsOff = {
        status: 409,
        body: { success: false, error: "Holds are off for this shop", code: "holds_off" },
      };
      const page = await render("order-automation-block", {
        locale,
        answers: { ...held, "POST /api/orders/hold release": [holdsOff, held["POST /api/orders/hold release"]] },
      });
      const release = page.getByRole("button", { name: es ? "Liberar ahora" : "Release now", exact: true });
      await release.click();
      await page
        .getByRole("status")
        .getByRole("button", { name: es ? "Sí" : "Yes", exact: true })
        .click();
      await shown(
        page
          .getByRole("alert")
          .getByText(
            es
              ? "La retención de envíos está desactivada en la app, así que ya no libera ni cancela pedidos. Hazlo desde este pedido o vuelve a activarla en la configuración de la app."
              : "Fulfillment holds are turned off in the app, so it no longer releases or cancels orders. Do it from this order, or turn them back on in the app's settings.",
            { exact: true },
          ),
      );
      expect(await page.locator("body").innerText()).not.toMatch(/Holds are off|Algo salió mal|Something went wrong/);
      await screenshot(page, `extension-block-held-holds-off-${locale}`);

      // Turned back on and pressed again: it goes through, and the refusal no longer stands.
      await release.click();
      await page
        .getByRole("status")
        .getByRole("button", { name: es ? "Sí" : "Yes", exact: true })
        .click();
      await shown(page.getByText(es ? "Liberando…" : "Releasing…", { exact: true }));
      expect(await page.getByRole("alert").count()).toBe(0);
      expect((await requests(page)).filter((request) => request.call.startsWith("POST")).length).toBe(2);
    });

    it(`block: a refused answer the store would not cancel, and a confirmed one released (${locale})`, async () => {
      const refused = await render("order-automation-block", { locale, answers: EXTENSION_STATES.refused() });
      await shown(refused.getByText(es ? "Rechazó" : "Refused", { exact: true }));
      await shown(
        refused.getByText(es ? "Tu tienda no aceptó cancelar el pedido" : "Your store refused to cancel the order", {
          exact: true,
        }),
      );
      // Why, in the merchant's words: never the platform's English ("INVALID: Cannot cancel ... fulfillments").
      await shown(
        refused.getByText(
          es
            ? "Motivo: el pedido ya tiene envíos preparados, así que tu tienda no deja cancelarlo. Cancela o quita esos envíos primero."
            : "Why: the order already has fulfilments in progress, so your store does not let it be cancelled. Cancel or remove them first.",
          { exact: true },
        ),
      );
      expect(await refused.locator("body").innerText()).not.toContain("INVALID");
      // The buyer answered: no wait to count, and only the cancel is offered again.
      expect(await refused.getByText(es ? /^Esperando al comprador/ : /^Waiting for the buyer/).count()).toBe(0);
      expect(await refused.getByRole("button", { name: es ? "Liberar ahora" : "Release now" }).count()).toBe(0);
      await screenshot(refused, `extension-block-refused-${locale}`);
      await refused.getByRole("button", { name: es ? "Cancelar pedido" : "Cancel order", exact: true }).click();
      await refused
        .getByRole("alert")
        .getByRole("button", { name: es ? "Sí" : "Yes", exact: true })
        .click();
      await shown(refused.getByText(es ? "Cancelando…" : "Cancelling…", { exact: true }));
      expect((await requests(refused)).filter((request) => request.call.startsWith("POST"))).toEqual([
        { call: "POST /api/orders/hold", body: { orderId: "gid://shopify/Order/1001", action: "cancel" } },
      ]);

      const confirmed = await render("order-automation-block", { locale, answers: EXTENSION_STATES.confirmed() });
      await shown(confirmed.getByText(es ? "Confirmó" : "Confirmed", { exact: true }));
      await shown(
        confirmed.getByText(
          es ? "Retención liberada: el pedido se puede preparar" : "Hold released: the order can be fulfilled",
          { exact: true },
        ),
      );
      expect(await confirmed.getByRole("button", { name: es ? "Liberar ahora" : "Release now" }).count()).toBe(0);
      expect(await confirmed.getByRole("button", { name: es ? "Cancelar pedido" : "Cancel order" }).count()).toBe(0);
      await screenshot(confirmed, `extension-block-confirmed-${locale}`);
    });

    it(`action: asks before running a delivered order's flow again, and sends it (${locale})`, async () => {
      const page = await render("order-automation-action", {
        locale,
        answers: {
          "GET /api/deliveries": story([delivery({ status: "delivered" })]),
          "POST /api/deliveries/resend": { status: 200, body: { success: true, resent: true } },
        },
      });
      await shown(page.getByText(es ? /^El flujo de este pedido ya se ejecutó\./ : /^This order's flow already ran\./));
      await screenshot(page, `extension-action-sent-${locale}`);
      await page.getByRole("button", { name: es ? "Enviar de nuevo" : "Send again", exact: true }).click();
      await shown(page.getByText(es ? /^Enviado\./ : /^Sent\./));
    });

    it(`action: an order held by a rule or waiting for the sending hours is never offered "again" (${locale})`, async () => {
      const held = await render("order-automation-action", {
        locale,
        answers: {
          "GET /api/deliveries": {
            status: 200,
            body: {
              success: true,
              orderId: "gid://shopify/Order/1001",
              paused: false,
              sendAnyway: { goes: "at_opening", opensAt: "08:00" },
              deliveries: [delivery({ status: "skipped", deliveredAt: null, lastErrorCode: "held_no_mobile" })],
            },
          },
          "POST /api/deliveries/resend": {
            status: 200,
            body: { success: true, resent: false, timing: { goes: "at_opening", opensAt: "08:00" } },
          },
        },
      });
      await shown(
        held.getByText(
          es
            ? /^Tus reglas retuvieron este pedido porque su teléfono no es un celular, así que nunca se envió a tu flujo\./
            : /^Your rules held this order because its phone is not a mobile, so it was never sent to your flow\./,
        ),
      );
      await shown(
        held.getByText(
          es
            ? "Estás fuera de tu horario de envío: se enviará a las 8:00, hora de tu tienda."
            : "You are outside your sending hours: it will be sent at 8:00, your store's time.",
        ),
      );
      await shown(held.getByText(es ? "Enviar al flujo de automatización" : "Send to the automation flow").first());
      expect(await held.getByText(es ? /de nuevo/ : /again/i).count()).toBe(0);
      await screenshot(held, `extension-action-held-${locale}`);
      await held.getByRole("button", { name: es ? "Enviar de todos modos" : "Send anyway", exact: true }).click();
      await shown(
        held.getByText(
          es ? "Se enviará a las 8:00, hora de tu tienda." : "It will be sent at 8:00, your store's time.",
        ),
      );
      expect((await requests(held)).filter((request) => request.call.startsWith("POST"))).toEqual([
        { call: "POST /api/deliveries/resend", body: { orderId: "gid://shopify/Order/1001" } },
      ]);
      expect(await held.getByText(es ? /de nuevo/ : /again/i).count()).toBe(0);

      const waiting = await render("order-automation-action", {
        locale,
        answers: {
          "GET /api/deliveries": story([
            delivery({
              status: "queued",
              attempts: 0,
              deliveredAt: null,
              lastErrorCode: "waiting_for_window",
              lastErrorParams: { opensAt: "08:00" },
            }),
          ]),
        },
      });
      await shown(
        waiting.getByText(
          es
            ? "Este pedido espera tu horario de envío: se enviará a tu flujo a las 8:00, hora de tu tienda."
            : "This order is waiting for your sending hours: it will be sent to your flow at 8:00, your store's time.",
        ),
      );
      expect(await waiting.getByText(es ? /de nuevo/ : /again/i).count()).toBe(0);
      expect(
        await waiting
          .getByRole("button", { name: es ? "Enviar al flujo" : "Send to the flow", exact: true })
          .getAttribute("aria-disabled"),
      ).toBe("true");
    });

    it(`action: nothing to send while on its way or never received, a note while paused, a refusal by code (${locale})`, async () => {
      const pending = await render("order-automation-action", {
        locale,
        answers: { "GET /api/deliveries": story([delivery({ status: "retrying" })]) },
      });
      await shown(pending.getByText(es ? /^Este pedido ya está en camino/ : /^This order is already on its way/));
      expect(
        await pending
          .getByRole("button", { name: es ? "Enviar al flujo" : "Send to the flow", exact: true })
          .getAttribute("aria-disabled"),
      ).toBe("true");

      const unknown = await render("order-automation-action", {
        locale,
        answers: { "GET /api/deliveries": story([]) },
      });
      await shown(
        unknown.getByText(es ? /^La app no tiene registro de este pedido/ : /^The app has no record of this order/),
      );

      const paused = await render("order-automation-action", {
        locale,
        answers: {
          "GET /api/deliveries": story([delivery({ status: "dead" })], true),
          "POST /api/deliveries/resend": REFUSED,
        },
      });
      await shown(paused.getByText(es ? /^La automatización está en pausa/ : /^Automation is paused/));
      // The platform never took it: a retry, not a second run of the flow.
      await paused.getByRole("button", { name: es ? "Reintentar" : "Retry", exact: true }).click();
      await shown(
        paused
          .getByRole("alert")
          .getByText(
            es
              ? "Este pedido ya llegó al flujo; no se envía dos veces."
              : "This order already reached the flow; it is not sent twice.",
          ),
      );
      await expectNoRawEnglish(paused);
      await screenshot(paused, `extension-action-paused-${locale}`);
    });
  }
});
