import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./harness/axe";
import { screenshot } from "./harness/browser";
import { browserDatabase, seedDeliveries } from "./harness/database";
import { useAdmin } from "./harness/fixture";
import { configuredShop } from "./harness/seed";
import { newShopFrom } from "./harness/shops";
import { shown } from "./harness/shown";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/**
 * A cart that became order #3001 (its checkout token is the order's), a cart whose order the app never saw, and
 * three orders sent to the flow: one the buyer confirmed, one refused, one still waiting for an answer.
 */
async function shopWithBuyers() {
  const seeded = await newShopFrom("buyers", configuredShop());
  const shop = seeded.shop;
  const id = seeded.deliveryId;
  const order = (name: string, fields: Record<string, unknown>) => ({
    id: id(name),
    eventId: `event:${randomUUID()}`,
    topic: "orders/create",
    orderName: `#${name}`,
    orderId: `gid://shopify/Order/7${name}`,
    status: "delivered",
    attempts: 1,
    deliveredAt: minutesAgo(30),
    createdAt: minutesAgo(31),
    ...fields,
  });
  const cart = (name: string, checkoutToken: string) => ({
    id: id(name),
    eventId: `event:${randomUUID()}`,
    topic: "checkouts/create",
    orderName: null,
    orderId: null,
    status: "skipped",
    lastErrorCode: "checkout_converted",
    lastError: "An order was placed for this checkout",
    checkoutToken,
    createdAt: minutesAgo(90),
  });
  const token = `tok-${randomUUID()}`;
  await seedDeliveries(shop, [
    cart("cart", token),
    cart("lost-cart", `tok-${randomUUID()}`),
    order("3001", { checkoutToken: token }),
    order("3002", {}),
    order("3003", {}),
  ]);
  await browserDatabase().answerRuleSet.create({
    data: {
      shop,
      rules: JSON.stringify([
        { answer: "confirmed", status: "confirmed" },
        { answer: "refused", status: "cancelled" },
      ]),
    },
  });
  const answered = (name: string, answer: string) => ({
    shop,
    orderId: `gid://shopify/Order/7${name}`,
    orderName: `#${name}`,
    deliveryId: id(name),
    answer,
    answeredAt: minutesAgo(10),
    waitingSince: minutesAgo(30),
    callbackStatus: answer === "confirmed" ? "confirmed" : "cancelled",
  });
  await browserDatabase().orderAnswer.createMany({
    data: [answered("3001", "confirmed"), answered("3002", "refused")],
  });
  return seeded;
}

describe("the buyer in the log and on a delivery's page", () => {
  const admin = useAdmin();

  for (const [locale, width] of [
    ["es", 1400],
    ["en", 390],
  ] as const) {
    it(`names the order a cart became, and shows each buyer's answer (${locale}, ${width} px)`, async () => {
      const es = locale === "es";
      const seeded = await shopWithBuyers();
      const page = await admin.open(seeded.shop, "/app/deliveries", locale, width);
      const visible = (text: string | RegExp) => page.getByText(text).filter({ visible: true }).first();

      // The converted cart by the order it became, linked to that order; never an event id.
      const became = page
        .getByRole("link", { name: es ? "Carrito convertido en el pedido #3001" : "Cart that became order #3001" })
        .filter({ visible: true });
      await shown(became);
      expect(await became.getAttribute("href")).toBe("shopify://admin/orders/73001");
      expect(await page.getByText(/event:/).count()).toBe(0);
      // A cart whose order the app never received keeps its plain name.
      await shown(visible(es ? "Carrito sin nombre" : "Unnamed cart"));

      // Each buyer's answer, in the buyer's own row: confirmed, refused, and the one still waiting since it was sent.
      // A table row at desktop widths; a list item of the stacked list on a phone.
      const rows = page.locator("tr, li").filter({ visible: true });
      const row = (name: string) =>
        rows.filter({ hasText: `#${name}`, hasNotText: es ? "Carrito convertido" : "Cart that became" }).first();
      const answer = (name: string) => row(name).locator("[data-answer]");
      await expect.poll(() => answer("3001").getAttribute("data-answer")).toBe("confirmed");
      expect(await answer("3001").innerText()).toContain(es ? "Confirmó" : "Confirmed");
      expect(await answer("3002").getAttribute("data-answer")).toBe("refused");
      expect(await answer("3002").innerText()).toContain(es ? "Rechazó" : "Refused");
      expect(await answer("3003").getAttribute("data-answer")).toBe("waiting");
      expect(await answer("3003").innerText()).toMatch(
        es ? /Esperando respuesta\s*desde / : /Waiting for an answer\s*since /,
      );
      // A cart waits for no answer.
      expect(
        await rows
          .filter({ hasText: es ? /Carrito convertido|Carrito sin nombre/ : /Cart that became|Unnamed cart/ })
          .locator("[data-answer]")
          .count(),
      ).toBe(0);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      await screenshot(page, `log-buyer-answers-${locale}-${width}`);
      expect(await seriousAxeFindings(page)).toEqual([]);

      // The cart's own page is titled by the order it became, and says the buyer finished the purchase.
      const cart = await admin.open(seeded.shop, `/app/deliveries/${seeded.deliveryId("cart")}`, locale, width);
      await shown(
        cart.getByRole("heading", {
          name: es ? "Carrito convertido en el pedido #3001" : "Cart that became order #3001",
        }),
      );
      await shown(cart.getByText(es ? /^El comprador terminó su compra/ : /^The buyer finished the purchase/));
      // Its order row is that order, linked to it.
      expect(await cart.locator("dl").getByRole("link", { name: "#3001", exact: true }).getAttribute("href")).toBe(
        "shopify://admin/orders/73001",
      );
      await screenshot(cart, `delivery-cart-became-${locale}-${width}`);

      // An order's page says the buyer's answer and when.
      const confirmed = await admin.open(seeded.shop, `/app/deliveries/${seeded.deliveryId("3001")}`, locale, width);
      const summary = confirmed.locator("dl");
      await shown(summary.getByText(es ? "Respuesta del comprador" : "Buyer's answer"));
      await expect.poll(() => summary.locator("[data-answer]").getAttribute("data-answer")).toBe("confirmed");
      await screenshot(confirmed, `delivery-answer-${locale}-${width}`);
      expect(await seriousAxeFindings(confirmed)).toEqual([]);
      const waiting = await admin.open(seeded.shop, `/app/deliveries/${seeded.deliveryId("3003")}`, locale, width);
      await expect
        .poll(() => waiting.locator("dl [data-answer]").innerText())
        .toMatch(es ? /Esperando respuesta\s*desde / : /Waiting for an answer\s*since /);
    });
  }
});
