import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { buyerSummaryText } from "~/services/deliveries/buyer-summary.server";
import { seriousAxeFindings } from "./harness/axe";
import { SCREENSHOT_DIR } from "./harness/browser";
import { browserDatabase, seedDeliveries } from "./harness/database";
import { useAdmin } from "./harness/fixture";
import { configuredShop } from "./harness/seed";
import { newShopFrom } from "./harness/shops";
import { shown } from "./harness/shown";

/**
 * "Send anyway" on an order the shop's rules held, as a Colombian merchant reads it (docs/decisions/282): the
 * confirmation names the rule and says the buyer gets the WhatsApp confirmation, and when it goes by the shop's
 * sending hours (in Bogotá's clock); the toast says what happened, never "again"; the order is taken once.
 * Kept with the gallery's screenshots (test-results/screenshots/gallery/).
 */
const GALLERY = path.join(SCREENSHOT_DIR, "gallery");

const WORDS = {
  es: {
    button: "Enviar de todos modos",
    title: "¿Enviar el pedido #5003 a tu flujo?",
    reason: "El teléfono parece fijo",
    buyer:
      "Tus reglas lo retuvieron por eso. Si lo envías, el comprador recibirá por WhatsApp el mensaje de confirmación de tu flujo, aunque es posible que WhatsApp no llegue a ese número.",
    now: "Se envía a tu flujo en cuanto confirmes.",
    later: (time: string) =>
      `Estás fuera de tu horario de envío: se enviará a las ${time}, hora de tu tienda, cuando empiece.`,
    confirmNow: "Enviar ahora",
    confirmLater: (time: string) => `Enviar a las ${time}`,
    toastNow: "Pedido enviado al flujo",
    toastLater: (time: string) => `Se enviará a las ${time}`,
    again: /de nuevo|otra vez/i,
    elsewhere:
      /ya no está retenido por tus reglas, quizá porque ya lo enviaste desde otra pestaña: esta vez no se envió nada/,
  },
  en: {
    button: "Send anyway",
    title: "Send order #5003 to your flow?",
    reason: "The phone looks like a landline",
    buyer:
      "Your rules held it for that reason. If you send it, the buyer will get your flow's WhatsApp confirmation message, though WhatsApp may not reach that number.",
    now: "It goes to your flow as soon as you confirm.",
    later: (time: string) =>
      `You are outside your sending hours: it will be sent at ${time}, your shop's time, when they open.`,
    confirmNow: "Send now",
    confirmLater: (time: string) => `Send at ${time}`,
    toastNow: "Order sent to the flow",
    toastLater: (time: string) => `It will be sent at ${time}`,
    again: /\bagain\b/i,
    elsewhere:
      /no longer held by your rules, perhaps because you already sent it from another tab: nothing was sent this time/,
  },
} as const;

const COMBINATIONS = [
  ["es", 1400],
  ["en", 1400],
  ["es", 390],
  ["en", 390],
] as const;

/** The hour on Bogotá's clock `hours` from now (UTC-5 all year). */
const bogotaHour = (hours: number) => (new Date(Date.now() - 5 * 3_600_000).getUTCHours() + hours + 24) % 24;
const hhmm = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/**
 * A Bogotá shop holding orders without a usable mobile, with sending hours open now (`inside`) or opening three
 * hours from now, and #5003 held: its buyer gave a Bogotá landline.
 */
let shops = 0;

async function heldOrderShop(inside: boolean) {
  const seeded = await newShopFrom("send-anyway", configuredShop());
  const { shop } = seeded;
  const db = browserDatabase();
  await db.shopTimeZone.create({ data: { shop, timeZone: "America/Bogota", fetchedAt: new Date() } });
  const [from, to] = inside ? [bogotaHour(-1), bogotaHour(2)] : [bogotaHour(3), bogotaHour(4)];
  await db.orderRules.create({
    data: { shop, noPhoneAction: "hold", sendingHoursOn: true, sendingHoursFrom: hhmm(from), sendingHoursTo: hhmm(to) },
  });
  const id = seeded.deliveryId("5003");
  // The platform's order ids are unique across the test's shops.
  const orderNumber = Date.now() * 10 + (++shops % 10);
  const order = {
    id: orderNumber,
    admin_graphql_api_id: `gid://shopify/Order/${orderNumber}`,
    name: "#5003",
    phone: null,
    total_price: "89900.00",
    currency: "COP",
    customer: { id: 7001, first_name: "Ana", last_name: "Gómez", phone: null },
    shipping_address: {
      first_name: "Ana",
      address1: "Calle 10 # 5-20",
      city: "Bogotá",
      country_code: "CO",
      phone: "601 234 5678",
    },
    line_items: [{ id: 1, title: "Faja moldeadora", quantity: 1, price: "89900.00", variant_id: 11 }],
  };
  await seedDeliveries(shop, [
    {
      id,
      eventId: `event:send-anyway-${id}`,
      topic: "orders/create",
      resourceId: String(orderNumber),
      orderName: "#5003",
      orderId: `gid://shopify/Order/${orderNumber}`,
      flowId: "flow_nuevos",
      status: "skipped",
      lastErrorCode: "held_no_mobile",
      lastError: "Held: the buyer's phone is no usable mobile number",
      payload: JSON.stringify(order),
      buyer: buyerSummaryText(order),
      createdAt: new Date(Date.now() - 10 * 60_000),
    },
  ]);
  return { shop, id, opensAt: `${from}:00` };
}

