import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { FOLLOW_SCOPES } from "~/services/journey/settings.server";
import { seriousAxeFindings } from "./harness/axe";
import { screenshot } from "./harness/browser";
import { browserDatabase, seedDeliveries } from "./harness/database";
import { useAdmin } from "./harness/fixture";
import { configuredShop } from "./harness/seed";
import { newShopFrom } from "./harness/shops";
import { shown } from "./harness/shown";
import { TEST_ENV } from "../helpers/test-env";

// Times in UTC; the pages print them in the shop's zone, Bogotá (UTC-5): 14:00 UTC is 9:00 there.
const at = (iso: string) => new Date(`2026-11-${iso}:00Z`);

type Step = { step: string; position: number; stage: string; status: string; doneAt?: Date; note?: string };

/**
 * Four orders whose parcels moved and what the app did to them in the store: #5001 delivered (fulfilled with its
 * guide by Coordinadora, events, paid), #5002 returned (cancelled and restocked), #5003 whose fulfilment the store
 * refused, #5004 shipped with no step yet. The shop has no answer rules. `follow`: whether the shop follows the parcel in the store.
 */
async function shopWithStoreActions(follow: boolean) {
  const seeded = await newShopFrom("shown", configuredShop());
  const { shop } = seeded;
  const db = browserDatabase();
  await db.shopTimeZone.create({ data: { shop, timeZone: "America/Bogota", fetchedAt: new Date() } });
  await db.supplierJourneySettings.create({ data: { shop, followInStore: follow } });
  await db.session.updateMany({ where: { shop }, data: { scope: [TEST_ENV.SCOPES, ...FOLLOW_SCOPES].join(",") } });
  const names = ["5001", "5002", "5003", "5004"];
  await seedDeliveries(
    shop,
    names.map((name, i) => ({
      id: seeded.deliveryId(name),
      eventId: `event:${randomUUID()}`,
      topic: "orders/create",
      orderName: `#${name}`,
      orderId: `gid://shopify/Order/9${name}`,
      status: "delivered",
      attempts: 1,
      deliveredAt: at(`24T1${i}:00`),
      createdAt: at(`24T1${i}:00`),
    })),
  );
  async function parcel(name: string, stage: string, events: [string, string, string][], steps: Step[]) {
    const supplierOrderId = `SO-${name}`;
    const last = events.at(-1)!;
    await db.supplierOrder.create({
      data: {
        shop,
        supplierOrderId,
        orderId: `gid://shopify/Order/9${name}`,
        orderName: `#${name}`,
        guide: `24001${name}`,
        carrier: "COORDINADORA",
        stage,
        rawStatus: last[0],
        stageSince: at(last[2]),
      },
    });
    for (const [rawStatus, eventStage, time] of events) {
      await db.supplierStatusEvent.create({
        data: {
          shop,
          supplierOrderId,
          rawStatus,
          dedupeKey: `${rawStatus}:${time}`,
          stage: eventStage,
          reportedAt: at(time),
          receivedAt: at(time),
          source: "push",
          appliedAt: at(time),
        },
      });
    }
    if (!follow) return;
    for (const step of steps) {
      await db.journeyStep.create({
        data: { shop, supplierOrderId, orderId: `gid://shopify/Order/9${name}`, happenedAt: step.doneAt, ...step },
      });
    }
  }
  await parcel(
    "5001",
    "delivered",
    [
      ["GUIA GENERADA", "label_created", "24T14:00"],
      ["EN TRANSITO", "in_transit", "24T20:00"],
      ["ENTREGADO", "delivered", "25T15:30"],
    ],
    [
      { step: "fulfil", position: 10, stage: "label_created", status: "done", doneAt: at("24T14:01") },
      { step: "event:in_transit", position: 30, stage: "in_transit", status: "done", doneAt: at("24T20:01") },
      { step: "event:delivered", position: 60, stage: "delivered", status: "done", doneAt: at("25T15:31") },
      { step: "paid", position: 65, stage: "delivered", status: "done", doneAt: at("25T15:32") },
    ],
  );
  await parcel(
    "5002",
    "returned",
    [
      ["GUIA GENERADA", "label_created", "24T14:00"],
      ["DEVOLUCION", "returning", "25T12:00"],
      ["DEVUELTO", "returned", "26T16:00"],
    ],
    [
      { step: "fulfil", position: 10, stage: "label_created", status: "done", doneAt: at("24T14:01") },
      { step: "event:returning", position: 70, stage: "returning", status: "done", doneAt: at("25T12:01") },
      {
        step: "end",
        position: 80,
        stage: "returned",
        status: "done",
        doneAt: at("26T16:01"),
        note: "restocked by the cancel",
      },
    ],
  );
  await parcel(
    "5003",
    "label_created",
    [["GUIA GENERADA", "label_created", "26T09:00"]],
    [{ step: "fulfil", position: 10, stage: "label_created", status: "given_up", note: undefined }],
  );
  // Shipped before following was turned on: no step yet, the store catches up at its next status.
  await parcel("5004", "in_transit", [["EN TRANSITO", "in_transit", "26T10:00"]], []);
  if (follow) {
    await db.journeyStep.updateMany({
      where: { shop, step: "fulfil", status: "given_up" },
      data: { lastProblem: "the platform refused: Fulfillment order is not open", attempts: 1 },
    });
  }
  return seeded;
}

