import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { loader as adminLayout } from "~/routes/app";
import { action as orderAction } from "~/routes/api.orders.hold";
import { FULFILMENT_RETRY_DELAYS_MS } from "~/services/holds/tasks.server";
import { applyNoAnswerTimeouts } from "~/services/holds/timeouts.server";
import { shopLanguage } from "~/services/shops/language.server";
import { storeShopTimeZone } from "~/services/shops/time-zone.server";
import { adminRequest, formBody } from "../../helpers/requests";
import { answer, FO, heldShop, ORDER, platform, routed, run } from "./held-shop";

/** The merchant opens the app in the admin, which names its language (`?locale=`). */
async function openApp(shop: string, tag: string | null) {
  // The zone is known already: the layout asks the platform for nothing.
  await storeShopTimeZone(shop, "America/Bogota");
  const path = tag ? `/app?locale=${tag}` : "/app";
  await adminLayout({ request: await adminRequest(path, shop), params: {}, context: {} });
}

async function cancelFromApp(shop: string) {
  const request = await adminRequest("/api/orders/hold", shop, formBody({ orderId: ORDER.id, action: "cancel" }));
  expect((await orderAction({ request, params: {}, context: {} })).status).toBe(200);
  await run();
}

const NOTES = {
  es: {
    hold: "Esperando la confirmación del comprador",
    refused: "Cancelado por la app: el comprador rechazó el pedido.",
    noAnswer: "Cancelado por la app: el comprador no confirmó el pedido a tiempo.",
    merchant: "Cancelado desde la app de automatización de pedidos.",
  },
  en: {
    hold: "Waiting for the buyer's confirmation",
    refused: "Cancelled by the app: the buyer refused the order.",
    noAnswer: "Cancelled by the app: the buyer did not confirm the order in time.",
    merchant: "Cancelled from the order automation app.",
  },
};

describe("the notes the app leaves on an order for the shop's staff", () => {
  for (const [tag, language] of [
    ["es-CO", "es"],
    ["en-US", "en"],
  ] as const) {
    it(`are in the merchant's language: ${tag} gives the hold's and a refused order's cancel's in ${language}`, async () => {
      const { shop, apiKey } = await heldShop({ onRefused: "cancel" });
      await openApp(shop, tag);
      const fake = platform(shop);
      await routed(shop);
      await run();
      await answer(apiKey, "cancelado");
      await run();
      expect(fake.named("FulfillmentOrderHold")[0].variables).toMatchObject({
        id: FO,
        reasonNotes: NOTES[language].hold,
      });
      expect(fake.named("HeldOrderCancel")[0].variables.staffNote).toBe(NOTES[language].refused);
    });

    it(`word the merchant's cancel from the app in ${language}`, async () => {
      const { shop } = await heldShop();
      await openApp(shop, tag);
      const fake = platform(shop);
      await cancelFromApp(shop);
      expect(fake.named("HeldOrderCancel")[0].variables.staffNote).toBe(NOTES[language].merchant);
    });
  }

  it("word a cancel after no answer in the shop's language", async () => {
    const { shop } = await heldShop({ noAnswerHours: 1, onNoAnswer: "cancel" });
    await openApp(shop, "en");
    const fake = platform(shop);
    await routed(shop);
    await run();
    const late = new Date(Date.now() + 2 * 3_600_000);
    expect(await applyNoAnswerTimeouts(late)).toBe(1);
    await run(late);
    expect(fake.named("HeldOrderCancel")[0].variables.staffNote).toBe(NOTES.en.noAnswer);
  });

  it("follow the language the merchant last opened the app in, Spanish before the first visit and kept without a locale", async () => {
    const { shop } = await heldShop();
    expect(await shopLanguage(shop)).toBe("es");
    await openApp(shop, "en-GB");
    expect(await shopLanguage(shop)).toBe("en");
    // Client-side visits carry no locale: the language stays.
    await openApp(shop, null);
    expect(await shopLanguage(shop)).toBe("en");
    await openApp(shop, "es-MX");
    expect(await shopLanguage(shop)).toBe("es");
    // A language the app does not speak is read as English, as the pages do.
    await openApp(shop, "pt-BR");
    expect(await shopLanguage(shop)).toBe("en");
  });

  it("still read as the app's own when the merchant changed language after a cancel whose answer was lost", async () => {
    const { shop, apiKey } = await heldShop({ onRefused: "cancel" });
    await openApp(shop, "en");
    const fake = platform(shop, { loseAnswers: ["HeldOrderCancel"] });
    await routed(shop);
    await run();
    await answer(apiKey, "cancelado");
    await run();
    expect(fake.order.cancelledAt).not.toBeNull();
    await openApp(shop, "es");
    await run(new Date(Date.now() + FULFILMENT_RETRY_DELAYS_MS[0] + 1_000));
    expect(fake.named("HeldOrderCancel")).toHaveLength(1);
    expect(await prisma.fulfilmentTask.findFirstOrThrow({ where: { shop, kind: "cancel" } })).toMatchObject({
      status: "done",
    });
  });
});