async function keep(page: Page, name: string) {
  mkdirSync(GALLERY, { recursive: true });
  await page.screenshot({ path: path.join(GALLERY, `${name}.png`), fullPage: true, animations: "disabled" });
}

/** The page's POSTs of "send anyway", counted as they leave the browser. */
function countSends(page: Page) {
  const sent = { count: 0 };
  page.on("request", (request) => {
    if (request.method() === "POST" && (request.postData() ?? "").includes("intent=sendAnyway")) sent.count++;
  });
  return sent;
}

const deliveryRow = (id: string) => browserDatabase().delivery.findUniqueOrThrow({ where: { id } });

describe("sending an order held by the shop's rules anyway", () => {
  const admin = useAdmin();

  for (const [locale, width] of COMBINATIONS) {
    it(`inside the sending hours: asks, names the rule, sends it once and says so (${locale}, ${width} px)`, async () => {
      const w = WORDS[locale];
      const held = await heldOrderShop(true);
      const page = await admin.open(held.shop, `/app/deliveries/${held.id}`, locale, width);
      const sends = countSends(page);
      await page.getByRole("button", { name: w.button }).click();
      const dialog = page.getByRole("dialog", { name: w.title });
      await shown(dialog.getByText(w.reason, { exact: true }));
      await shown(dialog.getByText(w.buyer, { exact: true }));
      await shown(dialog.getByText(w.now, { exact: true }));
      expect(await dialog.innerText()).not.toMatch(w.again);
      // Asked, not done.
      expect((await deliveryRow(held.id)).status).toBe("skipped");
      await keep(page, `send-anyway-inside-${locale}-${width}`);
      expect(await seriousAxeFindings(page)).toEqual([]);

      // A double click on the confirmation sends one request, and the order is taken once.
      await dialog.getByRole("button", { name: w.confirmNow }).dblclick();
      await expect.poll(() => page.getByTestId("toast").last().textContent()).toBe(w.toastNow);
      expect(sends.count).toBe(1);
      expect(await page.getByTestId("toasts").innerText()).not.toMatch(w.again);
      const row = await deliveryRow(held.id);
      expect(row.replays).toBe(1);
      expect(row.lastErrorCode).not.toBe("waiting_for_window");
      await keep(page, `send-anyway-inside-sent-${locale}-${width}`);
    });

    it(`outside the sending hours: says it goes at the opening on the shop's clock, and a second tab sends nothing (${locale}, ${width} px)`, async () => {
      const w = WORDS[locale];
      const held = await heldOrderShop(false);
      const page = await admin.open(held.shop, `/app/deliveries/${held.id}`, locale, width);
      const other = await admin.open(held.shop, `/app/deliveries/${held.id}`, locale, width);
      await page.getByRole("button", { name: w.button }).click();
      const dialog = page.getByRole("dialog", { name: w.title });
      await shown(dialog.getByText(w.reason, { exact: true }));
      await shown(dialog.getByText(w.later(held.opensAt), { exact: true }));
      expect(await dialog.innerText()).not.toMatch(w.again);
      await keep(page, `send-anyway-outside-${locale}-${width}`);
      expect(await seriousAxeFindings(page)).toEqual([]);

      await dialog.getByRole("button", { name: w.confirmLater(held.opensAt) }).click();
      await expect.poll(() => page.getByTestId("toast").last().textContent()).toBe(w.toastLater(held.opensAt));
      const row = await deliveryRow(held.id);
      expect(row).toMatchObject({ status: "queued", replays: 1, lastErrorCode: "waiting_for_window" });
      // At the opening, over two hours away (three hours on the clock's hour, minus the minutes past it).
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 2 * 3_600_000 - 60_000);
      await keep(page, `send-anyway-outside-sent-${locale}-${width}`);

      // The other tab still shows the order held: its confirmation is refused and says why; nothing is queued twice.
      await other.getByRole("button", { name: w.button }).click();
      const second = other.getByRole("dialog", { name: w.title });
      await second.getByRole("button", { name: w.confirmLater(held.opensAt) }).click();
      await shown(other.getByText(w.elsewhere));
      expect(await other.getByTestId("toast").count()).toBe(0);
      expect((await deliveryRow(held.id)).replays).toBe(1);
      await keep(other, `send-anyway-second-tab-${locale}-${width}`);
    });
  }
});