const WORDS = {
  es: {
    column: "Lo que hizo la app",
    paid: "Marcado como pagado",
    cancelled: "Pedido cancelado",
    refused: "Tu tienda no lo aceptó: preparar con la guía",
    refusedWhy: "Tu tienda no aceptó el cambio.",
    fulfilled: "Preparado con la guía 240015001 de Coordinadora",
    restocked: "Existencias repuestas.",
    noRules: "Sin reglas de respuesta",
    noRulesLink: "Configurar reglas de respuesta",
    noRulesTitle: "Aún no se registra lo que responde cada comprador",
    noRulesHelp: "La respuesta del comprador se registra cuando configuras las reglas de respuesta.",
    card: "Paquete",
    storeActions: "Lo que hizo la app en tu tienda",
    catchUp: "Nada todavía: la tienda se pone al día con este paquete en su próximo estado.",
    stage: /^Entregado, desde 25 nov 2026, 10:30$/,
    followOff: "Tu tienda no se está actualizando con este paquete",
    followLink: "Activa seguir el paquete en Configuración",
  },
  en: {
    column: "What the app did",
    paid: "Marked as paid",
    cancelled: "Order cancelled",
    refused: "Your store did not accept it: fulfil with tracking",
    refusedWhy: "Your store did not accept the change.",
    fulfilled: "Fulfilled with tracking 240015001 by Coordinadora",
    restocked: "Stock put back.",
    noRules: "No answer rules",
    noRulesLink: "Set answer rules",
    noRulesTitle: "Buyers' answers are not recorded yet",
    noRulesHelp: "The buyer's answer is recorded once you set answer rules.",
    card: "Parcel",
    storeActions: "What the app did in your store",
    catchUp: "Nothing yet: the store catches up with this parcel at its next status.",
    stage: /^Delivered, since Nov 25, 2026, 10:30\sAM$/,
    followOff: "Your store is not being updated with this parcel",
    followLink: "Turn on following the parcel in Settings",
  },
};

const VIEWS = [
  ["es", 1400],
  ["es", 390],
  ["en", 1400],
  ["en", 390],
] as const;

