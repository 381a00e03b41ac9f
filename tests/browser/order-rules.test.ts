import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./harness/axe";
import { screenshot } from "./harness/browser";
import { browserDatabase, seedDeliveries } from "./harness/database";
import { useAdmin } from "./harness/fixture";
import { configuredShop } from "./harness/seed";
import { newShopFrom } from "./harness/shops";
import { shown } from "./harness/shown";

const WIDTH = 390;

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** An order as its webhook stored it: the buyer typed a Colombian mobile without its country code. */
const orderBody = (name: string) =>
  JSON.stringify({
    id: Number(name.slice(1)) + 8_880_000,
    name,
    shipping_address: { first_name: "Ana", city: "Bogotá", country_code: "CO", phone: "300 123 4567" },
    line_items: [{ title: "Lámpara LED", quantity: 1, price: "59900.00" }],
  });

const WORDS = {
  es: {
    noPhone: "Pedido sin un celular válido",
    hold: "Retenerlo y etiquetarlo automation-no-phone para tu equipo",
    window: "Posibles duplicados: minutos entre pedidos iguales",
    duplicateAction: "Un posible duplicado",
    holdDuplicate: "Retenerlo para que tu equipo lo revise",
    hours: "Enviar pedidos solo en un horario",
    from: "Desde",
    to: "Hasta",
    save: "Guardar reglas",
    saved: "Reglas guardadas",
    goesOut: "Sale a las 8:00",
    normalised: "Internacional: +573001234567",
    duplicate: "Posible duplicado de #1001",
  },
  en: {
    noPhone: "Order without a valid mobile",
    hold: "Hold it and tag it automation-no-phone for your team",
    window: "Possible duplicates: minutes between identical orders",
    duplicateAction: "A possible duplicate",
    holdDuplicate: "Hold it for your team to review",
    hours: "Send orders only within set hours",
    from: "From",
    to: "Until",
    save: "Save rules",
    saved: "Rules saved",
    goesOut: "Goes out at 8:00",
    normalised: "International: +573001234567",
    duplicate: "Possible duplicate of #1001",
  },
} as const;

describe("order rules: the settings card and what the log shows of them", () => {
  const admin = useAdmin();

  for (const locale of ["es", "en"] as const) {
    const words = WORDS[locale];

    it(`saves the phone rule, the duplicate window and the sending hours (${locale}, ${WIDTH} px)`, async () => {
      const seeded = await newShopFrom(`rules-${locale}`, configuredShop());
      const page = await admin.open(seeded.shop, "/app/settings", locale, WIDTH);
      const noPhone = page.getByLabel(words.noPhone);
      await shown(noPhone);
      await noPhone.selectOption({ label: words.hold });
      await page.getByLabel(words.window).fill("45");
      await page.getByLabel(words.duplicateAction).selectOption({ label: words.holdDuplicate });
      await page.getByLabel(words.hours).check({ force: true });
      await page.getByLabel(words.from, { exact: true }).fill("08:00");
      await page.getByLabel(words.to, { exact: true }).fill("21:30");
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await page.getByRole("button", { name: words.save }).click();
      await shown(page.getByText(words.saved).first());

      expect(await browserDatabase().orderRules.findUniqueOrThrow({ where: { shop: seeded.shop } })).toMatchObject({
        noPhoneAction: "hold",
        duplicateWindowMinutes: 45,
        duplicateAction: "hold",
        sendingHoursOn: true,
        sendingHoursFrom: "08:00",
        sendingHoursTo: "21:30",
      });
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousAxeFindings(page)).toEqual([]);
      await screenshot(page, `order-rules-settings-${locale}-${WIDTH}`);
    });

    it(`shows the normalised phone, the duplicate mark and when a waiting order goes out (${locale}, ${WIDTH} px)`, async () => {
      const seeded = await newShopFrom(`rules-log-${locale}`, configuredShop());
      const waiting = `dl_${randomUUID()}`;
      const duplicate = `dl_${randomUUID()}`;
      const order = (id: string, name: string, fields: Record<string, unknown>) => ({
        id,
        eventId: `event:${randomUUID()}`,
        topic: "orders/create",
        orderName: name,
        orderId: `gid://shopify/Order/${Number(name.slice(1)) + 8_880_000}`,
        resourceId: `${seeded.shop}-${name}`,
        payload: orderBody(name),
        createdAt: new Date(Date.now() - 5 * 60_000),
        ...fields,
      });
      await seedDeliveries(seeded.shop, [
        order(waiting, "#1003", {
          status: "queued",
          nextAttemptAt: new Date(Date.now() + 8 * 3_600_000),
          lastErrorCode: "waiting_for_window",
          lastErrorParams: JSON.stringify({ opensAt: "08:00" }),
        }),
        order(duplicate, "#1002", {
          status: "delivered",
          deliveredAt: new Date(),
          attempts: 1,
          attemptLog: JSON.stringify([
            { at: new Date().toISOString(), outcome: "delivered", httpStatus: 200, error: null, durationMs: 240 },
          ]),
        }),
      ]);
      await browserDatabase().orderFlag.create({
        data: { shop: seeded.shop, deliveryId: duplicate, kind: "possible_duplicate", reason: "#1001" },
      });

      const log = await admin.open(seeded.shop, "/app/deliveries", locale, WIDTH);
      await shown(log.getByText(words.goesOut).filter({ visible: true }).first());
      expect(await overflow(log)).toBeLessThanOrEqual(0);
      await screenshot(log, `order-rules-log-${locale}-${WIDTH}`);

      const detail = await admin.open(seeded.shop, `/app/deliveries/${duplicate}`, locale, WIDTH);
      await shown(detail.getByText(words.normalised).first());
      // The mark, then the earlier order by its name (a link when the app has that order's delivery).
      const [mark, earlier] = words.duplicate.split(/ (?=#)/);
      await shown(detail.getByText(mark, { exact: true }).first());
      await shown(detail.getByText(earlier, { exact: true }).first());
      expect(await overflow(detail)).toBeLessThanOrEqual(0);
      expect(await seriousAxeFindings(detail)).toEqual([]);
      await screenshot(detail, `order-rules-delivery-${locale}-${WIDTH}`);

      const waitingPage = await admin.open(seeded.shop, `/app/deliveries/${waiting}`, locale, WIDTH);
      await shown(waitingPage.getByText(words.goesOut).first());
      expect(await overflow(waitingPage)).toBeLessThanOrEqual(0);
    });
  }
});
