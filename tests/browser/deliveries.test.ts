import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./harness/axe";
import { screenshot } from "./harness/browser";
import { useAdmin } from "./harness/fixture";
import { browserDatabase } from "./harness/database";
import { configuredShop, withOrdersAndDeliveries } from "./harness/seed";
import { newShopFrom } from "./harness/shops";
import { shown } from "./harness/shown";

describe("deliveries", () => {
  const admin = useAdmin();

  for (const locale of ["es", "en"] as const) {
    it(`filters the log to failed deliveries and retries a dead one, through the loader and action (${locale})`, async () => {
      const es = locale === "es";
      const api = withOrdersAndDeliveries(configuredShop());
      const seeded = await newShopFrom("deliveries", api);
      const page = await admin.open(seeded.shop, "/app/deliveries", locale);
      // The first HTML already holds the log: no skeleton, no request for it from the browser.
      const table = page.getByRole("table");
      await table.getByText("#1004").waitFor();
      // A dead delivery offers a retry, a waiting one is sent now; a delivered one offers neither.
      expect(await page.getByRole("button", { name: es ? /^Reintentar: / : /^Retry: / }).count()).toBe(1);
      await shown(page.getByRole("button", { name: es ? "Enviar ahora: #1003" : "Send now: #1003" }));
      // The order opens in the store's admin: the platform's id of the order the webhook brought.
      const stored = await browserDatabase().delivery.findUniqueOrThrow({ where: { id: seeded.deliveryId("d_1004") } });
      expect(await table.getByRole("link", { name: "#1004", exact: true }).getAttribute("href")).toBe(
        `shopify://admin/orders/${stored.orderId!.split("/").at(-1)}`,
      );
      await screenshot(page, `deliveries-${locale}`);

      await page.getByLabel(es ? "Estado" : "Status").selectOption("dead");
      await expect.poll(() => table.getByText("#1004").count()).toBe(0);
      expect(new URL(page.url()).searchParams.get("status")).toBe("dead");
      // Why it failed in the merchant's language, not the server's English sentence (docs/decisions/130).
      const why = es
        ? "La plataforma de automatización no aceptó el pedido (HTTP 422)"
        : "The automation platform did not accept the order (HTTP 422)";
      await shown(table.getByText(why));
      if (es) expect(await page.getByText(/Automation platform answered/).count()).toBe(0);

      await page.getByRole("button", { name: es ? "Reintentar: #1002" : "Retry: #1002" }).click();
      await expect
        .poll(() => page.getByTestId("toast").textContent())
        .toBe(es ? "En cola para enviarse de nuevo" : "Queued to be sent again");
      // What the action stored: the dead delivery queued again as a replay with fresh attempts.
      await expect
        .poll(() => browserDatabase().delivery.findUnique({ where: { id: seeded.deliveryId("d_1002") } }))
        .toMatchObject({ status: "queued", attempts: 0, replays: 1, lastErrorCode: null });
      // Requeued, it leaves the list of dead deliveries (the action's answer reloads the loader).
      // An empty filter says so, and offers the way back (not "orders appear here when they arrive").
      const emptyFilter = es ? "No hay pedidos con el estado «Sin enviar»" : "No orders with the status “Not sent”";
      await expect.poll(() => page.getByText(emptyFilter).isVisible()).toBe(true);
      await page.getByRole("button", { name: es ? "Ver todos" : "Show all" }).click();
      await expect.poll(() => table.getByText("#1004").isVisible()).toBe(true);
    });
  }

  for (const [locale, width] of [
    ["en", 1400],
    ["es", 390],
  ] as const) {
    it(`shows a delivery's attempts, callback and order summary, and retries it from there (${locale}, ${width} px)`, async () => {
      const es = locale === "es";
      const api = withOrdersAndDeliveries(configuredShop());
      const seeded = await newShopFrom("delivery", api);
      const id = seeded.deliveryId("d_1002");
      const page = await admin.open(seeded.shop, `/app/deliveries/${id}`, locale, width);
      const heading = es ? "Pedido #1002" : "Order #1002";
      await expect.poll(() => page.getByRole("heading", { name: heading }).isVisible()).toBe(true);
      // Titled by its order in the first HTML: the loader has it (docs/decisions/132).
      expect(await page.title()).toBe(`${heading} · ${es ? "Automatización de pedidos" : "Order automation"}`);
      await shown(
        page
          .getByText(es ? "Sin enviar" : "Not sent", { exact: true })
          .filter({ visible: true })
          .first(),
      );
      // The flow by its name, from the shop's account at the automation platform (the simulator).
      await shown(page.getByText("Confirmación de pedido COD", { exact: true }).filter({ visible: true }).first());
      // Every attempt a list item at every width: no table to scroll sideways inside its card.
      expect(await page.getByRole("table").count()).toBe(0);
      const why = es
        ? "La plataforma de automatización no aceptó el pedido (HTTP 422)"
        : "The automation platform did not accept the order (HTTP 422)";
      // The platform's own words only as a detail under the message, on the summary and on every attempt (counted
      // where shown: the attempts' other layout holds the same copy, display: none; docs/decisions/147).
      expect(await page.getByText(why).filter({ visible: true }).count()).toBe(9);
      expect(
        await page
          .getByText(
            es
              ? "Tu plataforma de automatización respondió: «Flow is paused»"
              : "Your automation platform answered: “Flow is paused”",
          )
          .filter({ visible: true })
          .count(),
      ).toBe(9);
      // The order as the webhook brought it (the platform's order #1002).
      const stored = JSON.parse((await browserDatabase().delivery.findUniqueOrThrow({ where: { id } })).payload!) as {
        total_price: string;
      };
      const total = Math.round(Number(stored.total_price)).toLocaleString(es ? "es-CO" : "en-US");
      await shown(page.getByText(new RegExp(`^Total: .*${total.replace(/\./g, "\\.")}`)));
      await screenshot(page, `delivery-detail-${locale}-${width}`);
      expect(await seriousAxeFindings(page)).toEqual([]);

      await page.getByRole("button", { name: es ? "Reintentar" : "Retry", exact: true }).click();
      await expect
        .poll(() => page.getByTestId("toast").textContent())
        .toBe(es ? "En cola para enviarse de nuevo" : "Queued to be sent again");
      await expect
        .poll(() => browserDatabase().delivery.findUnique({ where: { id } }))
        .toMatchObject({ status: "queued", attempts: 0, replays: 1 });
      // The loader ran again after the write: the page shows the stored state.
      await expect.poll(() => page.getByText(es ? "En cola" : "Queued", { exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: es ? "Reintentar" : "Retry", exact: true }).count()).toBe(0);
    });
  }

  it("fits every row action, whole and on screen, in Spanish from 390 to 1400 px", async () => {
    const api = withOrdersAndDeliveries(configuredShop());
    const seeded = await newShopFrom("row-actions", api);
    const page = await admin.open(seeded.shop, "/app/deliveries", "es", 1024);
    // 1024 px is below the large breakpoint: the rows are stacked, there is no table to wait for (docs/decisions/147).
    await page.getByRole("button", { name: "Enviar ahora: #1003" }).waitFor();
    // 1024 and 1280 px cut "Enviar ahora" and "Reintentar" short once; the others guard the breakpoints.
    for (const width of [1024, 1280, 390, 768, 1100, 1400]) {
      await page.setViewportSize({ width, height: 900 });
      // The layout follows the width (phone rows stack): wait until the send-now button is laid out again.
      const sendNow = page.getByRole("button", { name: "Enviar ahora: #1003" });
      await sendNow.waitFor();
      const problems = await page.evaluate((viewport) => {
        const found: string[] = [];
        // The table's rows and the stacked ones; the hidden layout's buttons have no box and are skipped.
        for (const row of document.querySelectorAll("table tbody tr, [data-layout=stacked] li")) {
          for (const button of row.querySelectorAll<HTMLElement>("button, a.Polaris-Button")) {
            const box = button.getBoundingClientRect();
            if (box.width === 0) continue;
            const label = button.getAttribute("aria-label") ?? button.textContent;
            // Cut short: the button or any part of its label is wider than the space it has.
            for (const part of [button, ...button.querySelectorAll<HTMLElement>("*")]) {
              if (part.scrollWidth > part.clientWidth) found.push(`cut: ${label}`);
            }
            if (box.left < 0 || box.right > viewport) found.push(`off screen (${Math.round(box.right)}): ${label}`);
            // Hidden by a box that clips it (the table's own scroller, the card): seen whole or not at all.
            for (let parent = button.parentElement; parent; parent = parent.parentElement) {
              if (getComputedStyle(parent).overflowX === "visible") continue;
              const clip = parent.getBoundingClientRect();
              if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) {
                found.push(`clipped (${Math.round(box.right)} > ${Math.round(clip.right)}): ${label}`);
                break;
              }
            }
          }
        }
        return [...new Set(found)];
      }, width);
      await screenshot(page, `deliveries-es-actions-${width}`);
      expect(problems, `${width} px`).toEqual([]);
    }
  });

  it("words a refused retry by its code, from the action's answer", async () => {
    const api = withOrdersAndDeliveries(configuredShop());
    const seeded = await newShopFrom("erased", api);
    const id = seeded.deliveryId("d_1002");
    // A privacy request erased the order data after the page was opened: the action refuses the replay (409).
    const page = await admin.open(seeded.shop, `/app/deliveries/${id}`, "es");
    await page.getByRole("heading", { name: "Pedido #1002" }).waitFor();
    await browserDatabase().delivery.update({ where: { id }, data: { payload: null } });
    await page.getByRole("button", { name: "Reintentar", exact: true }).click();
    await expect
      .poll(() =>
        page.getByText("Los datos del pedido ya no se conservan, así que no se puede enviar de nuevo.").isVisible(),
      )
      .toBe(true);
    expect(await page.getByText(/cannot be sent again/).count()).toBe(0);
    expect((await browserDatabase().delivery.findUniqueOrThrow({ where: { id } })).status).toBe("dead");
  });

  it("words a missing delivery in the merchant's language, not the server's sentence", async () => {
    const seeded = await newShopFrom("missing", configuredShop());
    const page = await admin.open(seeded.shop, "/app/deliveries/d_missing", "es");
    await expect.poll(() => page.getByText("Este elemento ya no existe. Recarga la página.").isVisible()).toBe(true);
    expect(await page.getByText("Delivery not found").count()).toBe(0);
    expect(await page.title()).toBe("Actividad del flujo · Automatización de pedidos");
  });
});