describe("what the app did to the store order because of the parcel, where the merchant looks", () => {
  const admin = useAdmin();

  for (const [locale, width] of VIEWS) {
    it(`the log's column says it, and the filter finds it (${locale}, ${width} px)`, async () => {
      const w = WORDS[locale];
      const seeded = await shopWithStoreActions(true);
      const page = await admin.open(seeded.shop, "/app/deliveries", locale, width);
      const rows = page.locator("tr, li").filter({ visible: true });
      const row = (name: string) => rows.filter({ hasText: `#${name}` }).first();
      const action = (name: string) => row(name).locator("[data-store-action]");
      await expect.poll(() => action("5001").getAttribute("data-store-action")).toBe("paid:done");
      expect(await action("5001").innerText()).toContain(w.paid);
      // Times in the shop's zone: paid at 15:32 UTC is 10:32 in Bogotá.
      expect(await action("5001").innerText()).toContain("10:32");
      expect(await action("5002").innerText()).toContain(w.cancelled);
      expect(await action("5002").innerText()).toContain(w.restocked);
      // A refusal comes first: the merchant has something to do.
      expect(await action("5003").getAttribute("data-store-action")).toBe("fulfilled:given_up");
      expect(await action("5003").innerText()).toContain(w.refused);
      expect(await action("5003").innerText()).toContain(w.refusedWhy);
      // No answer rules: each row's answer says so, and the banner above them says once where to set them.
      const noRules = row("5001").locator('[data-answer="no_rules"]');
      expect(await noRules.innerText()).toContain(w.noRules);
      expect(await noRules.getByRole("link").count()).toBe(0);
      const banner = page.getByRole("status").filter({ hasText: w.noRulesTitle });
      expect(await banner.getByRole("link", { name: w.noRulesLink }).getAttribute("href")).toContain(
        "/app/settings#answers",
      );
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      await screenshot(page, `journey-shown-log-${locale}-${width}`);
      expect(await seriousAxeFindings(page)).toEqual([]);

      // The filter: the orders the app marked paid, then those the store refused a step of.
      await page.getByLabel(w.column, { exact: true }).selectOption("paid");
      await expect.poll(() => new URL(page.url()).searchParams.get("appAction")).toBe("paid");
      await expect.poll(() => rows.filter({ hasText: /#500\d/ }).count()).toBe(1);
      await shown(row("5001"));
      await page.getByLabel(w.column, { exact: true }).selectOption("problem");
      await expect
        .poll(() =>
          rows
            .filter({ hasText: /#500\d/ })
            .first()
            .innerText(),
        )
        .toContain("#5003");
      expect(await rows.filter({ hasText: /#500\d/ }).count()).toBe(1);
    });

    it(`the order's parcel card: guide, carrier, stage, journey and each store action with its time (${locale}, ${width} px)`, async () => {
      const w = WORDS[locale];
      const es = locale === "es";
      const seeded = await shopWithStoreActions(true);
      const page = await admin.open(seeded.shop, `/app/deliveries/${seeded.deliveryId("5001")}`, locale, width);
      const card = page.getByTestId("parcel-card");
      await shown(card.getByRole("heading", { name: w.card, exact: true }));
      expect(await card.innerText()).toContain("240015001");
      expect(await card.innerText()).toContain("COORDINADORA");
      expect(await card.locator("[data-parcel-stage]").innerText()).toMatch(w.stage);
      // The journey in the shop's zone: label at 9:00, in transit at 15:00, delivered at 10:30 the next day.
      const timeline = await card.getByTestId("parcel-timeline").locator("li").allInnerTexts();
      expect(timeline).toHaveLength(3);
      expect(timeline[0]).toMatch(
        es ? /Guía generada[\s\S]*24 nov 2026, 9:00/ : /Label created[\s\S]*Nov 24, 2026, 9:00/,
      );
      expect(timeline[2]).toMatch(/10:30/);
      const actions = card.getByTestId("parcel-store-actions").locator("li");
      expect(await actions.count()).toBe(4);
      expect(await actions.nth(0).innerText()).toContain(w.fulfilled);
      expect(await actions.nth(0).innerText()).toContain("9:01");
      expect(await actions.nth(0).innerText()).toContain("automation-shipped");
      expect(await actions.nth(2).innerText()).toContain("automation-delivered");
      expect(await actions.nth(3).innerText()).toContain(w.paid);
      expect(await page.getByTestId("parcel-follow-off").count()).toBe(0);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      // The answer's place says why there is none, and where to set the rules.
      const noRules = page.locator('dl [data-answer="no_rules"]');
      expect(await noRules.innerText()).toContain(w.noRulesHelp);
      expect(await noRules.getByRole("link", { name: w.noRulesLink }).getAttribute("href")).toContain(
        "/app/settings#answers",
      );
      await screenshot(page, `journey-detail-${locale}-${width}`);
      expect(await seriousAxeFindings(page)).toEqual([]);

      // A parcel that shipped before following was on: nothing done yet, and when the store catches up.
      const early = await admin.open(seeded.shop, `/app/deliveries/${seeded.deliveryId("5004")}`, locale, width);
      await shown(early.getByTestId("parcel-card").getByText(w.catchUp));
    });

    it(`says the store is not being updated, and where to turn it on, when following is off (${locale}, ${width} px)`, async () => {
      const w = WORDS[locale];
      const seeded = await shopWithStoreActions(false);
      const page = await admin.open(seeded.shop, `/app/deliveries/${seeded.deliveryId("5001")}`, locale, width);
      const notice = page.getByTestId("parcel-follow-off");
      await shown(notice.getByText(w.followOff, { exact: false }));
      expect(await notice.getByRole("link", { name: w.followLink }).getAttribute("href")).toContain(
        "/app/settings#follow-in-store",
      );
      // The journey is still shown; nothing is listed as done in the store.
      expect(await page.getByTestId("parcel-timeline").locator("li").count()).toBe(3);
      expect(await page.getByTestId("parcel-store-actions").count()).toBe(0);
      expect(await page.getByRole("heading", { name: w.storeActions }).count()).toBe(0);
      await screenshot(page, `journey-detail-follow-off-${locale}-${width}`);
      expect(await seriousAxeFindings(page)).toEqual([]);
    });
  }
});
