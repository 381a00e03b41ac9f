import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./harness/axe";
import { screenshot } from "./harness/browser";
import { seedDeliveries } from "./harness/database";
import { useAdmin } from "./harness/fixture";
import { configuredShop, withOrdersAndDeliveries } from "./harness/seed";
import { newShopFrom } from "./harness/shops";
import { shown } from "./harness/shown";

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

const BUYER = JSON.stringify({
  name: "Ana Gómez",
  phone: "300 111 2233",
  countryCode: "CO",
  city: "Bogotá",
  total: "129900.00",
  currency: "COP",
  products: [{ title: "Lámpara LED - Blanca", quantity: 2 }],
});

const attempt = (outcome: string, at: Date) =>
  ({ at: at.toISOString(), outcome, httpStatus: 200, error: null, durationMs: 270_000 }) as const;

/** Deliveries whose pages said something untrue: each kind of skip, a waiting cart, a failed flow, a replay. */
async function shopWithEveryCase() {
  const seeded = await newShopFrom("truths", withOrdersAndDeliveries(configuredShop()));
  const row = (id: string, fields: Record<string, unknown>) => ({
    id: seeded.deliveryId(id),
    eventId: `event:${randomUUID()}`,
    topic: "orders/create",
    createdAt: new Date(Date.now() - 10 * 60_000),
    ...fields,
  });
  const checkout = { topic: "checkouts/create", orderName: null, orderId: null, payload: "{}", buyer: BUYER };
  await seedDeliveries(seeded.shop, [
    row("converted", {
      ...checkout,
      status: "skipped",
      lastErrorCode: "checkout_converted",
      payload: null,
      buyer: null,
    }),
    row("waiting", { ...checkout, status: "queued", nextAttemptAt: minutesFromNow(45) }),
    row("loop", { orderName: "#1010", status: "skipped", lastErrorCode: "test_order_removed", test: true }),
    row("noflow", { orderName: "#1011", status: "skipped", lastErrorCode: "no_order_flow", payload: "{}" }),
    row("flowfailed", {
      orderName: "#1012",
      status: "flow_failed",
      flowId: "flow_nuevos",
      callbackStatus: "failed",
      callbackAt: new Date(),
      deliveredAt: new Date(),
      attemptLog: JSON.stringify([attempt("delivered", new Date())]),
      payload: "{}",
      buyer: BUYER,
    }),
    // Sent again by the merchant after two attempts: the retry policy's own count starts over.
    row("replayed", {
      orderName: "#1013",
      status: "queued",
      attempts: 0,
      replays: 1,
      nextAttemptAt: minutesFromNow(30),
      attemptLog: JSON.stringify([attempt("retryable", new Date()), attempt("refused", new Date())]),
      payload: "{}",
    }),
  ]);
  return seeded;
}

async function save(page: Page, name: string) {
  await screenshot(page, name);
}

describe("what the log and a delivery's page say is true", () => {
  const admin = useAdmin();

  for (const [locale, width] of [
    ["es", 1400],
    ["en", 1400],
    ["es", 390],
    ["en", 390],
  ] as const) {
    it(`shows the buyer and each delivery for what it is in the log (${locale}, ${width} px)`, async () => {
      const es = locale === "es";
      const seeded = await shopWithEveryCase();
      const page = await admin.open(seeded.shop, "/app/deliveries", locale, width);
      await shown(
        page
          .getByText(es ? "Carrito de Ana Gómez" : "Ana Gómez's cart")
          .filter({ visible: true })
          .first(),
      );
      // Never the raw event id of a cart, which names nothing a merchant knows.
      expect(await page.getByText(/event:/).count()).toBe(0);
      // The buyer's phone opens their WhatsApp chat; typed without the country code, the address's country gives it.
      const whatsapp = page.getByRole("link", {
        name: es ? "300 111 2233: escribir por WhatsApp a Ana Gómez" : "300 111 2233: message Ana Gómez on WhatsApp",
      });
      await shown(whatsapp.filter({ visible: true }).first());
      expect(await whatsapp.filter({ visible: true }).first().getAttribute("href")).toBe("https://wa.me/573001112233");
      await shown(page.getByText("Bogotá").filter({ visible: true }).first());
      // A cart waiting out its hour says what it waits for.
      await shown(
        page
          .getByText(
            es ? /^Espera a que el comprador termine su compra/ : /^Waiting for the buyer to finish the purchase/,
          )
          .filter({ visible: true })
          .first(),
      );
      // Only the skip the merchant fixes in Settings sends them there.
      expect(
        await page
          .getByRole("link", { name: es ? /^Revisar la configuración/ : /^Review settings/ })
          .filter({ visible: true })
          .count(),
      ).toBe(1);
      await shown(
        page
          .getByRole("link", { name: es ? "Revisar la configuración: #1011" : "Review settings: #1011" })
          .filter({ visible: true }),
      );
      if (width === 1400) {
        // Every attempt, those before the merchant's retry included: the same number as the delivery's page.
        const headers = (await page.getByRole("columnheader").allInnerTexts()).map((text) => text.trim());
        const attempts = headers.indexOf(es ? "Intentos" : "Attempts");
        expect(attempts).toBeGreaterThan(0);
        const replayed = page.getByRole("row").filter({ hasText: "#1013" });
        expect((await replayed.locator("td").nth(attempts).innerText()).trim()).toBe("2");
      }
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      await save(page, `log-${locale}-${width}`);
      expect(await seriousAxeFindings(page)).toEqual([]);

      // A search that finds nothing says so, not that the log is empty.
      await page.getByLabel(es ? "Buscar pedidos" : "Search orders").fill("zzzz");
      await shown(page.getByText(es ? "Ningún pedido coincide con «zzzz»" : "No order matches “zzzz”"));
      expect(await page.getByText(es ? /Aún no hay pedidos/ : /No orders in the flow activity yet/).count()).toBe(0);
    });

    it(`says why a delivery was not sent, and what a failed flow reported (${locale}, ${width} px)`, async () => {
      const es = locale === "es";
      const seeded = await shopWithEveryCase();
      const open = (id: string) => admin.open(seeded.shop, `/app/deliveries/${seeded.deliveryId(id)}`, locale, width);

      const converted = await open("converted");
      // Its buyer went with the cart's data once it became an order; still never an event id.
      await shown(converted.getByRole("heading", { name: es ? "Carrito sin nombre" : "Unnamed cart" }));
      await shown(converted.getByText(es ? /^El comprador terminó su compra/ : /^The buyer finished the purchase/));
      expect(await converted.getByText(es ? /Corrígelo en Configuración/ : /Fix it there/).count()).toBe(0);
      expect(
        await converted.getByRole("link", { name: es ? "Revisar la configuración" : "Review settings" }).count(),
      ).toBe(0);
      await shown(
        converted.getByText(
          es
            ? "El pedido no llegó al flujo, así que el flujo no tiene resultado que informar."
            : "The order did not reach the flow, so the flow has no result to report.",
        ),
      );
      expect(await converted.getByText(es ? /aún no ha informado/ : /has not reported/).count()).toBe(0);
      await save(converted, `delivery-converted-${locale}-${width}`);

      const loop = await open("loop");
      await shown(loop.getByText(es ? /^Pedido de la prueba del circuito/ : /^A loop test order/));
      expect(await loop.getByRole("link", { name: es ? "Revisar la configuración" : "Review settings" }).count()).toBe(
        0,
      );

      const noFlow = await open("noflow");
      await shown(noFlow.getByRole("heading", { name: es ? "Pedido #1011" : "Order #1011" }));
      await shown(
        noFlow.getByText(
          es
            ? /^Este pedido no se envió porque faltaba algo en Configuración/
            : /^This order was not sent because something was missing in Settings/,
        ),
      );
      await shown(noFlow.getByRole("link", { name: es ? "Revisar la configuración" : "Review settings" }));

      const failed = await open("flowfailed");
      await shown(failed.getByRole("heading", { name: es ? "Pedido #1012" : "Order #1012" }));
      // Not "Last error: —": the flow's own report.
      await shown(
        failed.getByText(
          es ? "Tu flujo informó que falló con este pedido" : "Your flow reported that it failed with this order",
          { exact: true },
        ),
      );
      // The buyer, with a WhatsApp link, and what they bought.
      await shown(failed.getByText(es ? "2 × Lámpara LED - Blanca" : "2 × Lámpara LED - Blanca"));
      expect(
        await failed
          .getByRole("link", {
            name: es
              ? "300 111 2233: escribir por WhatsApp a Ana Gómez"
              : "300 111 2233: message Ana Gómez on WhatsApp",
          })
          .getAttribute("href"),
      ).toBe("https://wa.me/573001112233");
      // 270 s as minutes and seconds; no event id anywhere.
      await shown(failed.getByText(es ? "Duración: 4 min 30 s" : "Duration: 4 min 30 sec").first());
      expect(await failed.getByText(/event:/).count()).toBe(0);
      expect(await failed.getByRole("table").count()).toBe(0);
      expect(
        await failed.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      await save(failed, `delivery-flow-failed-${locale}-${width}`);
      expect(await seriousAxeFindings(failed)).toEqual([]);

      const replayed = await open("replayed");
      await shown(replayed.getByRole("heading", { name: es ? "Pedido #1013" : "Order #1013" }));
      await shown(
        replayed.getByText(
          es
            ? "Tu flujo informa su resultado después de recibir el pedido."
            : "Your flow reports its result after it receives the order.",
        ),
      );
      expect(await replayed.locator("dd").nth(2).innerText()).toBe("2");
    });
  }

  for (const locale of ["es", "en"] as const) {
    it(`says when automation is paused, on the log and on home, and toasts pause and resume (${locale})`, async () => {
      const es = locale === "es";
      const seeded = await newShopFrom("paused", withOrdersAndDeliveries(configuredShop()));
      const page = await admin.open(seeded.shop, "/app/deliveries", locale, 1400);
      await page.getByRole("button", { name: es ? "Pausar la automatización" : "Pause automation" }).click();
      await page
        .getByRole("dialog", { name: es ? "¿Pausar la automatización?" : "Pause automation?" })
        .getByRole("button", { name: es ? "Pausar" : "Pause", exact: true })
        .click();
      await expect
        .poll(() => page.getByTestId("toast").textContent())
        .toBe(es ? "Automatización en pausa" : "Automation paused");
      const home = await admin.open(seeded.shop, "/app", locale, 390);
      await shown(home.getByText(es ? "La automatización está en pausa" : "Automation is paused", { exact: true }));
      await shown(home.getByRole("link", { name: es ? "Reanudar la automatización" : "Resume automation" }));
      await save(home, `home-paused-${locale}-390`);
      await page.getByRole("button", { name: es ? "Reanudar la automatización" : "Resume automation" }).click();
      await page
        .getByRole("dialog", { name: es ? "¿Reanudar la automatización?" : "Resume automation?" })
        .getByRole("button", { name: es ? "Reanudar" : "Resume", exact: true })
        .click();
      await expect
        .poll(() => page.getByTestId("toast").textContent())
        .toBe(es ? "Automatización reanudada" : "Automation resumed");
    });
  }
});
